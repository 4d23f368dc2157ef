/**
 * Checkout storm (issue #16): 200 checkouts from 20 signed-in sessions at once, each sent twice at
 * the same moment (a double tap, a retry racing its original). Exactly 200 orders, every line
 * written once, and the ledger equal to the rates on those lines to the cent — on PGlite and on
 * Postgres, whose pool runs the twins in parallel transactions.
 */
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlaceOrderResponse } from '@dwellscape/shared';
import { orderLines, orders } from '../../src/db/schema';
import { insertAccount, signedInCookie } from '../fixtures';
import { createTestApp, dbKinds, type TestApp } from '../helpers';
import { buildOrderWorld, heldCents, line, newKey, placeOrderRequest, type OrderWorld } from '../orders-world';

const SESSIONS = 20;
const CHECKOUTS_PER_SESSION = 10;

describe.each(dbKinds)('200 checkouts from 20 sessions, each sent twice (%s)', (kind) => {
  let t: TestApp;
  let w: OrderWorld;
  let buyers: { id: string; cookie: string }[];

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    w = await buildOrderWorld(t, t.database.db);
    buyers = [];
    for (let i = 0; i < SESSIONS; i++) {
      const account = await insertAccount(t.database.db);
      buyers.push({ id: account.id, cookie: await signedInCookie(t, t.database.db, account.id) });
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  it('makes exactly 200 orders and a ledger exact to the cent', async () => {
    const db = t.database.db;
    const before = { a: await heldCents(db, w.a.id), c: await heldCents(db, w.c.id) };
    // checkout i of a session buys (i % 3) + 1 sofas from A's remix of C's design and a napkin from C's
    const checkouts = buyers.flatMap((buyer) =>
      Array.from({ length: CHECKOUTS_PER_SESSION }, (_, i) => ({
        buyer,
        body: {
          idempotencyKey: newKey(),
          lines: [line('p-sofa', (i % 3) + 1, w.designs.remix), line('p-cheap', 1, w.designs.original)],
        },
      })),
    );
    const answers = await Promise.all(
      checkouts.flatMap(({ buyer, body }) => [
        placeOrderRequest(t.app, buyer.cookie, body),
        placeOrderRequest(t.app, buyer.cookie, body),
      ]),
    );

    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(200);
    expect(statuses.filter((s) => s === 200)).toHaveLength(200);
    // both sends of one checkout answer the same order
    for (let i = 0; i < answers.length; i += 2) {
      expect(answers[i]!.json<PlaceOrderResponse>().order.id).toBe(answers[i + 1]!.json<PlaceOrderResponse>().order.id);
    }
    const buyerIds = buyers.map((b) => b.id);
    const [orderCount] = await db.select({ n: count() }).from(orders).where(inArray(orders.buyerId, buyerIds));
    expect(orderCount!.n).toBe(200);
    const [lineCount] = await db
      .select({ n: count() })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(inArray(orders.buyerId, buyerIds));
    expect(lineCount!.n).toBe(400);

    // sofas: 129,999 cents × q; A keeps 6% (8% − 2%), C gets 2%; a napkin (37 cents) pays C 2 cents (8%, rounded down)
    let expectedA = 0;
    let expectedC = 0;
    for (let i = 0; i < 200; i++) {
      const sofaCents = 129_999 * ((i % CHECKOUTS_PER_SESSION) % 3) + 129_999;
      const eight = Math.floor((sofaCents * 8) / 100);
      const two = Math.floor((sofaCents * 2) / 100);
      expectedA += eight - two;
      expectedC += two + Math.floor((37 * 8) / 100);
    }
    expect((await heldCents(db, w.a.id)) - before.a).toBe(expectedA);
    expect((await heldCents(db, w.c.id)) - before.c).toBe(expectedC);
  }, 240_000);
});
