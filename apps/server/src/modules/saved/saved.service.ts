import type { DesignPageResponse, SaveResponse } from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import { notFound } from '../../errors';
import type { Viewer } from '../../types';
import { designPageOf, readPageCursor, type DesignPageInput } from '../designs/design-pages';
import { addSave, findSavedKeys, removeSave } from './saved.repository';

/** Idempotent: saving a saved design changes nothing. */
export async function saveDesign(db: AppDatabase, accountId: string, designId: string): Promise<SaveResponse> {
  if (!(await addSave(db, accountId, designId))) throw notFound('Design');
  return { saved: true };
}

/** Idempotent: unsaving a design that is not saved changes nothing. */
export async function unsaveDesign(db: AppDatabase, accountId: string, designId: string): Promise<SaveResponse> {
  if (!(await removeSave(db, accountId, designId))) throw notFound('Design');
  return { saved: false };
}

/** The 'Saved' tab: the account's saved designs, the most recently saved first. */
export async function listSavedDesigns(
  db: AppDatabase,
  viewer: Viewer & { accountId: string },
  query: DesignPageInput,
): Promise<DesignPageResponse> {
  const after = readPageCursor(query.cursor);
  const rows = await findSavedKeys(db, { accountId: viewer.accountId, after, limit: query.limit + 1 });
  return designPageOf(db, rows, query.limit, viewer);
}
