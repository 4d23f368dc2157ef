/**
 * Per-person write limits (modules/rate-limits/write-limits.ts): a slot is taken by one atomic upsert before the work, so a
 * burst sent at once cannot pass a limit that is checked before any of it is counted. And every write route has a
 * limit, or is on the reviewed list below with its reason: the walk reads Fastify's own route table, so a write
 * route added later without a limit fails here.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimitedError } from '../src/errors';
import { WriteLimiter, type WriteLimit, type Writer } from '../src/modules/rate-limits/write-limits';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import { filePart, listFiles, makeJpeg, multipartBody } from './media-fixtures';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Write routes that need no per-person limit, each with the reason, reviewed. Anything else that writes takes a
 * slot of a limit before its handler.
 */
const NEEDS_NO_LIMIT: Record<string, string> = {
  'POST /api/gate': 'counts wrong passwords and new sessions per address itself (gate.service.ts)',
  'POST /api/auth/sign-in': 'counts wrong passwords per username and address itself, slot first (accounts.service.ts)',
  'POST /api/auth/sign-out': 'ends the caller’s own session: nothing to repeat',
  'POST /api/auth/sign-out-everywhere': 'ends the caller’s own sessions: nothing to repeat',
  'DELETE /api/me': 'deletes the caller’s own account, once',
  'POST /api/notifications/read': 'marks the caller’s own notifications read: the same rows each time, nothing stored',
  'POST /api/orders':
    'capped per buyer inside its transaction, under a lock: 10 unpaid orders and $10,000.00 a day (orders.service.ts)',
  'POST /api/orders/:id/cancel':
    'cancels the caller’s own order: its ledger rows are written once, a second cancel changes nothing',
  'POST /api/render-jobs':
    'the render queue counts jobs per person and, signed out, per address, under a lock (render-jobs.service.ts)',
  'POST /api/render-jobs/:id/cancel': 'cancels the caller’s own job: a second cancel changes nothing',
};

const limit = (name: string, max: number, perAddress?: number): WriteLimit => ({
  name: `${name}-${randomUUID()}`,
  max,
  ...(perAddress === undefined ? {} : { perAddress }),
  windowMs: 60_000,
  message: 'You are doing that too fast. Please wait a moment.',
});

const signedOut = (address: string): Writer => ({ viewer: { viewerId: randomUUID(), accountId: null }, address });

describe.each(dbKinds)('write limits (%s)', (kind) => {
  let t: TestApp;
  let limiter: WriteLimiter;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    limiter = new WriteLimiter(t.database.db);
  });
  afterAll(async () => t?.close());

  it('lets exactly max calls of a burst through, and refuses the rest with a retry time', async () => {
    const rule = limit('burst', 10);
    const writer = signedOut('203.0.113.7');
    const outcomes = await Promise.allSettled(Array.from({ length: 40 }, () => limiter.take(rule, writer)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refused).toHaveLength(30);
    for (const { reason } of refused) {
      expect(reason).toBeInstanceOf(RateLimitedError);
      expect((reason as RateLimitedError).message).toBe(rule.message);
      expect((reason as RateLimitedError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect((reason as RateLimitedError).retryAfterSeconds).toBeLessThanOrEqual(60);
    }
  });

  it('counts a signed-in person per account, whichever session they write from', async () => {
    const rule = limit('account', 3);
    const accountId = randomUUID();
    const writers = [1, 2, 3, 4].map((n) => ({
      viewer: { viewerId: randomUUID(), accountId },
      address: `198.51.100.${n}`,
    }));
    const outcomes = await Promise.allSettled(writers.map((writer) => limiter.take(rule, writer)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
  });

  it('counts fresh sessions from one address together when the limit has a per-address budget', async () => {
    const rule = limit('address', 5, 8);
    // 20 new sessions, one call each: each session is far under its own 5, the address's 8 stops the rest
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => limiter.take(rule, signedOut('192.0.2.44'))),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(8);
    // another address still has its budget
    await expect(limiter.take(rule, signedOut('192.0.2.45'))).resolves.toBeUndefined();
  });

  it('has a limit on every write route, or a reviewed reason not to', () => {
    const writes = t.app.routeTable.filter((route) => UNSAFE.has(route.method) && route.url.startsWith('/api/'));
    expect(writes.length).toBeGreaterThan(10);
    const unlimited = writes
      .filter((route) => route.limits.length === 0)
      .map((route) => `${route.method} ${route.url}`)
      .filter((name) => !(name in NEEDS_NO_LIMIT));
    expect(unlimited).toEqual([]);
    // the list names only routes that exist, so it cannot keep a stale excuse
    const names = new Set(writes.map((route) => `${route.method} ${route.url}`));
    expect(Object.keys(NEEDS_NO_LIMIT).filter((name) => !names.has(name))).toEqual([]);
  });

  it('refuses an upload past the person’s budget before storing anything', async () => {
    const small = await createTestApp({ kind, env: { UPLOADS_PER_TEN_MINUTES: '3' } });
    try {
      const cookie = await small.unlock();
      const form = multipartBody([filePart(await makeJpeg())]);
      const upload = () =>
        small.app.inject({
          method: 'POST',
          url: '/api/uploads',
          headers: { cookie, 'content-type': form.contentType },
          payload: form.payload,
        });
      const answers = await Promise.all([upload(), upload(), upload(), upload(), upload()]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 201, 201, 429, 429]);
      const refused = answers.find((res) => res.statusCode === 429)!;
      expect(refused.json()).toEqual({ error: 'You are uploading too fast. Please wait a few minutes and try again.' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(listFiles(`${small.dataDir}/media`).filter((file) => file.includes('uploads'))).toHaveLength(3);
    } finally {
      await small.close();
    }
  });
});
