import { and, eq, gt, lt, or } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { sessions } from '../../db/schema';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(
  db: AppDatabase,
  row: { id: string; tokenHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values({
    id: row.id,
    tokenHash: row.tokenHash,
    createdAt: row.now,
    lastSeenAt: row.now,
    expiresAt: row.expiresAt,
  });
}

/** A session whose absolute and idle expiry both lie after `now`. */
export async function findLiveSessionByTokenHash(
  db: AppDatabase,
  tokenHash: string,
  now: Date,
  idleSince: Date,
): Promise<SessionRow | null> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince)))
    .limit(1);
  return row ?? null;
}

export async function touchSession(db: AppDatabase, id: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
}

/** Gives an existing session (the same viewer) a fresh token and a fresh absolute expiry. */
export async function renewSession(
  db: AppDatabase,
  id: string,
  row: { tokenHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .update(sessions)
    .set({ tokenHash: row.tokenHash, lastSeenAt: row.now, expiresAt: row.expiresAt })
    .where(eq(sessions.id, id));
}

export async function deleteExpiredSessions(db: AppDatabase, now: Date, idleSince: Date): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleSince)));
}
