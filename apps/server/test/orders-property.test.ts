/**
 * The money loop under random use (decision 0018): fast-check draws carts (products, quantities, the
 * design each was shopped from along a remix chain), buyers, retries of earlier checkouts,
 * cancellations and forged requests. After every step the ledger must hold, for each person,
 * exactly the rate applied to the lines of orders not cancelled; a key never makes two orders; a
 * buyer's unpaid orders stay within the caps (docs/security.md), a checkout past them refused; and a refused
 * request writes nothing.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UNPAID_ORDERS_PER_DAY,
  UNPAID_ORDER_CENTS_PER_DAY,
  apiPaths,
  orderMessages,
  type PlaceOrderResponse,
} from '@dwellscape/shared';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import {
  PRODUCTS,
  buildOrderWorld,
  heldCents,
  line,
  newKey,
  orderWriteCounts,
  placeOrderRequest,
  type OrderWorld,
} from './orders-world';

type Person = 'a' | 'b' | 'c';
type DesignName = keyof OrderWorld['designs'];

/** Which public designs show each product (orders-world's snapshots). */
const SHOWN_IN: Record<string, DesignName[]> = {
  'p-sofa': ['original', 'remix'],
  'p-lamp': ['original', 'plainOfB'],
  'p-cheap': ['original'],
  'p-rug': ['remix', 'plainOfB'],
  'p-free': ['remix'],
};
/** Who made each design, and whom it remixes. */
const MADE_BY: Record<DesignName, { creator: Person; original: Person | null }> = {
  original: { creator: 'c', original: null },
  remix: { creator: 'a', original: 'c' },
  privateOfC: { creator: 'c', original: null },
  plainOfB: { creator: 'b', original: null },
};

interface CartLine {
  productId: string;
  quantity: number;
  design: DesignName | null;
}
type Forgery = 'none' | 'price' | 'zero-quantity' | 'unknown-product' | 'unknown-design' | 'private-design';
type Step =
  | { kind: 'order'; buyer: Person; lines: CartLine[]; forgery: Forgery; sendTwice: boolean }
  | { kind: 'retry'; pick: number }
  | { kind: 'cancel'; pick: number };

const cartLine: fc.Arbitrary<CartLine> = fc
  .record({
    product: fc.constantFrom(...PRODUCTS.map((p) => p.id)),
    quantity: fc.integer({ min: 1, max: 7 }),
    pick: fc.nat(3),
  })
  .map(({ product, quantity, pick }) => {
    const shownIn = SHOWN_IN[product]!;
    // one pick in four is the search (no design)
    return { productId: product, quantity, design: pick === 3 ? null : shownIn[pick % shownIn.length]! };
  });

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      buyer: fc.constantFrom<Person>('a', 'b', 'c'),
      lines: fc.array(cartLine, { minLength: 1, maxLength: 4 }),
      forgery: fc.oneof(
        { weight: 6, arbitrary: fc.constant<Forgery>('none') },
        {
          weight: 1,
          arbitrary: fc.constantFrom<Forgery>(
            'price',
            'zero-quantity',
            'unknown-product',
            'unknown-design',
            'private-design',
          ),
        },
      ),
      sendTwice: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('retry' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
);

/** The shares one line pays, worked out here from the rates, not by the server's helper. */
function expectedShares(lineCents: number, design: DesignName, buyer: Person): Partial<Record<Person, number>> {
  const { creator, original } = MADE_BY[design];
  const eight = Math.floor((lineCents * 8) / 100);
  const two = original === null ? 0 : Math.floor((lineCents * 2) / 100);
  const shares: Partial<Record<Person, number>> = {};
  const add = (person: Person, cents: number) => {
    if (person !== buyer) shares[person] = (shares[person] ?? 0) + cents;
  };
  add(creator, eight - two);
  if (original !== null) add(original, two);
  return shares;
}

