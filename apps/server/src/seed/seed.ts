import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../db/client';
import type { FileStorage } from '../storage/file-storage';

export interface SeedOptions {
  db: AppDatabase;
  storage: FileStorage;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /**
   * A directory of already-rendered seed illustrations to reuse (tests share one);
   * when absent they are rendered into the storage under seed/ if missing.
   */
  seedMediaDir?: string;
}

// scaffold: replaced by the sample world
export async function seedSampleWorld(_options: SeedOptions): Promise<void> {}
