/**
 * docs/security.md: a live stream ends within a second of its session or account being revoked. The streams are
 * found in Fastify's own route table (every contract route that is an event stream), so a stream route added later
 * is walked without editing this file; only a route with path parameters needs a line below saying how to make them.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, sessionResponseSchema } from '@dwellscape/shared';
import { renderJobs } from '../src/db/schema';
import { OpenStreams } from '../src/realtime/open-streams';
import type { RouteEntry } from '../src/types';
import { createTestApp, dbKinds, listenOnFreePort, type DbKind, type TestApp } from './helpers';
import { sessionCookieOf, signUp, type SignedUpAccount } from './fixtures';
import { openEventStream, type EventStream } from './media-fixtures';

/** Who holds the streams: the session's cookie, its viewer id and its account. */
interface Holder {
  cookie: string;
  viewerId: string;
  accountId: string;
}

/**
 * How to fill the path parameters of a stream route for `holder`: something of theirs it can stream. A stream route
 * with parameters and no entry here fails the walk, so a new one cannot be skipped unnoticed.
 */
const PARAMS_OF: Record<string, (t: TestApp, holder: Holder) => Promise<Record<string, string>>> = {
  '/api/render-jobs/:id/events': async (t, holder) => {
    const id = `revoke-${randomUUID()}`;
    // queued for an hour, with no worker in this app: the stream stays open until something ends it
    await t.database.db.insert(renderJobs).values({
      id,
      viewerId: holder.viewerId,
      accountId: holder.accountId,
      kind: 'prompt',
      input: {},
      variationCount: 1,
      status: 'queued',
      runAfter: sql`now() + interval '1 hour'`,
    });
    return { id };
  },
};

/** The query a stream route needs, for one whose query schema does not take an empty one. */
const QUERY_OF: Record<string, Record<string, string>> = {
  '/api/designs/live': { mode: 'interior' },
};

const ENDS_WITHIN_MS = 1000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How long the stream took to end, or null when it was still open after the limit. */
async function endedWithin(stream: EventStream, ms: number): Promise<number | null> {
  const started = performance.now();
  return Promise.race([stream.ended.then(() => performance.now() - started), sleep(ms).then(() => null)]);
}

