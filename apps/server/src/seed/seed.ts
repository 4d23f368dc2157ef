import { performance } from 'node:perf_hooks';
import { ensureSampleArt, SEED_NOTIFICATIONS, type SampleArtFile } from '@dwellscape/sample-art';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../db/client';
import {
  brands,
  commissionEntries,
  designComments,
  designs,
  mediaFiles,
  notifications,
  products,
  quizQuestions,
  spaces,
  templates,
  users,
} from '../db/schema';
import type { FileStorage } from '../storage/file-storage';
import { buildSampleWorldRows, sampleCommissionRows } from './rows';
import { placeSampleArt } from './seed-media';

export interface SeedOptions {
  db: AppDatabase;
  storage: FileStorage;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/** The last row the seed writes; all rows go in one transaction, so its presence means the world is there. */
const MARKER_NOTIFICATION_ID = SEED_NOTIFICATIONS[SEED_NOTIFICATIONS.length - 1]!.id;

/**
 * Seeds the sample world on first start: copies any missing picture from the built sample art
 * (@dwellscape/sample-art, which builds it first when its cache is missing or stale), then inserts every
 * row with fixed ids. Running it again changes nothing (ON CONFLICT DO NOTHING), and once the
 * world is there it only checks that the pictures still exist.
 */
export async function seedSampleWorld(options: SeedOptions): Promise<void> {
  const { db, storage, log } = options;
  const started = performance.now();
  const art = await ensureSampleArt({ log: (message) => log?.info(message) });
  const copied = await placeSampleArt(storage, art);
  const [marker] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.id, MARKER_NOTIFICATION_ID))
    .limit(1);
  if (!marker) await insertSampleWorld(db, storage, art.files);
  // a world seeded before the ledger existed gets its sample earnings too (fixed ids: once only)
  else await db.insert(commissionEntries).values(sampleCommissionRows(new Date())).onConflictDoNothing();
  const ms = Math.round(performance.now() - started);
  log?.info(
    copied > 0 || !marker
      ? `Sample world ready in ${ms} ms (${copied} pictures copied${marker ? '' : ', rows inserted'})`
      : `Sample world present (checked in ${ms} ms)`,
  );
}

async function insertSampleWorld(
  db: AppDatabase,
  storage: FileStorage,
  files: readonly SampleArtFile[],
): Promise<void> {
  const rows = buildSampleWorldRows(storage, new Date());
  const media = files.map((f) => ({
    key: f.key,
    contentType: 'image/webp',
    width: f.width,
    height: f.height,
    bytes: f.bytes,
    kind: 'seed' as const,
  }));
  await db.transaction(async (tx) => {
    await tx.insert(users).values(rows.users).onConflictDoNothing();
    await tx.insert(brands).values(rows.brands).onConflictDoNothing();
    await tx.insert(products).values(rows.products).onConflictDoNothing();
    await tx.insert(quizQuestions).values(rows.questions).onConflictDoNothing();
    await tx.insert(templates).values(rows.templates).onConflictDoNothing();
    await tx.insert(spaces).values(rows.spaces).onConflictDoNothing();
    await tx.insert(designs).values(rows.designs).onConflictDoNothing();
    await tx.insert(designComments).values(rows.comments).onConflictDoNothing();
    await tx.insert(mediaFiles).values(media).onConflictDoNothing();
    await tx.insert(commissionEntries).values(rows.commissionEntries).onConflictDoNothing();
    // the marker goes last
    await tx.insert(notifications).values(rows.notifications).onConflictDoNothing();
  });
}
