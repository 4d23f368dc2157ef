import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths, messages } from '@dwellscape/shared';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { rateLimitHits } from '../src/db/schema';
import { AI_REQUESTS_PER_MINUTE } from '../src/modules/ai/ai.routes';
import { GATE_MAX_FAILURES } from '../src/modules/gate/gate.service';
import { PostgresRateLimitStore, postgresRateLimitStore } from '../src/modules/rate-limits/rate-limits.repository';
import type { AppInstance } from '../src/types';
import { createPostgresDatabase, createTestApp, dbKinds, type TestApp } from './helpers';

const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

describe.each(dbKinds)('the rate-limit store (%s)', (kind) => {
  let t: TestApp;
  const store = (namespace: string) => new PostgresRateLimitStore(t.database.db, namespace);
  const endAllWindows = () => t.database.db.update(rateLimitHits).set({ resetAt: new Date(Date.now() - 1000) });

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('opens a window at the first hit and keeps its end for the hits after', async () => {
    const s = store('window');
    expect(await s.hit('a', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    const second = await s.hit('a', 60_000);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(50_000);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
    expect(await s.peek('a')).toMatchObject({ current: 2 });
    expect(await s.hit('b', 60_000)).toMatchObject({ current: 1 });
  });

  it('loses no count when hits arrive at once', async () => {
    const s = store('burst');
    const counts = await Promise.all(Array.from({ length: 40 }, () => s.hit('k', 60_000)));
    expect(counts.map((c) => c.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect((await s.peek('k')).current).toBe(40);
  });

  it('starts counting again once a window has ended', async () => {
    const s = store('ended');
    for (let i = 0; i < 3; i++) await s.hit('k', 60_000);
    await endAllWindows();
    expect(await s.peek('k')).toEqual({ current: 0, ttl: 0 });
    expect(await s.hit('k', 60_000)).toEqual({ current: 1, ttl: 60_000 });
  });

  it('peeks without counting and forgets a key on request', async () => {
    const s = store('peek');
    expect(await s.peek('k')).toEqual({ current: 0, ttl: 0 });
    await s.hit('k', 60_000);
    await s.peek('k');
    expect((await s.peek('k')).current).toBe(1);
    await s.forget('k');
    expect(await s.peek('k')).toEqual({ current: 0, ttl: 0 });
  });

  it('takes a hit back in its open window, never below 0, and not in an ended one', async () => {
    const s = store('take-back');
    await s.hit('k', 60_000);
    await s.hit('k', 60_000);
    await s.takeBack('k');
    expect((await s.peek('k')).current).toBe(1);
    await s.takeBack('k');
    await s.takeBack('k');
    expect((await s.peek('k')).current).toBe(0);
    expect((await s.hit('k', 60_000)).current).toBe(1);
    await s.takeBack('never-hit');
    expect(await s.peek('never-hit')).toEqual({ current: 0, ttl: 0 });
  });

  it('books turns spacingMs apart however many ask at once, and none past the longest wait', async () => {
    const s = store('turns');
    const waits = await Promise.all(Array.from({ length: 8 }, () => s.bookTurn('line', 1000, 5000)));
    const booked = waits.filter((wait) => wait !== null).sort((a, b) => a - b);
    // turns at 0, 1, 2, 3, 4 and 5 s: the sixth waits exactly the longest wait
    expect(booked).toHaveLength(6);
    expect(waits.filter((wait) => wait === null)).toHaveLength(2);
    booked.forEach((wait, i) => {
      // each call reads the clock a little later than the one before
      expect(wait).toBeGreaterThanOrEqual(i * 1000 - 500);
      expect(wait).toBeLessThanOrEqual(i * 1000 + 50);
    });
    // a refused call booked nothing: the line still ends 6 s from now
    expect(await s.bookTurn('line', 1000, 5000)).toBeNull();
    await endAllWindows();
    expect(await s.bookTurn('line', 1000, 5000)).toBe(0);
  });

  it('keeps the counts of namespaces and of child routes apart', async () => {
    const ai = store('ns-ai');
    const gate = store('ns-gate');
    await ai.hit('same-key', 60_000);
    await ai.hit('same-key', 60_000);
    expect((await gate.hit('same-key', 60_000)).current).toBe(1);
    const route = ai.child({ routeInfo: { method: 'POST', url: '/api/x' } });
    expect((await route.hit('same-key', 60_000)).current).toBe(1);
    // a limiter made with createRateLimit() has no route: it shares its parent's counts
    expect((await ai.child({ routeInfo: {} }).hit('same-key', 60_000)).current).toBe(3);
  });

  it('deletes ended windows after a hit, at most once a minute', async () => {
    const s = store('sweep');
    await s.hit('old', 60_000);
    await endAllWindows();
    const rows = async () =>
      Number((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(rateLimitHits))[0]!.n);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // the sweep is throttled on this process's clock; the windows run on the database's
      vi.setSystemTime(Date.now() + 10 * 60_000);
      await s.hit('new', 60_000);
      expect(await rows()).toBe(1);
      await endAllWindows();
      await s.hit('newer', 60_000);
      expect(await rows()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is the store of @fastify/rate-limit, answering 429 with Retry-After past the limit', async () => {
    const app = Fastify();
    try {
      await app.register(rateLimit, {
        store: postgresRateLimitStore(t.database.db, 'plugin'),
        max: 2,
        timeWindow: 30_000,
      });
      app.get('/limited', async () => ({ ok: true }));
      // a limit a handler applies itself (counted or only read), as the plugin offers for manual use
      const manual = app.createRateLimit({ max: 1, timeWindow: 30_000, keyGenerator: () => 'manual' });
      for (const [url, increment] of [
        ['/manual/read', false],
        ['/manual/count', true],
      ] as const) {
        app.get(url, { config: { rateLimit: false } }, async (request) => {
          const verdict = await manual(request, { increment });
          return { remaining: 'remaining' in verdict ? verdict.remaining : null };
        });
      }

      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await app.inject({ method: 'GET', url: '/limited' })).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
      const limited = await app.inject({ method: 'GET', url: '/limited' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(25);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(30);

      const manualRemaining = async (url: string) => (await app.inject({ method: 'GET', url })).json().remaining;
      expect(await manualRemaining('/manual/read')).toBe(1);
      expect(await manualRemaining('/manual/count')).toBe(0);
      expect(await manualRemaining('/manual/read')).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('refuses plugin options it cannot honour', () => {
    const Store = postgresRateLimitStore(t.database.db, 'options');
    expect(() => new Store({ continueExceeding: true } as never)).toThrow(/fixed windows/);
    expect(() => new Store({ exponentialBackoff: true } as never)).toThrow(/fixed windows/);
  });
});

/** Two servers on one Postgres database, as two instances behind a load balancer. */
describe.skipIf(!postgresUrl)('rate limits across two instances on one Postgres', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  const instances: Array<{ app: AppInstance; handle: DatabaseHandle; dataDir: string }> = [];
  const sessionSecret = randomBytes(32).toString('hex');

  beforeAll(async () => {
    database = await createPostgresDatabase();
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dwellscape-rl-'));
      const config = loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        BETA_PASSWORD: 'open-sesame',
        WEB_DIST_DIR: path.join(dataDir, 'no-web'),
        DATABASE_URL: database.url,
        // one secret, as instances behind one name share it: a cookie from one is good on the other
        SESSION_SECRET: sessionSecret,
      });
      const handle = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 5 });
      const app = await buildApp({ config, database: handle, logger: false });
      await app.ready();
      instances.push({ app, handle, dataDir });
    }
  });
  afterAll(async () => {
    for (const { app, handle, dataDir } of instances) {
      await app.close();
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    await database?.drop();
  });

  const gate = (instance: number, password: string, remoteAddress: string) =>
    instances[instance]!.app.inject({ method: 'POST', url: apiPaths.gate, payload: { password }, remoteAddress });

  it('count wrong gate passwords together: guesses spread over both still lock the address out of both', async () => {
    const guesser = '10.2.0.1';
    for (let i = 0; i < GATE_MAX_FAILURES; i++) expect((await gate(i % 2, 'wrong', guesser)).statusCode).toBe(401);
    for (const instance of [0, 1]) {
      const limited = await gate(instance, 'open-sesame', guesser);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ error: messages.gate.rateLimited });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
    }
    expect((await gate(1, 'open-sesame', '10.2.0.2')).statusCode).toBe(204);
  });

  it('share one AI budget per session, whichever instance a call reaches', async () => {
    const unlocked = await gate(0, 'open-sesame', '10.2.0.3');
    const cookie = (unlocked.headers['set-cookie'] as string).split(';')[0]!;
    const call = (instance: number) =>
      instances[instance]!.app.inject({
        method: 'POST',
        url: apiPaths.improveCaption,
        payload: { caption: 'hi', spaceType: 'interior' },
        headers: { cookie },
      });
    for (let i = 0; i < AI_REQUESTS_PER_MINUTE; i++) expect((await call(i % 2)).statusCode).toBe(200);
    for (const instance of [0, 1]) {
      const limited = await call(instance);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});
