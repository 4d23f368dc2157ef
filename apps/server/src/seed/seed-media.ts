import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SampleArt } from '@dwellscape/sample-art';
import type { FileStorage } from '../storage/file-storage';

/**
 * Puts every picture of the built sample art that storage lacks into it (a copy of the file, under the same key).
 * Returns how many were copied: all of them on a fresh DATA_DIR, none once they are there.
 */
export async function placeSampleArt(storage: FileStorage, art: SampleArt, concurrency = 8): Promise<number> {
  const present = await Promise.all(art.files.map((f) => storage.exists(f.key)));
  const missing = art.files.filter((_, i) => !present[i]);
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, missing.length) }, async () => {
    while (next < missing.length) {
      const { key } = missing[next++]!;
      await storage.put(key, await readFile(path.join(art.dir, key)));
    }
  });
  await Promise.all(workers);
  return missing.length;
}
