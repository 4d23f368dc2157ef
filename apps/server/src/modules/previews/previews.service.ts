import { idSchema } from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import type { FileStorage } from '../../storage/file-storage';
import { ensurePreviewPicture, previewByline, previewVersion } from './preview-picture';
import { findPreviewFacts } from './previews.repository';

/** What a link's page tags say of a public design (docs/decisions/0048), or null for an unknown or hidden one. */
export interface LinkPreview {
  id: string;
  title: string;
  byline: string;
  /** Names the preview picture's drawing, so a crawler fetches it again after an edit. */
  version: string;
}

export async function findLinkPreview(db: AppDatabase, id: string): Promise<LinkPreview | null> {
  if (!idSchema.safeParse(id).success) return null;
  const facts = await findPreviewFacts(db, id);
  if (!facts) return null;
  return { id: facts.id, title: facts.title, byline: previewByline(facts), version: previewVersion(facts) };
}

/** A public design's 1200×630 preview picture, drawn and stored on first request; null when there is none to show. */
export async function readPreviewPicture(
  deps: { db: AppDatabase; storage: FileStorage },
  id: string,
): Promise<Buffer | null> {
  const facts = await findPreviewFacts(deps.db, id);
  if (!facts) return null;
  const key = await ensurePreviewPicture(deps.storage, facts);
  return deps.storage.read(key);
}