describe.each(dbKinds)('orders and the ledger under random carts, retries and cancellations (%s)', (kind) => {
  let t: TestApp;
  let w: OrderWorld;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    w = await buildOrderWorld(t, t.database.db);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('keeps the ledger equal to the rates on the lines not cancelled, one order per key, nothing from refusals', async () => {
    const db = t.database.db;
    const people = { a: w.a, b: w.b, c: w.c };
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        // earlier runs' orders leave the caps' 24 hours, as if a day had passed between runs
        await db.execute(sql`update orders set created_at = created_at - interval '25 hours'`);
        const start = {
          a: await heldCents(db, w.a.id),
          b: await heldCents(db, w.b.id),
          c: await heldCents(db, w.c.id),
        };
        const placed: {
          id: string;
          buyer: Person;
          key: string;
          body: unknown;
          shares: Partial<Record<Person, number>>;
          totalCents: number;
          cancelled: boolean;
        }[] = [];

        for (const s of steps) {
          if (s.kind === 'order') {
            const lines = s.lines.map((l) =>
              line(l.productId, l.quantity, l.design === null ? null : w.designs[l.design]),
            );
            if (s.forgery === 'price') lines[0] = { ...lines[0]!, unitPriceCents: lines[0]!.unitPriceCents + 1 };
            if (s.forgery === 'zero-quantity') lines[0] = { ...lines[0]!, quantity: 0 };
            if (s.forgery === 'unknown-product') lines[0] = { ...lines[0]!, productId: 'p-unknown' };
            if (s.forgery === 'unknown-design') lines[0] = { ...lines[0]!, designId: 'd-unknown' };
            if (s.forgery === 'private-design') lines[0] = line('p-sofa', lines[0]!.quantity, w.designs.privateOfC);
            // C's own private design is C's to shop from: only a forgery for someone else
            const refused = s.forgery !== 'none' && !(s.forgery === 'private-design' && s.buyer === 'c');
            const body = { idempotencyKey: newKey(), lines };
            const before = await orderWriteCounts(db);
            const sends = s.sendTwice ? 2 : 1;
            const answers = await Promise.all(
              Array.from({ length: sends }, () => placeOrderRequest(t.app, people[s.buyer].cookie, body)),
            );
            if (refused) {
              for (const res of answers) expect([400, 409]).toContain(res.statusCode);
              expect(await orderWriteCounts(db)).toEqual(before);
              continue;
            }
            // the caps on the buyer's unpaid orders of this run (the last 24 hours), worked out here
            const totalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
            // (the count takes in cancelled orders, the value only those still open)
            const unpaid = placed.filter((o) => o.buyer === s.buyer);
            const unpaidCents = unpaid.reduce((sum, o) => sum + (o.cancelled ? 0 : o.totalCents), 0);
            const capped =
              totalCents > UNPAID_ORDER_CENTS_PER_DAY
                ? { status: 400, message: orderMessages.orderOverValueCap }
                : unpaid.length >= UNPAID_ORDERS_PER_DAY
                  ? { status: 429, error: orderMessages.tooManyUnpaidOrders }
                  : unpaidCents + totalCents > UNPAID_ORDER_CENTS_PER_DAY
                    ? { status: 429, error: orderMessages.unpaidValueOverCap }
                    : null;
            if (capped) {
              for (const res of answers) {
                const { status, ...text } = capped;
                expect(res.statusCode, res.body).toBe(status);
                expect(res.json()).toMatchObject(text);
              }
              expect(await orderWriteCounts(db)).toEqual(before);
              continue;
            }
            for (const res of answers) expect(res.statusCode, res.body).toBeLessThan(300);
            const ids = new Set(answers.map((res) => res.json<PlaceOrderResponse>().order.id));
            expect(ids.size).toBe(1);
            expect(answers.map((res) => res.statusCode).sort()).toEqual(sends === 2 ? [200, 201] : [201]);
            const shares: Partial<Record<Person, number>> = {};
            const order = answers[0]!.json<PlaceOrderResponse>().order;
            order.lines.forEach((orderLine, index) => {
              const design = s.forgery === 'private-design' && index === 0 ? 'privateOfC' : s.lines[index]!.design;
              if (design === null) return;
              for (const [person, cents] of Object.entries(expectedShares(orderLine.lineTotalCents, design, s.buyer))) {
                shares[person as Person] = (shares[person as Person] ?? 0) + cents;
              }
            });
            expect(order.totalCents).toBe(totalCents);
            placed.push({
              id: order.id,
              buyer: s.buyer,
              key: body.idempotencyKey,
              body,
              shares,
              totalCents,
              cancelled: false,
            });
          } else if (placed.length > 0) {
            const target = placed[s.pick % placed.length]!;
            if (s.kind === 'retry') {
              const before = await orderWriteCounts(db);
              const res = await placeOrderRequest(t.app, people[target.buyer].cookie, target.body);
              expect(res.statusCode).toBe(200);
              expect(res.json<PlaceOrderResponse>().order.id).toBe(target.id);
              expect(await orderWriteCounts(db)).toEqual(before);
            } else {
              const res = await t.app.inject({
                method: 'POST',
                url: apiPaths.orderCancel(target.id),
                headers: { cookie: people[target.buyer].cookie },
              });
              expect(res.statusCode).toBe(200);
              target.cancelled = true;
            }
          }

          for (const person of ['a', 'b', 'c'] as const) {
            const expected = placed.filter((o) => !o.cancelled).reduce((sum, o) => sum + (o.shares[person] ?? 0), 0);
            expect((await heldCents(db, people[person].id)) - start[person]).toBe(expected);
          }
        }

        const twice = (await db.execute(
          sql`select buyer_id, idempotency_key from orders group by buyer_id, idempotency_key having count(*) > 1`,
        )) as unknown as { rows: unknown[] };
        expect(twice.rows).toEqual([]);
        // the ledger's reversed bucket mirrors exactly what cancellations took out of pending
        const mirrored = (await db.execute(
          sql`select coalesce(sum(amount_cents) filter (where kind = 'reversed' and status = 'pending'), 0)::text as taken,
                     coalesce(sum(amount_cents) filter (where status = 'reversed'), 0)::text as reversed
              from commission_entries`,
        )) as unknown as { rows: { taken: string; reversed: string }[] };
        expect(Number(mirrored.rows[0]!.taken) + Number(mirrored.rows[0]!.reversed)).toBe(0);
      }),
      { numRuns: 40 },
    );
  }, 300_000);
});
