import { DRAFT_KEYS_CLEARED_ON_LOAD } from '@dwellscape/shared/constants';

/*
 * Storage keys without schemas: what the gate's inline script needs at every load (features/gate/static), kept
 * free of zod so that script stays small. lib/storage.ts reads and writes values through these.
 */

export type StorageArea = 'local' | 'session';

// storage can be missing or throw (privacy modes, full quota); the app must keep working without it
export function storageOf(area: StorageArea): Storage | null {
  try {
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function removeStoredKeys(area: StorageArea, keys: readonly string[]): void {
  const storage = storageOf(area);
  if (!storage) return;
  for (const key of keys) safely(() => storage.removeItem(key), undefined);
}

/** docs/product.md §4: every load of the app shell starts without the previous create-flow drafts. */
export function clearDraftKeys(): void {
  removeStoredKeys('local', DRAFT_KEYS_CLEARED_ON_LOAD);
  removeStoredKeys('session', DRAFT_KEYS_CLEARED_ON_LOAD);
}

export function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}
