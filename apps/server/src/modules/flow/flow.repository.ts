import { asc, eq } from 'drizzle-orm';
import type { Mode, Question, Space, Template } from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import { quizQuestions, spaces, templates } from '../../db/schema';

export async function findQuestionsOfMode(db: AppDatabase, mode: Mode): Promise<Question[]> {
  const rows = await db
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.mode, mode))
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.id));
  return rows.map((r) => ({ id: r.id, questionText: r.questionText, type: r.type, options: r.options, mode: r.mode }));
}

export async function findTemplatesOfMode(db: AppDatabase, mode: Mode): Promise<Template[]> {
  const rows = await db
    .select()
    .from(templates)
    .where(eq(templates.mode, mode))
    .orderBy(asc(templates.position), asc(templates.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    thumbnailUrl: r.thumbnailUrl,
    imageUrl: r.imageUrl,
    // the column is free text; the seed writes only docs/product.md §3's categories and the response schema checks them
    category: r.category as Template['category'],
    mode: r.mode,
  }));
}

export async function findSpacesOfMode(db: AppDatabase, mode: Mode): Promise<Space[]> {
  const rows = await db
    .select()
    .from(spaces)
    .where(eq(spaces.mode, mode))
    .orderBy(asc(spaces.position), asc(spaces.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    category: r.category,
    tags: r.tags,
    thumbnailUrl: r.thumbnailUrl,
    imageUrl: r.imageUrl,
    mode: r.mode,
  }));
}
