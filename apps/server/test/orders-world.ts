import { randomUUID } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import { apiPaths, type PlaceOrderLine, type DesignProduct } from '@dwellscape/shared';
import type { AppDatabase } from '../src/db/client';
import { commissionEntries, notifications, orderLines, orders } from '../src/db/schema';
import type { AppInstance } from '../src/types';
import { insertAccount, insertBrand, insertDesign, insertProduct, signedInCookie } from './fixtures';

/**
 * A small shop for the order tests: C made a design, A remixed it, B buys. Prices are chosen so
 * that the shares round (p-cheap's 8% is not a whole cent).
 */
export const PRODUCTS = [
  { id: 'p-sofa', name: 'Emerald Sofa', price: 1299.99 },
  { id: 'p-lamp', name: 'Arc Lamp', price: 189.5 },
  { id: 'p-cheap', name: 'Linen Napkin', price: 0.37 },
  { id: 'p-rug', name: 'Wool Rug', price: 4299 },
  { id: 'p-free', name: 'Sample Swatch', price: 0 },
] as const;

export interface OrderWorld {
  c: { id: string; cookie: string };
  a: { id: string; cookie: string };
  b: { id: string; cookie: string };
  /** C's design (p-sofa, p-lamp, p-cheap), A's remix of it (p-sofa, p-rug, p-free), and a private design of C. */
  designs: { original: string; remix: string; privateOfC: string; plainOfB: string };
}

const snapshot = (ids: readonly string[]): DesignProduct[] =>
  ids.map((id) => {
    const product = PRODUCTS.find((p) => p.id === id)!;
    return {
      id,
      name: product.name,
      price: product.price,
      brandId: 'b-orders',
      imageUrl: '/media/test/p.webp',
      quantity: 1,
      ownItem: false,
    };
  });

export async function buildOrderWorld(
  t: { app: AppInstance; unlock(): Promise<string> },
  db: AppDatabase,
): Promise<OrderWorld> {
  const suffix = randomUUID().slice(0, 6);
  const person = async (name: string) => {
    const row = await insertAccount(db, {
      id: `u-${name}-${suffix}`,
      username: `${name}_${suffix}`,
      displayName: name.toUpperCase(),
    });
    return { id: row.id, cookie: await signedInCookie(t, db, row.id) };
  };
  const [c, a, b] = [await person('c'), await person('a'), await person('b')];
  await insertBrand(db, { id: 'b-orders' }).catch(() => undefined);
  for (const product of PRODUCTS) await insertProduct(db, { ...product, brandId: 'b-orders' }).catch(() => undefined);
  const original = await insertDesign(db, {
    id: `d-orig-${suffix}`,
    userId: c.id,
    title: 'Green Room',
    selectedProducts: snapshot(['p-sofa', 'p-lamp', 'p-cheap']),
  });
  const remix = await insertDesign(db, {
    id: `d-remix-${suffix}`,
    userId: a.id,
    title: 'Green Room, Again',
    selectedProducts: snapshot(['p-sofa', 'p-rug', 'p-free']),
    originalDesignId: original.id,
    originalCreatorId: c.id,
    isRegenerated: true,
  });
  const privateOfC = await insertDesign(db, {
    id: `d-priv-${suffix}`,
    userId: c.id,
    isPublic: false,
    selectedProducts: snapshot(['p-sofa']),
  });
  const plainOfB = await insertDesign(db, {
    id: `d-b-${suffix}`,
    userId: b.id,
    selectedProducts: snapshot(['p-lamp', 'p-rug']),
  });
  return {
    c,
    a,
    b,
    designs: { original: original.id, remix: remix.id, privateOfC: privateOfC.id, plainOfB: plainOfB.id },
  };
}

export const priceCents = (productId: string) => Math.round(PRODUCTS.find((p) => p.id === productId)!.price * 100);

export const line = (productId: string, quantity: number, designId: string | null = null): PlaceOrderLine => ({
  productId,
  quantity,
  unitPriceCents: priceCents(productId),
  designId,
});

export const newKey = () => `key-${randomUUID()}`;

export function placeOrderRequest(app: AppInstance, cookie: string, body: unknown) {
  return app.inject({ method: 'POST', url: apiPaths.orders, headers: { cookie }, payload: body as object });
}

/** Row counts of everything an order writes. */
export async function orderWriteCounts(db: AppDatabase) {
  const of = async (table: typeof orders | typeof orderLines | typeof commissionEntries | typeof notifications) =>
    Number((await db.select({ n: count() }).from(table))[0]!.n);
  return {
    orders: await of(orders),
    orderLines: await of(orderLines),
    commissionEntries: await of(commissionEntries),
    notifications: await of(notifications),
  };
}

/** What the ledger holds for a person that is not reversed (pending plus available), in cents. */
export async function heldCents(db: AppDatabase, earnerId: string): Promise<number> {
  const result = (await db.execute(
    sql`select coalesce(sum(amount_cents), 0)::text as cents from commission_entries where earner_id = ${earnerId} and status <> 'reversed'`,
  )) as unknown as { rows: { cents: string }[] };
  return Number(result.rows[0]!.cents);
}
