/**
 * Checkout storm (decision 0018): 200 checkouts from 20 signed-in sessions at once, each sent twice at
 * the same moment (a double tap, a retry racing its original). Exactly 200 orders, every line
 * written once, and the ledger equal to the rates on those lines to the cent — on PGlite and on
 * Postgres, whose pool runs the twins in parallel transactions. Each session places exactly the 10
 * unpaid orders a day the caps allow (docs/security.md), worth less than their $10,000.00: the twin of its
 * tenth is answered with that order, not refused.
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
    // checkout i of a session buys a sofa from A's remix of C's design (i % 3 = 0) or (i % 3) lamps from C's
    // design, and a napkin from C's
    const linesOf = (i: number) => [
      i % 3 === 0 ? line('p-sofa', 1, w.designs.remix) : line('p-lamp', i % 3, w.designs.original),
      line('p-cheap', 1, w.designs.original),
    ];
    const checkouts = buyers.flatMap((buyer) =>
      Array.from({ length: CHECKOUTS_PER_SESSION }, (_, i) => ({
        buyer,
        body: { idempotencyKey: newKey(), lines: linesOf(i) },
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

    // a sofa (129,999 cents): A keeps 6% (8% − 2%), C gets 2%; lamps (18,950 cents each) pay C 8%; a napkin
    // (37 cents) pays C 2 cents (8%, rounded down)
    let expectedA = 0;
    let expectedC = 0;
    for (let i = 0; i < 200; i++) {
      const k = i % CHECKOUTS_PER_SESSION;
      if (k % 3 === 0) {
        expectedA += Math.floor((129_999 * 8) / 100) - Math.floor((129_999 * 2) / 100);
        expectedC += Math.floor((129_999 * 2) / 100);
      } else {
        expectedC += Math.floor((18_950 * (k % 3) * 8) / 100);
      }
      expectedC += Math.floor((37 * 8) / 100);
    }
    expect((await heldCents(db, w.a.id)) - before.a).toBe(expectedA);
    expect((await heldCents(db, w.c.id)) - before.c).toBe(expectedC);
  }, 240_000);
});