describe.each<DbKind>(dbKinds)('every live stream ends when its credential is revoked (%s)', (kind) => {
  let t: TestApp;
  let port: number;
  let streamRoutes: RouteEntry[];
  const opened: EventStream[] = [];

  beforeAll(async () => {
    // seeded: a signed-out answer shows the first sample user
    t = await createTestApp({ kind, env: { RENDER_WORKER: 'off' } });
    port = await listenOnFreePort(t.app);
    // Fastify adds a HEAD route beside each GET: an EventSource only ever GETs
    streamRoutes = t.app.routeTable.filter(
      (route) => route.method === 'GET' && route.contracts.some((contract) => contract.stream === true),
    );
  });

  afterAll(async () => {
    for (const stream of opened) stream.close();
    await t?.close();
  });

  const viewerIdOf = async (cookie: string) => {
    const me = await t.app.inject({ method: 'GET', url: apiPaths.me, headers: { cookie } });
    return sessionResponseSchema.parse(me.json()).viewerId;
  };

  /** A second browser of `account`: a new gate session, signed in with its password. */
  const signInElsewhere = async (account: SignedUpAccount): Promise<Holder> => {
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.signIn,
      headers: { cookie: await t.unlock() },
      payload: { username: account.username, password: account.password },
    });
    expect(res.statusCode).toBe(200);
    const cookie = sessionCookieOf(res);
    return { cookie, viewerId: await viewerIdOf(cookie), accountId: account.accountId };
  };

  /** Opens every stream route of the table for `holder`, each answered 200. */
  const openEvery = async (holder: Holder): Promise<Map<string, EventStream>> => {
    const streams = new Map<string, EventStream>();
    for (const route of streamRoutes) {
      let url = route.url;
      if (url.includes(':')) {
        const makeParams = PARAMS_OF[url];
        if (!makeParams) throw new Error(`${route.url} is a stream route with parameters: add it to PARAMS_OF`);
        const params = await makeParams(t, holder);
        url = url.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name]!));
      }
      const query = route.contracts[0]?.query;
      if (query && !z.safeParse(query, {}).success) {
        const values = QUERY_OF[route.url];
        if (!values) throw new Error(`${route.url} is a stream route with a required query: add it to QUERY_OF`);
        url = `${url}?${new URLSearchParams(values).toString()}`;
      }
      const stream = await openEventStream(port, url, holder.cookie);
      opened.push(stream);
      expect(stream.status, `${route.method} ${url}`).toBe(200);
      streams.set(`${route.method} ${route.url}`, stream);
    }
    // open, and staying open until something revokes them (the sign-in's own announcement does not)
    const early = await Promise.all([...streams].map(async ([name, s]) => [name, await endedWithin(s, 200)]));
    expect(Object.fromEntries(early.filter(([, ms]) => ms !== null))).toEqual({});
    return streams;
  };

  /** Every stream ended within the limit, named when one did not. */
  const expectAllEnded = async (streams: Map<string, EventStream>) => {
    const times = await Promise.all(
      [...streams].map(async ([name, s]) => [name, await endedWithin(s, ENDS_WITHIN_MS)]),
    );
    expect(Object.fromEntries(times.filter(([, ms]) => ms === null))).toEqual({});
  };

  it('walks the three stream routes (and any added later)', () => {
    expect(streamRoutes.map((route) => route.url)).toEqual(
      expect.arrayContaining([apiPaths.designsLive, apiPaths.notificationsLive, '/api/render-jobs/:id/events']),
    );
  });

  it('ends every stream of the account on another browser when it signs out everywhere', async () => {
    const account = await signUp(t.app, await t.unlock());
    const elsewhere = await signInElsewhere(account);
    const streams = await openEvery(elsewhere);
    // a visitor's stream on the same server is none of this account's
    const bystander = await openEventStream(port, `${apiPaths.designsLive}?mode=interior`, await t.unlock());
    opened.push(bystander);

    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.signOutEverywhere,
      headers: { cookie: account.cookie },
    });
    expect(res.statusCode).toBe(200);
    await expectAllEnded(streams);
    expect(await endedWithin(bystander, 300)).toBeNull();

    // the old cookie opens nothing private again: the session is signed out
    const again = await t.app.inject({
      method: 'GET',
      url: apiPaths.notificationsLive,
      headers: { cookie: elsewhere.cookie },
    });
    expect(again.statusCode).toBe(401);
  });

  it('ends every stream of the account on another browser when the account is deleted', async () => {
    const account = await signUp(t.app, await t.unlock());
    const elsewhere = await signInElsewhere(account);
    const streams = await openEvery(elsewhere);

    const res = await t.app.inject({
      method: 'DELETE',
      url: apiPaths.me,
      headers: { cookie: account.cookie },
      payload: { confirmUsername: account.username },
    });
    expect(res.statusCode).toBe(200);
    await expectAllEnded(streams);
  });

  it('ends the streams of a session that signs out, and lets its new cookie open them again', async () => {
    const account = await signUp(t.app, await t.unlock());
    const holder: Holder = {
      cookie: account.cookie,
      viewerId: await viewerIdOf(account.cookie),
      accountId: account.accountId,
    };
    const streams = await openEvery(holder);

    const res = await t.app.inject({ method: 'POST', url: apiPaths.signOut, headers: { cookie: account.cookie } });
    expect(res.statusCode).toBe(200);
    await expectAllEnded(streams);

    // the session stays past the gate under its new token: its public stream opens, and stays open
    const reopened = await openEventStream(port, `${apiPaths.designsLive}?mode=interior`, sessionCookieOf(res));
    opened.push(reopened);
    expect(reopened.status).toBe(200);
    expect(await endedWithin(reopened, 500)).toBeNull();
  });
});

describe('the open-streams registry', () => {
  const caps = { perSession: 8, perAddress: 64 };
  const holder = (startedAt: number) => ({ viewerId: 's-1', accountId: 'a-1', address: '10.0.0.1', startedAt });

  it('ends at once a stream whose request was checked before its session was revoked', async () => {
    const streams = new OpenStreams(caps);
    const checkedAt = performance.now();
    await sleep(2);
    // the sign-out commits while the stream's request is still reading its first rows
    streams.apply({ accountSessions: 'a-1' });
    let ended = false;
    streams.open(holder(checkedAt), () => (ended = true));
    await new Promise((r) => setImmediate(r));
    expect(ended).toBe(true);

    // a request checked after it (the new cookie) keeps its stream
    let later = false;
    await sleep(2);
    streams.open(holder(performance.now()), () => (later = true));
    await new Promise((r) => setImmediate(r));
    expect(later).toBe(false);
  });

  it("keeps a stream opened after this process's own revocation when the announcement of it arrives", async () => {
    const streams = new OpenStreams(caps);
    let before = false;
    streams.open(holder(performance.now()), () => (before = true));
    await sleep(2);
    streams.apply({ session: 's-1' });
    expect(before).toBe(true);
    await sleep(2);
    let reopened = false;
    streams.open(holder(performance.now()), () => (reopened = true));
    // the same change, heard back through viewer_changed
    streams.applyAnnounced({ session: 's-1' });
    expect(reopened).toBe(false);
    // another process's revocation, later, ends it
    await sleep(2);
    streams.applyAnnounced({ session: 's-1' });
    expect(reopened).toBe(true);
  });
});
