import type { Design, Mode } from '@dwellscape/shared';
import type { AppDatabase } from '../db/client';
import { findPublicDesignsPublishedAfter } from './live.repository';

/** What a live-feed client that last saw `afterId` missed: the public designs of `mode` after it, oldest first. */
export const missedDesigns = (db: AppDatabase, mode: Mode, afterId: string, limit: number): Promise<Design[]> =>
  findPublicDesignsPublishedAfter(db, { mode, afterId, limit });
