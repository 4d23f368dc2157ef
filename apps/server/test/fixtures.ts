import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { AppDatabase } from '../src/db/client';
import { designs, users } from '../src/db/schema';
import type { FileStorage } from '../src/storage/file-storage';

/** Rows and files for the designs tests, made directly so the tests do not depend on the sample world. */

type NewUser = typeof users.$inferInsert;
type NewDesign = typeof designs.$inferInsert;

let tinyWebp: Promise<Buffer> | null = null;

/** Stores a real (tiny) WebP image and returns its /media/ URL. */
export async function putImage(storage: FileStorage, key = `test/${randomUUID()}.webp`): Promise<string> {
  tinyWebp ??= sharp({ create: { width: 4, height: 3, channels: 3, background: '#7a9e7e' } })
    .webp()
    .toBuffer();
  await storage.put(key, await tinyWebp);
  return storage.urlFor(key);
}

export async function insertUser(
  db: AppDatabase,
  overrides: Partial<NewUser> = {},
): Promise<typeof users.$inferSelect> {
  const id = overrides.id ?? `user-${randomUUID().slice(0, 8)}`;
  const [row] = await db
    .insert(users)
    .values({
      id,
      username: id,
      displayName: `Display ${id}`,
      avatarUrl: `/media/test/${id}.webp`,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function insertDesign(
  db: AppDatabase,
  fields: Partial<NewDesign> & { userId: string; afterImageUrl: string },
): Promise<typeof designs.$inferSelect> {
  const id = fields.id ?? randomUUID();
  const [row] = await db
    .insert(designs)
    .values({ id, title: `Design ${id.slice(0, 8)}`, mode: 'interior', ...fields })
    .returning();
  return row!;
}
