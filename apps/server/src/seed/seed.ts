import { stat } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
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
import { SEED_NOTIFICATIONS } from './world/notifications';
import { seedImages, type SeedImage } from './media';
import { buildSampleWorldRows, sampleCommissionRows } from './rows';
import { ensureSeedMedia } from './seed-media';

export interface SeedOptions {
  db: AppDatabase;
  storage: FileStorage;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /**
   * A directory of already-rendered seed illustrations to reuse (tests share one);
   * when absent they are rendered into the storage under seed/ if missing.
   */
  seedMediaDir?: string;
}

/** The last row the seed writes; all rows go in one transaction, so its presence means the world is there. */
const MARKER_NOTIFICATION_ID = SEED_NOTIFICATIONS[SEED_NOTIFICATIONS.length - 1]!.id;

/**
 * Seeds the sample world on first start: renders any missing illustration, then inserts every
 * row with fixed ids. Running it again changes nothing (ON CONFLICT DO NOTHING), and once the
 * world is there it only checks that the pictures still exist.
 */
export async function seedSampleWorld(options: SeedOptions): Promise<void> {
  const { db, storage, log } = options;
  const started = performance.now();
  const images = seedImages();
  const rendered = await ensureSeedMedia(images, {
    storage,
    ...(options.seedMediaDir ? { seedMediaDir: options.seedMediaDir } : {}),
  });
  const [marker] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.id, MARKER_NOTIFICATION_ID))
    .limit(1);
  if (!marker) await insertSampleWorld(db, storage, images);
  // a world seeded before the ledger existed gets its sample earnings too (fixed ids: once only)
  else await db.insert(commissionEntries).values(sampleCommissionRows(new Date())).onConflictDoNothing();
  const ms = Math.round(performance.now() - started);
  log?.info(
    rendered > 0 || !marker
      ? `Sample world ready in ${ms} ms (${rendered} illustrations rendered${marker ? '' : ', rows inserted'})`
      : `Sample world present (checked in ${ms} ms)`,
  );
}

async function insertSampleWorld(db: AppDatabase, storage: FileStorage, images: readonly SeedImage[]): Promise<void> {
  const rows = buildSampleWorldRows(storage, new Date());
  const media = await Promise.all(
    images
      .flatMap((img) => [{ key: img.key, width: img.width, height: img.height }, ...(img.thumb ? [img.thumb] : [])])
      .map(async (f) => ({
        key: f.key,
        contentType: 'image/webp',
        width: f.width,
        height: f.height,
        bytes: (await stat(storage.pathFor(f.key))).size,
        kind: 'seed' as const,
      })),
  );
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
