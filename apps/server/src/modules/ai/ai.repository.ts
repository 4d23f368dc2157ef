import { eq, inArray } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { brands, products } from '../../db/schema';

export interface ProductLabel {
  id: string;
  name: string;
  category: string;
  brandName: string;
  /** The catalogue's own picture of the product. */
  imageUrl: string;
}

/** What the catalogue knows of the chosen products: the renderer sizes them by category. */
export async function findProductLabels(db: AppDatabase, ids: readonly string[]): Promise<Map<string, ProductLabel>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      category: products.category,
      brandName: brands.name,
      imageUrl: products.imageUrl,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(inArray(products.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}
