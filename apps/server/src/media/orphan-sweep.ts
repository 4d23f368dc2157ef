import { RESPONSIVE_IMAGE_WIDTHS } from '@dwellscape/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../db/client';
import type { FileStorage } from '../storage/file-storage';
import { findRecordedKeys } from './media-files.repository';
import { variantKeyOf } from './responsive-images';

/** The folders of files that a person's upload or render made: each original has a media_files row. */
const SWEPT_FOLDERS = ['uploads/', 'renders/'] as const;

/**
 * How old a file without a row must be before it is taken for an orphan. A file is written before its row
 * (stored-media.ts), so a young file may be one whose row is a moment away; an hour is far past any upload.
 */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/** How often each instance sweeps; any number may sweep at once (deleting twice is deleting once). */
export const ORPHAN_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

const BATCH = 500;

export interface SweepOptions {
  db: AppDatabase;
  storage: FileStorage;
  /** Files younger than this stay (ms); ORPHAN_GRACE_MS unless a test asks otherwise. */
  graceMs?: number;
  now?: Date;
  signal?: AbortSignal;
}

export interface SweepResult {
  /** Files looked at: originals and responsive sizes in the swept folders. */
  checked: number;
  /** Keys deleted from storage. */
  deleted: string[];
}

/**
 * Deletes the stored uploads and renders that no media_files row names, and the responsive sizes of them:
 * what a process left when it died between writing a file and its row, a half-written temporary file on
 * disk, or sizes made of a file that was forgotten since. Works the same on disk and in a bucket (a listing).
 */
export async function sweepOrphanMedia(options: SweepOptions): Promise<SweepResult> {
  const { db, storage, signal } = options;
  const cutoff = (options.now ?? new Date()).getTime() - (options.graceMs ?? ORPHAN_GRACE_MS);
  // originals, then the sizes made of them (w/<width>/<original>)
  const listings = [
    ...SWEPT_FOLDERS.map((folder) => ({ prefix: folder, sizeFolder: '' })),
    ...RESPONSIVE_IMAGE_WIDTHS.flatMap((width) =>
      SWEPT_FOLDERS.map((folder) => ({ prefix: variantKeyOf(folder, width), sizeFolder: variantKeyOf('', width) })),
    ),
  ];
  const result: SweepResult = { checked: 0, deleted: [] };
  let batch: { key: string; original: string }[] = [];

  const deleteAll = async (keys: string[]) => {
    await Promise.all(keys.map((key) => storage.delete(key)));
    result.deleted.push(...keys);
  };
  const settle = async () => {
    const recorded = await findRecordedKeys(
      db,
      batch.map((entry) => entry.original),
    );
    await deleteAll(batch.filter((entry) => !recorded.has(entry.original)).map((entry) => entry.key));
    batch = [];
  };

  for (const { prefix, sizeFolder } of listings) {
    for await (const file of storage.list(prefix)) {
      if (signal?.aborted) return result;
      if (file.lastModified.getTime() > cutoff) continue;
      result.checked++;
      // a disk put's temporary file (<key>.<uuid>.tmp) left by a crash never becomes a file of its own
      if (file.key.endsWith('.tmp')) await deleteAll([file.key]);
      else batch.push({ key: file.key, original: file.key.slice(sizeFolder.length) });
      if (batch.length >= BATCH) await settle();
    }
  }
  if (batch.length > 0) await settle();
  return result;
}

/** Sweeps after start-up and every ORPHAN_SWEEP_INTERVAL_MS; a failed sweep is logged and the next one tries again. */
export function startOrphanSweeps(options: {
  db: AppDatabase;
  storage: FileStorage;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  firstDelayMs?: number;
}): { stop(): Promise<void> } {
  const abort = new AbortController();
  let running: Promise<void> | null = null;
  const sweep = () => {
    running ??= sweepOrphanMedia({ db: options.db, storage: options.storage, signal: abort.signal })
      .then(({ checked, deleted }) => {
        if (deleted.length > 0) options.log.info(`Swept ${deleted.length} orphan files of ${checked} checked`);
      })
      .catch((err: unknown) => options.log.error({ err }, 'orphan file sweep failed'))
      .finally(() => (running = null));
  };
  const first = setTimeout(sweep, options.firstDelayMs ?? 60_000);
  const every = setInterval(sweep, ORPHAN_SWEEP_INTERVAL_MS);
  first.unref();
  every.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(every);
      abort.abort();
      await running;
    },
  };
}
