import { z } from 'zod/mini';
import type { PersistStorage } from 'zustand/middleware';

import { removeStoredKeys, safely, storageOf, type StorageArea } from './storage-keys';

export { clearDraftKeys, removeStoredKeys, type StorageArea } from './storage-keys';

/** Reads a JSON value and checks it against a schema; anything unreadable counts as absent. */
export function readStoredJson<T>(area: StorageArea, key: string, schema: z.core.$ZodType<T>): T | null {
  const raw = safely(() => storageOf(area)?.getItem(key) ?? null, null);
  if (raw === null) return null;
  try {
    const parsed = z.safeParse(schema, JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Returns false when the browser refused to store the value. */
export function writeStoredJson(area: StorageArea, key: string, value: unknown): boolean {
  return safely(() => {
    const storage = storageOf(area);
    if (!storage) return false;
    storage.setItem(key, JSON.stringify(value));
    return true;
  }, false);
}

/**
 * A zustand `persist` storage that keeps the state as the plain JSON it has always been stored as (zustand's own
 * `createJSONStorage` wraps it in `{ state, version }`, which would lose every stored preference and cart). Reading
 * checks the value against `schema`; an absent or unreadable value reads as `empty`, so a re-read after the key was
 * cleared empties the store instead of keeping what it held.
 */
export function plainJsonStorage<State, Stored>(
  area: StorageArea,
  schema: z.core.$ZodType<Stored>,
  {
    empty,
    toState,
    toStored,
  }: { empty: State; toState: (stored: Stored) => State; toStored: (state: State) => Stored },
): PersistStorage<State> {
  return {
    getItem: (key) => {
      const stored = readStoredJson(area, key, schema);
      return { state: stored === null ? empty : toState(stored), version: 0 };
    },
    setItem: (key, { state }) => void writeStoredJson(area, key, toStored(state)),
    removeItem: (key) => removeStoredKeys(area, [key]),
  };
}
