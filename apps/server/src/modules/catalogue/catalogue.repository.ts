import { and, arrayContains, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Brand, Mode, Product } from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import { brands, products } from '../../db/schema';

type BrandRow = typeof brands.$inferSelect;
type ProductRow = typeof products.$inferSelect;

export async function findBrandsOfMode(db: AppDatabase, mode: Mode): Promise<Brand[]> {
  const rows = await db
    .select()
    .from(brands)
    .where(arrayContains(brands.modes, [mode]))
    .orderBy(asc(brands.name), asc(brands.id));
  return rows.map(toBrandDto);
}

export interface FindProductsOptions {
  where?: SQL | undefined;
  limit?: number;
  /** Rows to skip first (search's 'Show more'). */
  offset?: number;
}

/** Products with their brand's name, ordered by brand name, then product name. */
export async function findProducts(db: AppDatabase, options: FindProductsOptions = {}): Promise<Product[]> {
  const query = db
    .select({ product: products, brandName: brands.name })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(options.where)
    .orderBy(asc(brands.name), asc(products.name), asc(products.id));
  const paged = options.offset ? query.offset(options.offset) : query;
  const rows = options.limit === undefined ? await paged : await paged.limit(options.limit);
  return rows.map((r) => toProductDto(r.product, r.brandName));
}

export async function findProductById(db: AppDatabase, id: string): Promise<Product | null> {
  const [found] = await findProducts(db, { where: eq(products.id, id), limit: 1 });
  return found ?? null;
}

/** The catalogue's products of these ids, by id; unknown ids are absent. */
export async function findProductsByIds(db: AppDatabase, ids: readonly string[]): Promise<Map<string, Product>> {
  if (ids.length === 0) return new Map();
  const found = await findProducts(db, { where: inArray(products.id, [...new Set(ids)]) });
  return new Map(found.map((product) => [product.id, product]));
}

export const productsOfMode = (mode: Mode, brandId?: string) =>
  brandId === undefined ? eq(products.mode, mode) : and(eq(products.mode, mode), eq(products.brandId, brandId));

function toBrandDto(row: BrandRow): Brand {
  return {
    id: row.id,
    name: row.name,
    logoUrl: row.logoUrl,
    description: row.description,
    category: row.category,
    modes: row.modes.filter((m): m is Mode => m === 'interior' || m === 'landscape'),
    isDatabaseBrand: row.isDatabaseBrand,
  };
}

function toProductDto(row: ProductRow, brandName: string): Product {
  return {
    id: row.id,
    name: row.name,
    price: row.price,
    imageUrl: row.imageUrl,
    // docs/product.md §3: a database product's `details` is the catalogue's description
    description: row.details,
    brandId: row.brandId,
    brandName: row.brandName ?? brandName,
    category: row.category,
    mode: row.mode,
    isDatabaseProduct: row.isDatabaseProduct,
  };
}
