import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { designProductSchema } from '@dwellscape/shared';
import { createPglite } from '../src/db/client';
import { createPostgresDatabase, dbKinds } from './helpers';

const migrationsFolder = path.join(import.meta.dirname, '../drizzle');
const MIGRATION = '0007_media_owners';

/** The migrations folder as it was before `tag`: the same files, the journal cut before it. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dwellscape-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(cut).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return dir;
}

interface Engine {
  migrate(folder: string): Promise<void>;
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

async function openEngine(kind: (typeof dbKinds)[number]): Promise<Engine> {
  if (kind === 'pglite') {
    const client = await createPglite();
    const db = drizzlePglite(client);
    return {
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      query: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
      close: () => client.close(),
    };
  }
  const database = await createPostgresDatabase();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const db = drizzlePg(client);
  return {
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    query: async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as unknown as T[],
    close: async () => {
      await client.end();
      await database.drop();
    },
  };
}

describe.each(dbKinds)(`migration ${MIGRATION} (%s)`, (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('marks every stored snapshot line, and turns ids the catalogue never had into own items at price 0', async () => {
    const engine = await openEngine(kind);
    cleanups.push(() => engine.close());
    const before = migrationsBefore(MIGRATION);
    cleanups.push(() => rmSync(before, { recursive: true, force: true }));
    await engine.migrate(before);

    await engine.query(
      `insert into users (id, username, display_name, avatar_url) values ('u1', 'u1', 'U', '/media/u.webp')`,
    );
    await engine.query(
      `insert into brands (id, name, logo_url, category, modes) values ('oak', 'Oak', '/media/b.webp', 'Furniture', '{interior}')`,
    );
    await engine.query(
      `insert into products (id, name, price, image_url, category, brand_id, mode)
       values ('chair', 'Oak Chair', 120, '/media/chair.webp', 'Seating', 'oak', 'interior')`,
    );
    const oldSnapshot = [
      { id: 'chair', name: 'Oak Chair', price: 120, brandId: 'oak', imageUrl: '/media/chair.webp', quantity: 2 },
      { id: 'p-nonexistent', name: 'Free sofa', price: 0.01, brandId: 'x', imageUrl: '/media/sofa.webp', quantity: 1 },
      // written before quantities existed
      { id: 'chair-2', name: 'Old line', price: 5, brandId: 'oak', imageUrl: '/media/old.webp' },
    ];
    await engine.query(
      `insert into designs (id, title, after_image_url, mode, user_id, selected_products)
       values ('d1', 'Old design', '/media/d1.webp', 'interior', 'u1', $1::jsonb), ('d2', 'Empty', '/media/d2.webp', 'interior', 'u1', '[]'::jsonb)`,
      [JSON.stringify(oldSnapshot)],
    );
    await engine.query(
      `insert into media_files (key, content_type, width, height, bytes, kind) values ('uploads/aa/old.webp', 'image/webp', 4, 3, 10, 'upload')`,
    );

    await engine.migrate(migrationsFolder);

    const [d1] = await engine.query<{ selected_products: unknown[] }>(
      `select selected_products from designs where id = 'd1'`,
    );
    expect(d1!.selected_products).toEqual([
      { ...oldSnapshot[0], ownItem: false },
      { ...oldSnapshot[1], price: 0, brandId: '', ownItem: true },
      { ...oldSnapshot[2], price: 0, brandId: '', quantity: 1, ownItem: true },
    ]);
    // every line reads through the response schema as it stands now
    for (const line of d1!.selected_products) expect(designProductSchema.safeParse(line).success).toBe(true);
    const [d2] = await engine.query<{ selected_products: unknown[] }>(
      `select selected_products from designs where id = 'd2'`,
    );
    expect(d2!.selected_products).toEqual([]);
    // files stored before owners were recorded have none: nobody can publish them anew
    expect(await engine.query(`select owner_viewer_id, owner_account_id from media_files`)).toEqual([
      { owner_viewer_id: null, owner_account_id: null },
    ]);
  });
});
