import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { apiPaths, uploadResponseSchema, type Mode, type SessionResponse } from '@dwellscape/shared';
import type { AppDatabase } from '../src/db/client';
import {
  brands,
  designs,
  mediaFiles,
  notifications,
  products,
  quizQuestions,
  sessions,
  spaces,
  templates,
  users,
} from '../src/db/schema';
import { hashSessionToken } from '../src/modules/gate/gate.service';
import { DESIGN_PUBLISHED_CHANNEL } from '../src/realtime/realtime';
import type { FileStorage } from '../src/storage/file-storage';
import type { AppInstance } from '../src/types';
import { filePart, makeJpeg, multipartBody } from './media-fixtures';

/** Rows and files made directly, so tests do not depend on the sample world. */

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];
type WithId<T> = Partial<T> & { id: string };

/** Stores an image and returns its /media/ URL. */
export async function storeImage(
  storage: FileStorage,
  bytes: Buffer,
  key = `test/${randomUUID()}.webp`,
): Promise<string> {
  await storage.put(key, bytes);
  return storage.urlFor(key);
}

/**
 * Stores an image as a sample picture, recorded in media_files the way the seed records its pictures: anyone may
 * render with it (decision 0023). Returns its /media/ URL.
 */
export async function storeSeedImage(
  t: { app: AppInstance; database: { db: AppDatabase } },
  bytes: Buffer,
  key: string,
): Promise<string> {
  const url = await storeImage(t.app.storage, bytes, key);
  const { width = 1, height = 1, format = 'webp' } = await sharp(bytes).metadata();
  await t.database.db
    .insert(mediaFiles)
    .values({ key, contentType: `image/${format}`, width, height, bytes: bytes.length, kind: 'seed' });
  return url;
}

let tinyWebp: Promise<Buffer> | null = null;

/** Stores a real (tiny) WebP image and returns its /media/ URL. */
export async function putImage(storage: FileStorage, key?: string): Promise<string> {
  tinyWebp ??= sharp({ create: { width: 4, height: 3, channels: 3, background: '#7a9e7e' } })
    .webp()
    .toBuffer();
  return storeImage(storage, await tinyWebp, key);
}

/**
 * Uploads a small JPEG through POST /api/uploads as the session behind `cookie`: the file is that
 * viewer's (and its account's), so it may be published (decision 0023).
 */
export async function uploadImage(app: AppInstance, cookie: string, colour = '#7a9e7e'): Promise<string> {
  return uploadFile(app, cookie, await makeJpeg(48, 36, colour));
}

/** Uploads these bytes through POST /api/uploads as the session behind `cookie`; returns the file's /media/ URL. */
export async function uploadFile(
  app: AppInstance,
  cookie: string,
  bytes: Buffer,
  filename = 'photo.jpg',
  type = 'image/jpeg',
): Promise<string> {
  const { payload, contentType } = multipartBody([filePart(bytes, 'file', filename, type)]);
  const res = await app.inject({
    method: 'POST',
    url: apiPaths.uploads,
    payload,
    headers: { cookie, 'content-type': contentType },
  });
  if (res.statusCode !== 201) throw new Error(`upload refused: ${res.statusCode} ${res.body}`);
  return uploadResponseSchema.parse(res.json()).url;
}

export async function insertUser(
  db: AppDatabase,
  overrides: Partial<Insert<typeof users>> = {},
): Promise<typeof users.$inferSelect> {
  const id = overrides.id ?? `user-${randomUUID().slice(0, 8)}`;
  const [row] = await db
    .insert(users)
    .values({ id, username: id, displayName: `Display ${id}`, avatarUrl: `/media/test/${id}.webp`, ...overrides })
    .returning();
  return row!;
}

export async function insertDesign(
  db: AppDatabase,
  fields: Partial<Insert<typeof designs>> & { userId: string },
): Promise<typeof designs.$inferSelect> {
  const id = fields.id ?? randomUUID();
  const [row] = await db
    .insert(designs)
    .values({
      id,
      title: `Design ${id.slice(0, 8)}`,
      afterImageUrl: `/media/test/design-${id}.webp`,
      mode: 'interior',
      ...fields,
    })
    .returning();
  return row!;
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

export async function insertQuestion(
  db: AppDatabase,
  row: WithId<Insert<typeof quizQuestions>> & { position: number },
) {
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

/** Announces a design the way the publish transaction does, for a design inserted directly. */
export async function notifyPublished(db: AppDatabase, id: string, mode: Mode) {
  await db.execute(sql`select pg_notify(${DESIGN_PUBLISHED_CHANNEL}, ${JSON.stringify({ id, mode })})`);
}

/** A users row someone can sign into (sample users have no password hash). */
export async function insertAccount(
  db: AppDatabase,
  overrides: Partial<Insert<typeof users>> = {},
): Promise<typeof users.$inferSelect> {
  return insertUser(db, { passwordHash: '$argon2id$test-fixture', ...overrides });
}

/**
 * A new gate session signed in as `userId`, set on the session row the way sign-in sets it
 * (decision 0016); returns its Cookie header value.
 */
export async function signedInCookie(
  t: { app: AppInstance; unlock(): Promise<string> },
  db: AppDatabase,
  userId: string,
): Promise<string> {
  const cookie = await t.unlock();
  const signed = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  const token = t.app.unsignCookie(signed).value;
  if (!token) throw new Error('the gate set a cookie this app cannot read');
  const updated = await db
    .update(sessions)
    .set({ accountId: userId })
    .where(eq(sessions.tokenHash, hashSessionToken(token)))
    .returning({ id: sessions.id });
  if (updated.length !== 1) throw new Error('no session row for this cookie');
  return cookie;
}

/** The `name=value` of the session cookie an answer sets (sign-in, sign-up and sign-out give a new one). */
export function sessionCookieOf(response: { headers: Record<string, unknown> }): string {
  const setCookie = response.headers['set-cookie'];
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (typeof first !== 'string') throw new Error('the answer set no cookie');
  return first.split(';')[0]!;
}

let accountsMade = 0;

/** A password no sign-up rule refuses. */
export const GOOD_PASSWORD = 'violet meadow under nine lamps';

export interface SignedUpAccount {
  /** The session's new cookie: the one passed in no longer works. */
  cookie: string;
  accountId: string;
  username: string;
  displayName: string;
  password: string;
}

/**
 * Signs up a new account on the gate session behind `cookie` and returns the session's new
 * cookie, signed in.
 */
export async function signUp(
  app: AppInstance,
  cookie: string,
  fields: { username?: string; displayName?: string; password?: string } = {},
): Promise<SignedUpAccount> {
  accountsMade++;
  const username = fields.username ?? `tester_${accountsMade}_${randomUUID().slice(0, 6)}`;
  const displayName = fields.displayName ?? `Tester ${accountsMade}`;
  const password = fields.password ?? GOOD_PASSWORD;
  const res = await app.inject({
    method: 'POST',
    url: apiPaths.signUp,
    headers: { cookie },
    payload: { username, displayName, password },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up refused: ${res.statusCode} ${res.body}`);
  const session = res.json<SessionResponse>();
  return { cookie: sessionCookieOf(res), accountId: session.currentUser.id, username, displayName, password };
}
