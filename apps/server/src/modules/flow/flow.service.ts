import type { Mode, Question, Space, Template } from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import { findQuestionsOfMode, findSpacesOfMode, findTemplatesOfMode } from './flow.repository';

/** The style quiz of step 2, in the order it is asked. */
export function listQuestions(db: AppDatabase, mode: Mode): Promise<Question[]> {
  return findQuestionsOfMode(db, mode);
}

export function listTemplates(db: AppDatabase, mode: Mode): Promise<Template[]> {
  return findTemplatesOfMode(db, mode);
}

/** The preset spaces of step 3. */
export function listSpaces(db: AppDatabase, mode: Mode): Promise<Space[]> {
  return findSpacesOfMode(db, mode);
}
