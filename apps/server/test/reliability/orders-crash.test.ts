/**
 * kill -9 in the middle of a checkout storm (decision 0018), then restart on the same data: every
 * acknowledged order is there (sending its checkout again answers the same order and writes
 * nothing), no order is half-written, and the ledger holds exactly the rates on the lines of the
 * orders that exist — whatever the kill cut short. Each worker is a buyer of its own, since one
 * buyer may have only 10 unpaid orders a day (docs/security.md); a worker whose buyer is at a cap stops.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  commissionShares,
  expandFeedPage,
  feedResponseSchema,
  placeOrderResponseSchema,
  productSchema,
  toCents,
  type FeedDesign,
} from '@dwellscape/shared';
import { openDatabase } from '../../src/db/client';
import { CHILD_PASSWORD, prepareDataDir, startChildServer, type ChildServer } from './child-server';
import { signUpOverHttp, unlockOverHttp } from './support';

const WORKERS = 4;
const KILL_AFTER_ACKS = 8;

describe('kill -9 mid-checkout-storm (pglite)', () => {
  let server: ChildServer | undefined;
  let dataDir = '';

  afterAll(async () => {
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('loses no acknowledged order and leaves the ledger exact', async () => {
    dataDir = await prepareDataDir('dwellscape-orders-crash-');
    server = await startChildServer({ dataDir });
    const base = server.baseUrl;
    const buyers = [];
    for (let i = 0; i < WORKERS; i++)
      buyers.push(await signUpOverHttp(base, await unlockOverHttp(base, CHILD_PASSWORD)));
    const buyer = buyers[0]!;
    const feed = expandFeedPage(
      feedResponseSchema.parse(
        await (
          await fetch(`${base}${apiPaths.designs}?mode=interior&limit=25`, { headers: { cookie: buyer.cookie } })
        ).json(),
      ),
    );
    const remix: FeedDesign = feed.items.find((d) => d.originalCreator !== null && d.selectedProducts.length > 0)!;
    expect(remix, 'a seeded remix with products').toBeDefined();
    const priced = await Promise.all(
      remix.selectedProducts.map(async (p) => {
        const product = productSchema.parse(
          await (await fetch(`${base}${apiPaths.product(p.id)}`, { headers: { cookie: buyer.cookie } })).json(),
        );
        return { productId: product.id, quantity: 1, unitPriceCents: toCents(product.price), designId: remix.id };
      }),
    );
    // its cheapest product, so that each buyer's 10 unpaid orders fit in the $10,000.00 a day
    const lines = [priced.sort((x, y) => x.unitPriceCents - y.unitPriceCents)[0]!];
    expect(lines[0]!.unitPriceCents * 10).toBeLessThanOrEqual(1_000_000);

    const acked = new Map<string, { orderId: string; cookie: string }>();
    let sent = 0;
    let stop = false;
    let working = WORKERS;
    const worker = async ({ cookie }: { cookie: string }) => {
      while (!stop) {
        const body = { idempotencyKey: `crash-${process.pid}-${sent++}-${Math.random().toString(36).slice(2)}`, lines };
        try {
          const res = await fetch(`${base}${apiPaths.orders}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            body: JSON.stringify(body),
          });
          // 429: the buyer is at a cap; this worker is done
          if (res.status === 429) break;
          const answer = placeOrderResponseSchema.parse(await res.json());
          acked.set(body.idempotencyKey, { orderId: answer.order.id, cookie });
        } catch {
          break; // the server is gone
        }
      }
      working -= 1;
    };
    const storm = buyers.map(worker);
    while (acked.size < KILL_AFTER_ACKS && working > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 200));
    await server.crash();
    stop = true;
    await Promise.all(storm);
    expect(acked.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);

    server = await startChildServer({ dataDir });
    // the session row survived too: the same cookie signs the same buyer in
    for (const [idempotencyKey, { orderId, cookie }] of acked) {
      const res = await fetch(`${server.baseUrl}${apiPaths.orders}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ idempotencyKey, lines }),
      });
      expect(res.status).toBe(200);
      expect(placeOrderResponseSchema.parse(await res.json()).order.id).toBe(orderId);
    }
    await server.stop();
    server = undefined;

    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pgdata') });
    try {
      const rows = (await database.db.execute(
        sql`select o.id, count(l.id)::int as lines from orders o left join order_lines l on l.order_id = o.id group by o.id`,
      )) as unknown as { rows: { id: string; lines: number }[] };
      expect(rows.rows.length).toBeGreaterThanOrEqual(acked.size);
      for (const row of rows.rows) expect(row.lines).toBe(lines.length);
      const perOrder = lines.flatMap((line) =>
        commissionShares({
          lineCents: line.unitPriceCents,
          buyerId: buyer.accountId,
          creatorId: remix.userId,
          originalCreatorId: remix.originalCreator!.id,
          isRemix: true,
        }),
      );
      const ledger = (await database.db.execute(
        sql`select earner_id, sum(amount_cents)::text as cents from commission_entries where order_id is not null group by earner_id`,
      )) as unknown as { rows: { earner_id: string; cents: string }[] };
      const expected = new Map<string, number>();
      for (const share of perOrder) {
        expected.set(share.earnerId, (expected.get(share.earnerId) ?? 0) + share.amountCents * rows.rows.length);
      }
      expect(new Map(ledger.rows.map((r) => [r.earner_id, Number(r.cents)]))).toEqual(expected);
    } finally {
      await database.close();
    }
  }, 240_000);
});
