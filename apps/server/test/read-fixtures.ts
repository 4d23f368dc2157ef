import type { AppDatabase } from '../src/db/client';
import { brands, designs, notifications, products, quizQuestions, spaces, templates, users } from '../src/db/schema';

/** Rows for the read-API tests, inserted directly so the tests do not depend on the sample world. */

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];
type WithId<T> = Partial<T> & { id: string };

export async function insertUser(db: AppDatabase, row: WithId<Insert<typeof users>>) {
  const values: Insert<typeof users> = {
    username: row.id,
    displayName: `Display ${row.id}`,
    avatarUrl: `/media/test/${row.id}.webp`,
    ...row,
  };
  await db.insert(users).values(values);
  return values;
}

export async function insertBrand(db: AppDatabase, row: WithId<Insert<typeof brands>>) {
  const values: Insert<typeof brands> = {
    name: `Brand ${row.id}`,
    logoUrl: `/media/test/brand-${row.id}.webp`,
    category: 'Furniture',
    modes: ['interior'],
    ...row,
  };
  await db.insert(brands).values(values);
  return values;
}

export async function insertProduct(db: AppDatabase, row: WithId<Insert<typeof products>> & { brandId: string }) {
  const values: Insert<typeof products> = {
    name: `Product ${row.id}`,
    price: 100,
    imageUrl: `/media/test/product-${row.id}.webp`,
    category: 'Seating',
    mode: 'interior',
    ...row,
  };
  await db.insert(products).values(values);
  return values;
}

export async function insertDesign(db: AppDatabase, row: WithId<Insert<typeof designs>> & { userId: string }) {
  const values: Insert<typeof designs> = {
    title: `Design ${row.id}`,
    afterImageUrl: `/media/test/design-${row.id}.webp`,
    mode: 'interior',
    ...row,
  };
  await db.insert(designs).values(values);
  return values;
}

export async function insertQuestion(db: AppDatabase, row: WithId<Insert<typeof quizQuestions>> & { position: number }) {
  const values: Insert<typeof quizQuestions> = {
    questionText: `Question ${row.id}?`,
    type: 'buttons',
    options: ['One', 'Two'],
    mode: 'interior',
    ...row,
  };
  await db.insert(quizQuestions).values(values);
  return values;
}

export async function insertTemplate(db: AppDatabase, row: WithId<Insert<typeof templates>> & { position: number }) {
  const values: Insert<typeof templates> = {
    name: `Template ${row.id}`,
    thumbnailUrl: `/media/test/template-${row.id}-thumb.webp`,
    imageUrl: `/media/test/template-${row.id}.webp`,
    category: 'Living Room',
    mode: 'interior',
    ...row,
  };
  await db.insert(templates).values(values);
  return values;
}

export async function insertSpace(db: AppDatabase, row: WithId<Insert<typeof spaces>> & { position: number }) {
  const values: Insert<typeof spaces> = {
    name: `Space ${row.id}`,
    category: 'Living Room',
    tags: [],
    thumbnailUrl: `/media/test/space-${row.id}-thumb.webp`,
    imageUrl: `/media/test/space-${row.id}.webp`,
    mode: 'interior',
    ...row,
  };
  await db.insert(spaces).values(values);
  return values;
}

export async function insertNotification(
  db: AppDatabase,
  row: WithId<Insert<typeof notifications>> & { userId: string; type: Insert<typeof notifications>['type'] },
) {
  const values: Insert<typeof notifications> = { message: `Notification ${row.id}`, ...row };
  await db.insert(notifications).values(values);
  return values;
}

/** A fixed clock for created_at, so ordering assertions do not depend on insert timing. */
export const minutesAgo = (minutes: number, now = Date.now()) => new Date(now - minutes * 60_000);
