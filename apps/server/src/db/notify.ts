import { sql } from 'drizzle-orm';
import type { AppDatabase } from './client';

/** A connection or transaction to send on; inside a transaction Postgres delivers the notification on commit. */
export type NotifyExecutor = Pick<AppDatabase, 'execute'>;

/** Sends `payload` on the LISTEN/NOTIFY `channel` (decision 0004). */
export async function notify(tx: NotifyExecutor, channel: string, payload: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${channel}, ${payload})`);
}
