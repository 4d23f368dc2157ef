import { rmSync } from 'node:fs';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, apiPaths, messages } from '@dwellscape/shared';
import { loadConfig } from '../../src/config';
import { GOOD_PASSWORD } from '../fixtures';
import { createPostgresDatabase, dbKinds } from '../helpers';
import { CHILD_PASSWORD, prepareDataDir, startChildServer, type ChildServer } from './child-server';

/**
 * docs/security.md items 1 (the password work; a burst at one account is sign-in-burst.test.ts), 4a and 6,
 * against the real server in a child process (its event loop is not this file's, so /api/health's
 * latency is the server's own): bursts of sign-ins, sign-ups and unlocks sent at once, each from the
 * address the trusted proxy names (X-Forwarded-For).
 */

/** The production limits per address, as a server started without them has (config.ts). */
const defaults = loadConfig({ DATA_DIR: os.tmpdir(), SESSION_SECRET: 'x'.repeat(32) }).perAddressPerHour;

let addressesUsed = 0;
/** A client address no other request of this file came from. */
const freshAddress = () => `10.37.${Math.floor(++addressesUsed / 250)}.${(addressesUsed % 250) + 1}`;

/**
 * The slowest /api/health a burst may cause. Before the password work took turns, 300 sign-ins at
 * once held it 25.7 s on PGlite (0.64 s on Postgres) and 100 sign-ups 5.9 s (0.14 s); since,
 * 0.7–0.9 s and 1.1–2.0 s on PGlite, 0.4 s and 0.15 s on Postgres, on a shared 2-core machine.
 */
const HEALTH_SLOWEST_MS = 2500;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls /api/health every 25 ms while `work` runs: the slowest answer and how many were asked. */
async function healthWhile<T>(baseUrl: string, work: () => Promise<T>): Promise<{ result: T; slowestMs: number }> {
  let done = false;
  let slowestMs = 0;
  const poller = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await fetch(`${baseUrl}${apiPaths.health}`);
      await res.arrayBuffer();
      slowestMs = Math.max(slowestMs, performance.now() - started);
      await pause(25);
    }
  })();
  try {
    const result = await work();
    return { result, slowestMs };
  } finally {
    done = true;
    await poller;
  }
}

describe.each(dbKinds)('sign-in, sign-up and the gate under a burst, over HTTP (%s)', (kind) => {
  let server: ChildServer;
  let dataDir: string;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;

  beforeAll(async () => {
    dataDir = await prepareDataDir('dwellscape-sign-in-abuse-');
    database = kind === 'postgres' ? await createPostgresDatabase() : undefined;
    server = await startChildServer({
      dataDir,
      databaseUrl: database?.url,
      env: {
        TRUST_PROXY: '127.0.0.1',
        SIGN_UPS_PER_ADDRESS_PER_HOUR: String(defaults.signUps),
        GATE_SESSIONS_PER_ADDRESS_PER_HOUR: String(defaults.gateSessions),
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (path: string, body: object, headers: Record<string, string>) =>
    fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  /** A gate session of its own address, so that the gate's limit per address stays out of the way. */
  const unlockFrom = async (address = freshAddress()) => {
    const res = await post(apiPaths.gate, { password: CHILD_PASSWORD }, { 'x-forwarded-for': address });
    expect(res.status).toBe(204);
    return res.headers.getSetCookie()[0]!.split(';')[0]!;
  };
  const signIn = (cookie: string, address: string, username: string, password: string) =>
    post(apiPaths.signIn, { username, password }, { cookie, 'x-forwarded-for': address });

  it('keeps /api/health answering during 300 sign-ins at once: password work waits its turn or is refused 503 (item 1)', async () => {
    const cookie = await unlockFrom();
    const { result: statuses, slowestMs } = await healthWhile(server.baseUrl, () =>
      Promise.all(
        Array.from({ length: 300 }, (_, i) =>
          signIn(cookie, freshAddress(), `nobody_${kind}_${i}`, 'not a password at all').then(async (res) => {
            if (res.status === 503) {
              expect(res.headers.get('retry-after')).toBe('1');
              expect(await res.json()).toEqual({
                error: 'Service Unavailable',
                message: accountMessages.passwordWorkBusy,
              });
            }
            return res.status;
          }),
        ),
      ),
    );
    console.info(`${kind}: 300 sign-ins at once, /api/health slowest ${slowestMs.toFixed(0)} ms`);
    expect(statuses.filter((status) => status !== 401 && status !== 503)).toEqual([]);
    expect(slowestMs).toBeLessThan(HEALTH_SLOWEST_MS);
  });

  it(`opens at most ${defaults.signUps} accounts an hour from one address, however many are sent at once (item 6)`, async () => {
    const address = freshAddress();
    const gates = await Promise.all(Array.from({ length: 100 }, () => unlockFrom()));
    const { result: answers, slowestMs } = await healthWhile(server.baseUrl, () =>
      Promise.all(
        gates.map((cookie, i) =>
          post(
            apiPaths.signUp,
            { username: `burst_${kind}_${i}`, displayName: `Burst ${i}`, password: GOOD_PASSWORD },
            { cookie, 'x-forwarded-for': address },
          ),
        ),
      ),
    );
    const statuses = answers.map((res) => res.status);
    console.info(`${kind}: 100 sign-ups at once from one address, /api/health slowest ${slowestMs.toFixed(0)} ms`);
    expect(statuses.filter((status) => status === 201)).toHaveLength(defaults.signUps);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - defaults.signUps);
    const refused = answers[statuses.indexOf(429)]!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(59 * 60);
    expect(await refused.json()).toEqual({ error: accountMessages.signUpRateLimited });
    // another address signs up as before
    const other = await post(
      apiPaths.signUp,
      { username: `elsewhere_${kind}`, displayName: 'Elsewhere', password: GOOD_PASSWORD },
      { cookie: await unlockFrom(), 'x-forwarded-for': freshAddress() },
    );
    expect(other.status).toBe(201);
    expect(slowestMs).toBeLessThan(HEALTH_SLOWEST_MS);
  });

  it(`opens at most ${defaults.gateSessions} gate sessions an hour from one address; a live session renews uncounted (item 4a)`, async () => {
    const address = freshAddress();
    const unlock = (cookie?: string) =>
      post(apiPaths.gate, { password: CHILD_PASSWORD }, { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) });
    const first = await unlock();
    expect(first.status).toBe(204);
    const cookie = first.headers.getSetCookie()[0]!.split(';')[0]!;
    const answers = await Promise.all(Array.from({ length: 200 }, () => unlock()));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 204)).toHaveLength(defaults.gateSessions - 1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(200 - (defaults.gateSessions - 1));
    const refused = answers[statuses.indexOf(429)]!;
    expect(await refused.json()).toEqual({ error: messages.gate.rateLimited });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(59 * 60);
    // the viewer who already has a session keeps coming back
    const renewed = await unlock(cookie);
    expect(renewed.status).toBe(204);
    const again = await unlock(renewed.headers.getSetCookie()[0]!.split(';')[0]!);
    expect(again.status).toBe(204);
    // and another address is not affected
    expect(
      (await post(apiPaths.gate, { password: CHILD_PASSWORD }, { 'x-forwarded-for': freshAddress() })).status,
    ).toBe(204);
  });
});
