import { EMPTY_SPACE_ID_SUFFIX, type Mode, type Question, type Space, type Template } from '@dwellscape/shared';
import { emptySpaceUrls } from '@dwellscape/sample-art';
import type { AppDatabase } from '../../db/client';
import { findQuestionsOfMode, findSpacesOfMode, findTemplatesOfMode } from './flow.repository';

/** The style quiz of step 2, in the order it is asked. */
export function listQuestions(db: AppDatabase, mode: Mode): Promise<Question[]> {
  return findQuestionsOfMode(db, mode);
}

export function listTemplates(db: AppDatabase, mode: Mode): Promise<Template[]> {
  return findTemplatesOfMode(db, mode);
}

/**
 * The preset spaces of step 3: each seeded space as it is, then each again empty (the same room or yard with none of
 * its pieces, `empty: true`, its id the furnished one's with EMPTY_SPACE_ID_SUFFIX), for a design that starts from
 * nothing. The empty pictures are the seed's own (@dwellscape/sample-art), stored beside the furnished ones.
 */
export async function listSpaces(db: AppDatabase, mode: Mode, urlOf: (key: string) => string): Promise<Space[]> {
  const furnished = await findSpacesOfMode(db, mode);
  const empty = furnished.flatMap((space): Space[] => {
    const urls = emptySpaceUrls(space.imageUrl, urlOf);
    return urls ? [{ ...space, ...urls, id: `${space.id}${EMPTY_SPACE_ID_SUFFIX}`, empty: true }] : [];
  });
  return [...furnished, ...empty];
}
