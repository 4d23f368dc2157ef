import { and, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { designs, users } from '../../db/schema';

/** What a link to a design shows before the gate (docs/decisions/0048): nothing more is read. */
export interface PreviewFacts {
  id: string;
  title: string;
  authorName: string;
  afterImageUrl: string;
  productCount: number;
}

/** A public design's link-preview facts; null for an unknown or hidden design (a hidden one is not told apart). */
export async function findPreviewFacts(db: Pick<AppDatabase, 'select'>, id: string): Promise<PreviewFacts | null> {
  const [row] = await db
    .select({
      id: designs.id,
      title: designs.title,
      authorName: users.displayName,
      afterImageUrl: designs.afterImageUrl,
      productCount: sql<number>`jsonb_array_length(${designs.selectedProducts})::int`,
    })
    .from(designs)
    .innerJoin(users, eq(users.id, designs.userId))
    .where(and(eq(designs.id, id), sql`${designs.isPublic}`))
    .limit(1);
  return row ?? null;
}
