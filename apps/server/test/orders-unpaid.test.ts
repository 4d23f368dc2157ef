/**
 * Unpaid orders under a determined buyer (docs/security.md): an unpaid order credits pending
 * commission at once, so pending commission shows to its earner alone, a buyer's unpaid orders are
 * capped per 24 hours (count and value, refused with a 429 and Retry-After, concurrent checkouts
 * included), and an order still unpaid after ORDER_PAYMENT_WINDOW expires, its commission reversed
 * with new ledger rows, exactly once however many instances sweep.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UNPAID_ORDERS_PER_DAY,
  UNPAID_ORDERS_WINDOW_MS,
  apiPaths,
  formatCents,
  orderMessages,
  type EarningsResponse,
  type OrdersResponse,
  type PlaceOrderResponse,
  type SearchResponse,
  type SessionResponse,
  type User,
} from '@dwellscape/shared';
import { ConfigError, loadConfig } from '../src/config';
import { commissionEntries, orders } from '../src/db/schema';
import { expireUnpaidOrders } from '../src/modules/orders/orders.service';
import { createTestApp, dbKinds, startSecondApp, type TestApp } from './helpers';
import { insertAccount, insertDesign, signedInCookie } from './fixtures';
import {
  buildOrderWorld,
  heldCents,
  line,
  newKey,
  placeOrderRequest,
  priceCents,
  type OrderWorld,
} from './orders-world';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

describe.each(dbKinds)('unpaid orders (%s)', (kind) => {
  let t: TestApp;
  let w: OrderWorld;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    w = await buildOrderWorld(t, t.database.db);
  });

  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;
  const get = (cookie: string, url: string, query?: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, headers: { cookie }, ...(query ? { query } : {}) });
  const cancel = (cookie: string, id: string) =>
    t.app.inject({ method: 'POST', url: apiPaths.orderCancel(id), headers: { cookie } });
  const newBuyer = async () => {
    const row = await insertAccount(db(), { id: `u-buyer-${randomUUID().slice(0, 8)}` });
    return { id: row.id, cookie: await signedInCookie(t, db(), row.id) };
  };
  /** Sets the buyer's orders back in time, as the clock moving on would. */
  const ageOrders = (buyerId: string, ms: number) =>
    db()
      .update(orders)
      .set({ createdAt: sql`${orders.createdAt} - ${`${ms} milliseconds`}::interval` })
      .where(eq(orders.buyerId, buyerId));

  describe('commission on profiles', () => {
    it('shows available commission to everyone and pending too only to the earner, as the ledger sums it', async () => {
      const earner = await newBuyer();
      const design = await insertDesign(db(), {
        userId: earner.id,
        title: 'Paid and unpaid',
        selectedProducts: [
          {
            id: 'p-lamp',
            name: 'Arc Lamp',
            price: 189.5,
            brandId: 'b-orders',
            imageUrl: '/media/test/p.webp',
            quantity: 1,
            ownItem: false,
          },
        ],
      });
      // a share of an earlier order that was paid: what capture appends (decision 0019)
      await db().insert(commissionEntries).values({
        id: randomUUID(),
        earnerId: earner.id,
        kind: 'earned',
        role: 'creator',
        status: 'available',
        amountCents: 12_345,
      });
      const placed = await placeOrderRequest(t.app, w.b.cookie, {
        idempotencyKey: newKey(),
        lines: [line('p-lamp', 2, design.id)],
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const pendingCents = Math.floor((2 * priceCents('p-lamp') * 8) / 100);

      const earnings = (await get(earner.cookie, apiPaths.meEarnings)).json<EarningsResponse>();
      expect(earnings.totals).toEqual({ pendingCents, availableCents: 12_345, reversedCents: 0 });
      const publicFigure = formatCents(earnings.totals.availableCents);
      const ownFigure = formatCents(earnings.totals.availableCents + earnings.totals.pendingCents);

      // someone else, signed in or not, sees what was paid only
      for (const cookie of [w.b.cookie, w.c.cookie, await t.unlock()]) {
        const profile = (await get(cookie, apiPaths.user(earner.id))).json<User>();
        expect(profile).toMatchObject({ id: earner.id, isCurrentUser: false, commissionEarned: publicFigure });
      }
      const found = (await get(w.b.cookie, apiPaths.search, { q: earner.id, mode: 'interior' })).json<SearchResponse>();
      expect(found.users.find((u) => u.id === earner.id)?.commissionEarned).toBe(publicFigure);

      // the earner sees pending too, on their profile, in the session and in search
      expect((await get(earner.cookie, apiPaths.user(earner.id))).json<User>()).toMatchObject({
        isCurrentUser: true,
        commissionEarned: ownFigure,
      });
      expect((await get(earner.cookie, apiPaths.me)).json<SessionResponse>().currentUser.commissionEarned).toBe(
        ownFigure,
      );
      const own = (
        await get(earner.cookie, apiPaths.search, { q: earner.id, mode: 'interior' })
      ).json<SearchResponse>();
      expect(own.users.find((u) => u.id === earner.id)?.commissionEarned).toBe(ownFigure);
    });
  });

  describe('caps on unpaid orders per 24 hours', () => {
    it(`takes ${UNPAID_ORDERS_PER_DAY} unpaid orders sent at once and refuses the rest with a 429 and Retry-After`, async () => {
      const buyer = await newBuyer();
      const heldBefore = await heldCents(db(), w.c.id);
      const bodies = Array.from({ length: UNPAID_ORDERS_PER_DAY + 5 }, () => ({
        idempotencyKey: newKey(),
        lines: [line('p-cheap', 1, w.designs.original)],
      }));
      const answers = await Promise.all(bodies.map((body) => placeOrderRequest(t.app, buyer.cookie, body)));
      const statuses = answers.map((res) => res.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(UNPAID_ORDERS_PER_DAY);
      const refused = answers.filter((res) => res.statusCode === 429);
      expect(refused).toHaveLength(5);
      for (const res of refused) {
        expect(res.json()).toEqual({ error: orderMessages.tooManyUnpaidOrders });
        const retryAfter = Number(res.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(UNPAID_ORDERS_WINDOW_MS / 1000 - 120);
        expect(retryAfter).toBeLessThanOrEqual(UNPAID_ORDERS_WINDOW_MS / 1000);
      }
      const rows = await db().select({ id: orders.id }).from(orders).where(eq(orders.buyerId, buyer.id));
      expect(rows).toHaveLength(UNPAID_ORDERS_PER_DAY);
      // a refused checkout credits nobody: 10 napkins' 8%, rounded down (2 cents each)
      expect((await heldCents(db(), w.c.id)) - heldBefore).toBe(UNPAID_ORDERS_PER_DAY * 2);

      // a retry of a placed order is answered, never refused
      const placedIndex = statuses.indexOf(201);
      const first = answers[placedIndex]!.json<PlaceOrderResponse>().order;
      const retry = await placeOrderRequest(t.app, buyer.cookie, bodies[placedIndex]);
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json<PlaceOrderResponse>().order.id).toBe(first.id);

      // a cancelled order still counts: placing and cancelling cannot credit and notify without end
      expect((await cancel(buyer.cookie, first.id)).statusCode).toBe(200);
      const again = () =>
        placeOrderRequest(t.app, buyer.cookie, {
          idempotencyKey: newKey(),
          lines: [line('p-cheap', 1, w.designs.original)],
        });
      const afterCancel = await again();
      expect(afterCancel.statusCode).toBe(429);
      expect(afterCancel.json()).toEqual({ error: orderMessages.tooManyUnpaidOrders });
      // orders older than 24 hours no longer count
      await ageOrders(buyer.id, UNPAID_ORDERS_WINDOW_MS + 1000);
      expect((await again()).statusCode).toBe(201);
    });

    it('refuses, among checkouts sent at once, those that would take unpaid value past $10,000.00', async () => {
      const buyer = await newBuyer();
      // Wool Rugs of $4,299.00: two fit in $10,000.00, a third does not
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          placeOrderRequest(t.app, buyer.cookie, {
            idempotencyKey: newKey(),
            lines: [line('p-rug', 1, w.designs.remix)],
          }),
        ),
      );
      expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(2);
      const refused = answers.filter((res) => res.statusCode === 429);
      expect(refused).toHaveLength(4);
      for (const res of refused) {
        expect(res.json()).toEqual({ error: orderMessages.unpaidValueOverCap });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(UNPAID_ORDERS_WINDOW_MS / 1000 - 120);
      }
      expect(orderMessages.unpaidValueOverCap).toContain('$10,000.00');
      const [unpaid] = await db()
        .select({ cents: sql<string>`sum(${orders.totalCents})`, n: sql<number>`count(*)::int` })
        .from(orders)
        .where(eq(orders.buyerId, buyer.id));
      expect([Number(unpaid!.cents), unpaid!.n]).toEqual([2 * priceCents('p-rug'), 2]);
      // what still fits is taken: $1,402.00 of room left
      const lamps = await placeOrderRequest(t.app, buyer.cookie, {
        idempotencyKey: newKey(),
        lines: [line('p-lamp', 7, w.designs.original)],
      });
      expect(lamps.statusCode, lamps.body).toBe(201);
      // cancelling a rug frees its value for another
      const rug = answers.find((res) => res.statusCode === 201)!.json<PlaceOrderResponse>().order;
      expect((await cancel(buyer.cookie, rug.id)).statusCode).toBe(200);
      const another = await placeOrderRequest(t.app, buyer.cookie, {
        idempotencyKey: newKey(),
        lines: [line('p-rug', 1, w.designs.remix)],
      });
      expect(another.statusCode, another.body).toBe(201);
    });

    it('refuses one order worth more than $10,000.00 with a 400 saying so, and writes nothing', async () => {
      const buyer = await newBuyer();
      const res = await placeOrderRequest(t.app, buyer.cookie, {
        idempotencyKey: newKey(),
        lines: [line('p-rug', 3, w.designs.remix)],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: orderMessages.orderOverValueCap });
      expect(await db().select().from(orders).where(eq(orders.buyerId, buyer.id))).toEqual([]);
    });
  });

  describe('expiry after the payment window', () => {
    // the earlier tests' orders expire first, so that each sweep below counts only its test's own
    beforeAll(() => expireUnpaidOrders(db(), { now: new Date(Date.now() + 2 * WEEK_MS), paymentWindowMs: WEEK_MS }));

    const placeFrom = async (buyer: { cookie: string }, quantity = 1) => {
      const res = await placeOrderRequest(t.app, buyer.cookie, {
        idempotencyKey: newKey(),
        lines: [line('p-sofa', quantity, w.designs.remix)],
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<PlaceOrderResponse>().order;
    };
    const ledgerOf = (orderIds: string[]) =>
      db().select().from(commissionEntries).where(inArray(commissionEntries.orderId, orderIds));

    it('expires an order unpaid after the window, reversing its commission with new rows', async () => {
      const buyer = await newBuyer();
      const held = { a: await heldCents(db(), w.a.id), c: await heldCents(db(), w.c.id) };
      const order = await placeFrom(buyer);
      const earned = await ledgerOf([order.id]);
      expect(earned.map((row) => [row.kind, row.status])).toEqual([
        ['earned', 'pending'],
        ['earned', 'pending'],
      ]);
      expect(t.config.orderPaymentWindowMs).toBe(WEEK_MS);

      // a minute before the window ends, nothing expires
      const placedAt = Date.parse(order.createdAt);
      expect(
        await expireUnpaidOrders(db(), { now: new Date(placedAt + WEEK_MS - 60_000), paymentWindowMs: WEEK_MS }),
      ).toBe(0);
      expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('placed');

      // the sweep after it expires every order past it (others' too, left from earlier tests)
      expect(
        await expireUnpaidOrders(db(), { now: new Date(placedAt + WEEK_MS + 1000), paymentWindowMs: WEEK_MS }),
      ).toBeGreaterThanOrEqual(1);
      const listed = (await get(buyer.cookie, apiPaths.orders)).json<OrdersResponse>().items;
      expect(listed.find((o) => o.id === order.id)).toMatchObject({
        status: 'expired',
        paymentStatus: 'voided',
        cancellableUntil: null,
      });
      // the earned rows stay as they were; each is reversed by a pending − and a reversed + naming it
      const after = await ledgerOf([order.id]);
      for (const row of earned) expect(after).toContainEqual(row);
      const reversals = after.filter((row) => row.kind === 'reversed');
      expect(reversals).toHaveLength(4);
      for (const row of earned) {
        expect(
          reversals
            .filter((r) => r.reversesId === row.id)
            .map((r) => [r.status, r.amountCents])
            .sort(),
        ).toEqual([
          ['pending', -row.amountCents],
          ['reversed', row.amountCents],
        ]);
      }
      expect(await heldCents(db(), w.a.id)).toBe(held.a);
      expect(await heldCents(db(), w.c.id)).toBe(held.c);
      const earnings = (await get(w.a.cookie, apiPaths.meEarnings)).json<EarningsResponse>();
      expect(earnings.entries.filter((e) => e.orderId === order.id).map((e) => [e.kind, e.status])).toEqual([
        ['reversed', 'reversed'],
        ['earned', 'reversed'],
      ]);
      // an expired order is not cancelled again, and a later sweep finds nothing more to do
      const late = await cancel(buyer.cookie, order.id);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ message: orderMessages.expired });
      expect(await expireUnpaidOrders(db(), { now: new Date(placedAt + 2 * WEEK_MS), paymentWindowMs: WEEK_MS })).toBe(
        0,
      );
      expect(await ledgerOf([order.id])).toHaveLength(6);
      // the expired order no longer counts as unpaid
      const [row] = await db()
        .select()
        .from(orders)
        .where(and(eq(orders.id, order.id), eq(orders.status, 'expired')));
      expect(row).toBeDefined();
    });

    it('expires each order once when two instances sweep at the same moment', async () => {
      const buyers = [await newBuyer(), await newBuyer(), await newBuyer()];
      const placed = [];
      for (const buyer of buyers) for (let i = 0; i < 3; i++) placed.push(await placeFrom(buyer));
      const ids = placed.map((o) => o.id);
      const second = await startSecondApp(t);
      try {
        const now = new Date(Math.max(...placed.map((o) => Date.parse(o.createdAt))) + WEEK_MS + 1000);
        const counts = await Promise.all(
          [t.app, second.app, t.app, second.app].map((app) =>
            expireUnpaidOrders(app.db, { now, paymentWindowMs: WEEK_MS }),
          ),
        );
        expect(counts.reduce((sum, n) => sum + n, 0)).toBe(ids.length);
      } finally {
        await second.close();
      }
      const rows = await db().select().from(orders).where(inArray(orders.id, ids));
      expect(rows.every((row) => row.status === 'expired')).toBe(true);
      const ledger = await ledgerOf(ids);
      const earned = ledger.filter((row) => row.kind === 'earned');
      expect(earned).toHaveLength(2 * ids.length);
      // exactly two reversal rows per share, never more
      for (const row of earned) expect(ledger.filter((r) => r.reversesId === row.id)).toHaveLength(2);
      expect(ledger).toHaveLength(6 * ids.length);
    });

    it('sweeps at start-up with ORDER_PAYMENT_WINDOW from the environment', async () => {
      const buyer = await newBuyer();
      const order = await placeFrom(buyer);
      await ageOrders(buyer.id, 2 * 60 * 60 * 1000);
      const second = await startSecondApp(t, { ORDER_PAYMENT_WINDOW: '90m' });
      try {
        expect(second.app.config.orderPaymentWindowMs).toBe(90 * 60_000);
        const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
        expect(row!.status).toBe('expired');
      } finally {
        await second.close();
      }
    });
  });
});

describe('ORDER_PAYMENT_WINDOW', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dwellscape-config-'));
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', SESSION_SECRET: 'x'.repeat(32) };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('defaults to 7 days and takes minutes, hours or days', () => {
    expect(loadConfig(env).orderPaymentWindowMs).toBe(WEEK_MS);
    expect(loadConfig({ ...env, ORDER_PAYMENT_WINDOW: '36h' }).orderPaymentWindowMs).toBe(36 * 60 * 60 * 1000);
    expect(loadConfig({ ...env, ORDER_PAYMENT_WINDOW: '90m' }).orderPaymentWindowMs).toBe(90 * 60 * 1000);
    expect(loadConfig({ ...env, ORDER_PAYMENT_WINDOW: '90d' }).orderPaymentWindowMs).toBe(90 * DAY_MS);
  });

  it.each(['7', '7 days', '-1d', '59m', '91d', '1.5d'])('refuses %s, naming the variable', (value) => {
    expect(() => loadConfig({ ...env, ORDER_PAYMENT_WINDOW: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, ORDER_PAYMENT_WINDOW: value })).toThrow(/ORDER_PAYMENT_WINDOW/);
  });
});
