import { and, count, ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Mode } from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import { designs, products, users } from '../../db/schema';
import { publicDesignsOfMode } from '../designs/designs.repository';
import { productsOfMode } from '../catalogue/catalogue.repository';

/** ILIKE '%text%' where the text's own `%`, `_` and `\` match themselves, not as wildcards. */
export function containsInsensitive(column: PgColumn, text: string): SQL {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return ilike(column, `%${escaped}%`);
}

/** Public designs of the mode whose caption or title contains the text. */
export const designsMatching = (mode: Mode, text: string) =>
  and(
    publicDesignsOfMode(mode),
    or(containsInsensitive(designs.caption, text), containsInsensitive(designs.title, text)),
  );

/** Products of the mode whose name or description contains the text. */
export const productsMatching = (mode: Mode, text: string) =>
  and(productsOfMode(mode), or(containsInsensitive(products.name, text), containsInsensitive(products.details, text)));

export const usersMatching = (text: string) =>
  or(containsInsensitive(users.username, text), containsInsensitive(users.displayName, text));

const tableOfList = { designs, products, users } as const;

/** How many rows of the list's table match: a tab's count, which its first 20 rows cannot tell. */
export async function countMatching(
  db: AppDatabase,
  list: keyof typeof tableOfList,
  where: SQL | undefined,
): Promise<number> {
  const [row] = await db.select({ total: count() }).from(tableOfList[list]).where(where);
  return row?.total ?? 0;
}
