import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORDER_CANCEL_WINDOW_MS,
  apiPaths,
  orderMessages,
  type EarningsResponse,
  type Notification,
  type Order,
  type OrdersResponse,
  type PlaceOrderResponse,
} from '@dwellscape/shared';
import { orders } from '../src/db/schema';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import { insertDesign } from './fixtures';
import {
  buildOrderWorld,
  heldCents,
  line,
  newKey,
  orderWriteCounts,
  placeOrderRequest,
  priceCents,
  type OrderWorld,
} from './orders-world';

describe.each(dbKinds)('orders and commission (%s)', (kind) => {
  let t: TestApp;
  let w: OrderWorld;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    w = await buildOrderWorld(t, t.database.db);
  });

  afterAll(async () => {
    await t?.close();
  });

  const place = (cookie: string, body: unknown) => placeOrderRequest(t.app, cookie, body);
  const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const cancel = (cookie: string, id: string) =>
    t.app.inject({ method: 'POST', url: apiPaths.orderCancel(id), headers: { cookie } });

  it('places an order priced from the catalogue, payment pending, and credits the remix chain', async () => {
    const heldBefore = { a: await heldCents(t.database.db, w.a.id), c: await heldCents(t.database.db, w.c.id) };
    const res = await place(w.b.cookie, {
      idempotencyKey: newKey(),
      lines: [
        line('p-sofa', 2, w.designs.remix),
        line('p-rug', 1, w.designs.remix),
        line('p-lamp', 1, w.designs.original),
        line('p-cheap', 3, w.designs.original),
        line('p-free', 1, w.designs.remix),
        line('p-lamp', 1),
      ],
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<PlaceOrderResponse>();
    expect(body.created).toBe(true);
    expect(body.paymentMessage).toBe(orderMessages.paymentPending);
    expect(body.order).toMatchObject({ status: 'placed', paymentStatus: 'pending', paymentProvider: 'beta' });
    expect(
      body.order.lines.map((l) => [l.name, l.unitPriceCents, l.quantity, l.lineTotalCents, l.designTitle]),
    ).toEqual([
      ['Emerald Sofa', 129_999, 2, 259_998, 'Green Room, Again'],
      ['Wool Rug', 429_900, 1, 429_900, 'Green Room, Again'],
      ['Arc Lamp', 18_950, 1, 18_950, 'Green Room'],
      ['Linen Napkin', 37, 3, 111, 'Green Room'],
      ['Sample Swatch', 0, 1, 0, 'Green Room, Again'],
      ['Arc Lamp', 18_950, 1, 18_950, null],
    ]);
    expect(body.order.totalCents).toBe(259_998 + 429_900 + 18_950 + 111 + 18_950);
    expect(Date.parse(body.order.cancellableUntil!) - Date.parse(body.order.createdAt)).toBe(ORDER_CANCEL_WINDOW_MS);

    // the remix's creator keeps 6% of its lines, the original creator 2%; the original's own lines pay C 8%
    // (rounded down per share: 8.88 cents of napkins pay 8)
    expect((await heldCents(t.database.db, w.a.id)) - heldBefore.a).toBe(15_600 + 25_794);
    expect((await heldCents(t.database.db, w.c.id)) - heldBefore.c).toBe(5_199 + 8_598 + 1_516 + 8);

    const earnings = (await get(w.a.cookie, apiPaths.meEarnings)).json<EarningsResponse>();
    expect(earnings.totals).toEqual({ pendingCents: 41_394, availableCents: 0, reversedCents: 0 });
    expect(earnings.entries.map((e) => [e.kind, e.status, e.role, e.amountCents, e.productName])).toEqual(
      expect.arrayContaining([
        ['earned', 'pending', 'creator', 15_600, 'Emerald Sofa'],
        ['earned', 'pending', 'creator', 25_794, 'Wool Rug'],
      ]),
    );
    expect(earnings.byDesign).toEqual([
      { designId: w.designs.remix, designTitle: 'Green Room, Again', pendingCents: 41_394, availableCents: 0 },
    ]);

    // each earner hears of it once per design, with the amount, live through the activity feed
    const activityOfC = (await get(w.c.cookie, apiPaths.notifications)).json<{ items: Notification[] }>().items;
    const commissions = activityOfC.filter((n) => n.type === 'commission');
    expect(commissions.map((n) => [n.designId, n.amount, n.actor?.id])).toEqual(
      expect.arrayContaining([
        [w.designs.remix, '$137.97', w.b.id],
        [w.designs.original, '$15.24', w.b.id],
      ]),
    );
    expect(commissions.find((n) => n.designId === w.designs.remix)!.message).toBe(
      'You earned a commission: B bought from “Green Room, Again”, a remix of your design. $137.97, pending.',
    );
  });

  it('answers a retry with the same order and writes nothing; another cart under that key is refused', async () => {
    const key = newKey();
    const body = { idempotencyKey: key, lines: [line('p-lamp', 2, w.designs.original)] };
    const first = await place(w.b.cookie, body);
    expect(first.statusCode).toBe(201);
    const before = await orderWriteCounts(t.database.db);
    const [again, twice] = await Promise.all([place(w.b.cookie, body), place(w.b.cookie, body)]);
    for (const res of [again, twice]) {
      expect(res.statusCode).toBe(200);
      expect(res.json<PlaceOrderResponse>()).toMatchObject({
        created: false,
        order: { id: first.json<PlaceOrderResponse>().order.id },
      });
    }
    const other = await place(w.b.cookie, { idempotencyKey: key, lines: [line('p-lamp', 3, w.designs.original)] });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ error: 'Conflict', message: orderMessages.keyReused });
    expect(await orderWriteCounts(t.database.db)).toEqual(before);
    // a key is the account's own: another buyer's identical checkout is another order
    expect((await place(w.a.cookie, body)).statusCode).toBe(201);
  });

  it.each([
    [
      'a forged price',
      () => ({ lines: [{ ...line('p-sofa', 1, null), unitPriceCents: 100 }] }),
      409,
      'body.lines.0.unitPriceCents: The price of Emerald Sofa is now $1,299.99.',
    ],
    ['a quantity of 0', () => ({ lines: [line('p-sofa', 0)] }), 400, 'Invalid body.lines.0.quantity'],
    [
      'a negative quantity',
      () => ({ lines: [line('p-lamp', 1), line('p-sofa', -2)] }),
      400,
      'Invalid body.lines.1.quantity',
    ],
    [
      'an unknown product',
      () => ({ lines: [line('p-lamp', 1), { ...line('p-lamp', 1), productId: 'p-nope' }] }),
      400,
      'body.lines.1.productId: No product has this id.',
    ],
    [
      'an unknown design',
      () => ({ lines: [line('p-lamp', 1, 'd-nope')] }),
      400,
      'body.lines.0.designId: No design has this id.',
    ],
    [
      "someone else's private design",
      () => ({ lines: [line('p-sofa', 1, w.designs.privateOfC)] }),
      400,
      'body.lines.0.designId: No design has this id.',
    ],
    [
      'a product the design does not show',
      () => ({ lines: [line('p-rug', 1, w.designs.original)] }),
      400,
      'body.lines.0.designId: This design does not show this product.',
    ],
    ['no lines', () => ({ lines: [] }), 400, 'Invalid body.lines'],
    [
      'a missing key',
      () => ({ idempotencyKey: undefined, lines: [line('p-lamp', 1)] }),
      400,
      'Invalid body.idempotencyKey',
    ],
  ])('refuses %s with a 4xx naming the field, and writes nothing', async (_name, makeBody, status, message) => {
    const before = await orderWriteCounts(t.database.db);
    const res = await place(w.b.cookie, { idempotencyKey: newKey(), ...makeBody() });
    expect(res.statusCode).toBe(status);
    expect(res.json<{ message: string }>().message).toContain(message);
    expect(await orderWriteCounts(t.database.db)).toEqual(before);
  });

  it('lets the creator shop from their own private design (no commission to themselves)', async () => {
    const res = await place(w.c.cookie, { idempotencyKey: newKey(), lines: [line('p-sofa', 1, w.designs.privateOfC)] });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses a design’s own item as an order line, naming it, and writes nothing', async () => {
    const ownItem = {
      id: 'uploaded_1700000000000_0',
      name: 'Grandma’s lamp',
      price: 0,
      brandId: '',
      imageUrl: '/media/uploads/aa/lamp.webp',
      quantity: 1,
      ownItem: true,
    };
    const design = await insertDesign(t.database.db, {
      userId: w.c.id,
      title: 'With an heirloom',
      selectedProducts: [
        {
          id: 'p-sofa',
          name: 'Emerald Sofa',
          price: 1299.99,
          brandId: 'b-orders',
          imageUrl: '/media/p.webp',
          quantity: 1,
          ownItem: false,
        },
        ownItem,
        // a catalogue id this design shows only as an own item (an old snapshot the migration turned into one)
        { ...ownItem, id: 'p-lamp', name: 'Lamp from home' },
      ],
    });
    const before = await orderWriteCounts(t.database.db);
    const refusals = [
      [
        { productId: ownItem.id, quantity: 1, unitPriceCents: 0, designId: design.id },
        'productId',
        orderMessages.ownItemNotSold,
      ],
      [
        { productId: ownItem.id, quantity: 1, unitPriceCents: 0, designId: null },
        'productId',
        orderMessages.unknownProduct,
      ],
      [line('p-lamp', 1, design.id), 'designId', orderMessages.productNotInDesign],
    ] as const;
    for (const [bad, field, message] of refusals) {
      const res = await place(w.b.cookie, { idempotencyKey: newKey(), lines: [line('p-sofa', 1, design.id), bad] });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ details: [{ field: `body.lines.1.${field}`, message }] });
    }
    expect(await orderWriteCounts(t.database.db)).toEqual(before);
    // the design's catalogue products alone are ordered as usual
    const ok = await place(w.b.cookie, { idempotencyKey: newKey(), lines: [line('p-sofa', 1, design.id)] });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('asks a signed-out viewer to sign in and writes nothing', async () => {
    const before = await orderWriteCounts(t.database.db);
    const res = await place(await t.unlock(), { idempotencyKey: newKey(), lines: [line('p-lamp', 1)] });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'Sign in required' });
    expect((await get(await t.unlock(), apiPaths.orders)).statusCode).toBe(401);
    expect(await orderWriteCounts(t.database.db)).toEqual(before);
  });

  it('pays no commission on your own purchase: buying from your remix credits only the original creator', async () => {
    const before = { a: await heldCents(t.database.db, w.a.id), c: await heldCents(t.database.db, w.c.id) };
    const res = await place(w.a.cookie, { idempotencyKey: newKey(), lines: [line('p-rug', 1, w.designs.remix)] });
    expect(res.statusCode).toBe(201);
    expect(await heldCents(t.database.db, w.a.id)).toBe(before.a);
    expect(await heldCents(t.database.db, w.c.id)).toBe(before.c + 8_598);
  });

  it('cancels within the window by appending reversals; again changes nothing; after the window it is refused', async () => {
    const db = t.database.db;
    const before = await heldCents(db, w.c.id);
    const placed = (
      await place(w.b.cookie, { idempotencyKey: newKey(), lines: [line('p-lamp', 1, w.designs.original)] })
    ).json<PlaceOrderResponse>().order;
    expect(await heldCents(db, w.c.id)).toBe(before + 1_516);
    const earnedRows = (await orderWriteCounts(db)).commissionEntries;

    const res = await cancel(w.b.cookie, placed.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<Order>()).toMatchObject({ status: 'cancelled', paymentStatus: 'voided', cancellableUntil: null });
    expect(await heldCents(db, w.c.id)).toBe(before);
    // two new rows (pending −, reversed +); the earned row is untouched
    expect((await orderWriteCounts(db)).commissionEntries).toBe(earnedRows + 2);
    const earnings = (await get(w.c.cookie, apiPaths.meEarnings)).json<EarningsResponse>();
    expect(earnings.totals.reversedCents).toBeGreaterThanOrEqual(1_516);
    const ofOrder = earnings.entries.filter((e) => e.orderId === placed.id);
    expect(ofOrder.map((e) => [e.kind, e.status, e.amountCents])).toEqual([
      ['reversed', 'reversed', -1_516],
      ['earned', 'reversed', 1_516],
    ]);

    const again = await cancel(w.b.cookie, placed.id);
    expect(again.statusCode).toBe(200);
    expect((await orderWriteCounts(db)).commissionEntries).toBe(earnedRows + 2);
    expect((await cancel(w.a.cookie, placed.id)).statusCode).toBe(404);

    const old = (
      await place(w.b.cookie, { idempotencyKey: newKey(), lines: [line('p-lamp', 1, w.designs.original)] })
    ).json<PlaceOrderResponse>().order;
    await db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - ORDER_CANCEL_WINDOW_MS - 1000) })
      .where(eq(orders.id, old.id));
    const late = await cancel(w.b.cookie, old.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: orderMessages.cancelWindowOver });
  });

  it("lists the account's own orders, newest first, with status", async () => {
    const res = await get(w.b.cookie, apiPaths.orders);
    expect(res.statusCode).toBe(200);
    const items = res.json<OrdersResponse>().items;
    expect(items.length).toBeGreaterThanOrEqual(4);
    const times = items.map((o) => Date.parse(o.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(new Set(items.map((o) => o.status))).toEqual(new Set(['placed', 'cancelled']));
    const ofA = (await get(w.a.cookie, apiPaths.orders)).json<OrdersResponse>().items;
    expect(ofA.every((o) => !items.some((mine) => mine.id === o.id))).toBe(true);
    expect(priceCents('p-sofa')).toBe(129_999);
  });
});
