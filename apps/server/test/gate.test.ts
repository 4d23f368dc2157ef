import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths, messages, type FeedResponse } from '@dwellscape/shared';
import { rateLimitHits, sessions } from '../src/db/schema';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import { insertAccount, insertDesign, insertUser, putImage, signedInCookie } from './fixtures';

const protectedUrl = '/api/designs?mode=interior';

function cookieOf(res: { headers: Record<string, unknown> }): string {
  const header = res.headers['set-cookie'];
  const first = Array.isArray(header) ? header[0] : header;
  if (typeof first !== 'string') throw new Error('no Set-Cookie');
  return first;
}

describe.each(dbKinds)('gate and sessions (%s)', (kind) => {
  let t: TestApp;
  const gate = (
    password: string,
    extra: { remoteAddress?: string; cookie?: string; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/gate',
      payload: { password },
      remoteAddress: extra.remoteAddress ?? '127.0.0.1',
      headers: { ...(extra.cookie ? { cookie: extra.cookie } : {}), ...extra.headers },
    });
  const tokenHashOf = (cookie: string) => {
    const value = decodeURIComponent(cookie.split(';')[0]!.split('=').slice(1).join('='));
    const unsigned = t.app.unsignCookie(value);
    expect(unsigned.valid).toBe(true);
    return createHash('sha256').update(unsigned.value!).digest('hex');
  };

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('opens a session on the right password with a hardened cookie', async () => {
    const res = await gate('open-sesame');
    expect(res.statusCode).toBe(204);
    const setCookie = cookieOf(res);
    expect(setCookie).toMatch(/^dwellscape_session=/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Strict/);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).not.toMatch(/; Secure/);
    const expires = Date.parse(/Expires=([^;]+)/.exec(setCookie)![1]!);
    expect(expires - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

    const cookie = setCookie.split(';')[0]!;
    expect((await t.app.inject({ method: 'GET', url: protectedUrl, headers: { cookie } })).statusCode).toBe(200);
  });

  it('stores only the hash of the session token', async () => {
    const cookie = cookieOf(await gate('open-sesame'));
    const hash = tokenHashOf(cookie);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, hash));
    expect(rows).toHaveLength(1);
    const raw = t.app.unsignCookie(decodeURIComponent(cookie.split(';')[0]!.split('=')[1]!)).value!;
    expect(Buffer.from(raw, 'base64url')).toHaveLength(32);
    const leaked = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, raw));
    expect(leaked).toHaveLength(0);
  });

  it('refuses a wrong password with 401 and no cookie', async () => {
    const res = await gate('open-sesame!', { remoteAddress: '10.0.0.1' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Invalid password' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('compares case-insensitively', async () => {
    expect((await gate('OPEN-Sesame')).statusCode).toBe(204);
  });

  it('answers a missing or empty password with 400', async () => {
    const empty = await gate('');
    expect(empty.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'POST', url: '/api/gate', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/password/);
  });

  it('rate-limits a client after 5 wrong passwords in 15 minutes, with Retry-After', async () => {
    const remoteAddress = '10.0.0.2';
    for (let i = 0; i < 5; i++) expect((await gate(`wrong-${i}`, { remoteAddress })).statusCode).toBe(401);
    const limited = await gate('wrong-again', { remoteAddress });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: messages.gate.rateLimited });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // while limited even the right password waits, or the limit would leak which guess was right
    expect((await gate('open-sesame', { remoteAddress })).statusCode).toBe(429);
    expect((await gate('open-sesame', { remoteAddress: '10.0.0.3' })).statusCode).toBe(204);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is configured', async () => {
    const remoteAddress = '10.0.0.4';
    for (let i = 0; i < 5; i++) {
      const res = await gate('wrong', { remoteAddress, headers: { 'x-forwarded-for': `192.0.2.${i}` } });
      expect(res.statusCode).toBe(401);
    }
    expect((await gate('wrong', { remoteAddress, headers: { 'x-forwarded-for': '192.0.2.99' } })).statusCode).toBe(429);
  });

  it('locks out only the address that guessed: another address still gets in', async () => {
    const guesser = '10.0.0.6';
    for (let i = 0; i < 5; i++) expect((await gate(`wrong-${i}`, { remoteAddress: guesser })).statusCode).toBe(401);
    expect((await gate('wrong', { remoteAddress: guesser })).statusCode).toBe(429);
    // more guesses while limited do not spill over to anyone else
    for (let i = 0; i < 5; i++) expect((await gate('wrong', { remoteAddress: guesser })).statusCode).toBe(429);
    expect((await gate('open-sesame', { remoteAddress: '10.0.0.7' })).statusCode).toBe(204);
    expect((await gate('wrong', { remoteAddress: '10.0.0.8' })).statusCode).toBe(401);
  });

  it('counts an IPv6 client by its /64, so rotating addresses inside it gains nothing', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await gate('wrong', { remoteAddress: `2001:db8:0:1::${i + 1}` })).statusCode).toBe(401);
    }
    expect((await gate('wrong', { remoteAddress: '2001:db8:0:1:ffff::9' })).statusCode).toBe(429);
    expect((await gate('open-sesame', { remoteAddress: '2001:db8:0:2::1' })).statusCode).toBe(204);
  });

  it('lets a limited client try again once its window has ended', async () => {
    const remoteAddress = '10.0.0.9';
    for (let i = 0; i < 6; i++) await gate('wrong', { remoteAddress });
    expect((await gate('open-sesame', { remoteAddress })).statusCode).toBe(429);
    // the windows live in the database: end them there rather than wait 15 minutes
    await t.database.db.update(rateLimitHits).set({ resetAt: new Date(Date.now() - 1000) });
    expect((await gate('wrong', { remoteAddress })).statusCode).toBe(401);
    expect((await gate('open-sesame', { remoteAddress })).statusCode).toBe(204);
  });

  it('forgets the failures of a client that gets in', async () => {
    const remoteAddress = '10.0.0.5';
    for (let i = 0; i < 4; i++) expect((await gate('wrong', { remoteAddress })).statusCode).toBe(401);
    expect((await gate('open-sesame', { remoteAddress })).statusCode).toBe(204);
    for (let i = 0; i < 4; i++) expect((await gate('wrong', { remoteAddress })).statusCode).toBe(401);
    expect((await gate('open-sesame', { remoteAddress })).statusCode).toBe(204);
  });

  it('answers 401 on /api without a valid session, but not on health', async () => {
    const unauthorized = { error: 'Unauthorized', message: 'Enter the beta password to continue.' };
    const none = await t.app.inject({ method: 'GET', url: protectedUrl });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual(unauthorized);
    const forged = await t.app.inject({
      method: 'GET',
      url: protectedUrl,
      headers: { cookie: 'dwellscape_session=abc.def' },
    });
    expect(forged.statusCode).toBe(401);
    const unknownRoute = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(unknownRoute.statusCode).toBe(401);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it('ends a session after 30 days in all and after 7 idle days', async () => {
    const absolute = cookieOf(await gate('open-sesame')).split(';')[0]!;
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, tokenHashOf(absolute)));
    expect((await t.app.inject({ method: 'GET', url: protectedUrl, headers: { cookie: absolute } })).statusCode).toBe(
      401,
    );

    const idle = cookieOf(await gate('open-sesame')).split(';')[0]!;
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 7 * 24 * 3600 * 1000 - 1000) })
      .where(eq(sessions.tokenHash, tokenHashOf(idle)));
    expect((await t.app.inject({ method: 'GET', url: protectedUrl, headers: { cookie: idle } })).statusCode).toBe(401);
  });

  it('refreshes last_seen_at at most once a minute', async () => {
    const cookie = cookieOf(await gate('open-sesame')).split(';')[0]!;
    const byHash = eq(sessions.tokenHash, tokenHashOf(cookie));
    const lastSeen = async () => (await t.database.db.select().from(sessions).where(byHash))[0]!.lastSeenAt.getTime();

    // these writes go around the server, which announces its own: the kept session is dropped by hand
    const forgetKeptSessions = () => t.app.viewerCaches?.sessions.clear();
    const recent = new Date(Date.now() - 20_000);
    await t.database.db.update(sessions).set({ lastSeenAt: recent }).where(byHash);
    forgetKeptSessions();
    await t.app.inject({ method: 'GET', url: protectedUrl, headers: { cookie } });
    expect(await lastSeen()).toBe(recent.getTime());

    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 5 * 60_000) })
      .where(byHash);
    forgetKeptSessions();
    await t.app.inject({ method: 'GET', url: protectedUrl, headers: { cookie } });
    expect(Date.now() - (await lastSeen())).toBeLessThan(10_000);
  });

  it('renews a session for the same viewer when the password is entered again', async () => {
    const user = await insertUser(t.database.db);
    const design = await insertDesign(t.database.db, { userId: user.id, afterImageUrl: await putImage(t.app.storage) });
    const first = cookieOf(await gate('open-sesame')).split(';')[0]!;
    const like = await t.app.inject({
      method: 'PUT',
      url: `/api/designs/${design.id}/like`,
      headers: { cookie: first },
    });
    expect(like.statusCode).toBe(200);

    const second = cookieOf(await gate('open-sesame', { cookie: first })).split(';')[0]!;
    expect(second).not.toBe(first);
    const seen = await t.app.inject({ method: 'GET', url: `/api/designs/${design.id}`, headers: { cookie: second } });
    expect(seen.json().likedByViewer).toBe(true);
    // the old token was rotated away
    expect((await t.app.inject({ method: 'GET', url: protectedUrl, headers: { cookie: first } })).statusCode).toBe(401);

    const stranger = await t.unlock();
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/designs/${design.id}`,
      headers: { cookie: stranger },
    });
    expect(other.json().likedByViewer).toBe(false);
  });

  it('refuses cross-origin writes on /api', async () => {
    const cookie = await t.unlock();
    const headers = { host: 'dwellscape.example', cookie };
    const crossGate = await gate('open-sesame', {
      headers: { host: 'dwellscape.example', origin: 'https://evil.example' },
    });
    expect(crossGate.statusCode).toBe(403);
    expect(crossGate.json()).toEqual({ error: 'Forbidden', message: 'Cross-origin requests are not allowed.' });
    const opaque = await t.app.inject({
      method: 'PUT',
      url: '/api/designs/x/like',
      headers: { ...headers, origin: 'null' },
    });
    expect(opaque.statusCode).toBe(403);
    const sameOrigin = await gate('open-sesame', {
      headers: { host: 'dwellscape.example', origin: 'https://dwellscape.example' },
    });
    expect(sameOrigin.statusCode).toBe(204);
    // reads are not writes
    const crossRead = await t.app.inject({
      method: 'GET',
      url: protectedUrl,
      headers: { ...headers, origin: 'https://evil.example' },
    });
    expect(crossRead.statusCode).toBe(200);
  });

  it('drops expired sessions when a new one opens', async () => {
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    await gate('open-sesame');
    const [left] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
    expect(Number(left!.n)).toBe(1);
  });
});

describe.each(dbKinds)('the gate’s accepted answer carries the feed’s first page (%s)', (kind) => {
  let t: TestApp;
  /** What the feed asks first: decision 0069 has the gate answer it when asked with ?feed=<mode>. */
  const firstPageUrl = (mode: string) => `${apiPaths.designs}?mode=${mode}&limit=25`;
  const gate = (password: string, extra: { query?: string; cookie?: string; remoteAddress?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `${apiPaths.gate}${extra.query ?? ''}`,
      payload: { password },
      remoteAddress: extra.remoteAddress ?? '127.0.0.1',
      headers: extra.cookie ? { cookie: extra.cookie } : {},
    });
  const feedFor = (cookie: string, mode = 'interior') =>
    t.app.inject({ method: 'GET', url: firstPageUrl(mode), headers: { cookie } });
  let designIds: string[];

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    const author = await insertUser(t.database.db);
    designIds = [];
    for (const mode of ['interior', 'interior', 'landscape'] as const) {
      const afterImageUrl = await putImage(t.app.storage);
      designIds.push((await insertDesign(t.database.db, { userId: author.id, mode, afterImageUrl })).id);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a guest’s accepted password with exactly what GET /api/designs answers the new session', async () => {
    for (const mode of ['interior', 'landscape']) {
      const res = await gate('open-sesame', { query: `?feed=${mode}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control']).toBe('no-store');
      const cookie = cookieOf(res).split(';')[0]!;
      const page = res.json<FeedResponse>();
      expect(page.items.length).toBeGreaterThan(0);
      expect(page.items.every((item) => item.mode === mode)).toBe(true);
      const asked = await feedFor(cookie, mode);
      expect(asked.statusCode).toBe(200);
      expect(res.body).toBe(asked.body);
    }
  });

  it('answers a signed-in session’s renewal with that account’s page: its likes and saves marked', async () => {
    const account = await insertAccount(t.database.db);
    const cookie = await signedInCookie(t, t.database.db, account.id);
    const [liked, saved] = designIds;
    expect(
      (await t.app.inject({ method: 'PUT', url: apiPaths.designLike(liked!), headers: { cookie } })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'PUT', url: apiPaths.designSave(saved!), headers: { cookie } })).statusCode,
    ).toBe(200);

    const res = await gate('open-sesame', { query: '?feed=interior', cookie });
    expect(res.statusCode).toBe(200);
    const renewed = cookieOf(res).split(';')[0]!;
    expect(renewed).not.toBe(cookie);
    const items = res.json<FeedResponse>().items;
    const item = (id: string) => items.find((design) => design.id === id)!;
    expect(item(liked!)).toMatchObject({ likedByViewer: true, savedByViewer: false });
    expect(item(saved!)).toMatchObject({ likedByViewer: false, savedByViewer: true });
    expect(res.body).toBe((await feedFor(renewed)).body);
    // a guest's page marks none of them
    const guest = (await gate('open-sesame', { query: '?feed=interior' })).json<FeedResponse>();
    expect(guest.items.some((design) => design.likedByViewer || design.savedByViewer)).toBe(false);
  });

  it('gives a refused password exactly today’s answer: 401, no cookie, no design in it', async () => {
    const remoteAddress = '10.1.0.1';
    const plain = await gate('wrong', { remoteAddress });
    const asked = await gate('wrong', { remoteAddress, query: '?feed=interior' });
    expect(asked.statusCode).toBe(401);
    expect(asked.body).toBe(plain.body);
    expect(asked.json()).toEqual({ error: 'Invalid password' });
    expect(asked.headers['set-cookie']).toBeUndefined();
    for (const id of designIds) expect(asked.body).not.toContain(id);
  });

  it('gives a rate-limited client its 429 and nothing else, even with the right password', async () => {
    const remoteAddress = '10.1.0.2';
    for (let i = 0; i < 5; i++) await gate(`wrong-${i}`, { remoteAddress });
    const limited = await gate('open-sesame', { remoteAddress, query: '?feed=interior' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: messages.gate.rateLimited });
    expect(limited.headers['set-cookie']).toBeUndefined();
  });

  it('answers 204 without ?feed (a link to a post), and refuses an unknown mode with 400 and no session', async () => {
    const plain = await gate('open-sesame');
    expect(plain.statusCode).toBe(204);
    expect(plain.body).toBe('');
    const [before] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
    const unknown = await gate('open-sesame', { query: '?feed=garage' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/feed/);
    expect(unknown.headers['set-cookie']).toBeUndefined();
    const [after] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
    expect(Number(after!.n)).toBe(Number(before!.n));
  });

  it('still lets the person in when the page cannot be read: 204 and the session, the app then asks for it', async () => {
    if (!t.app.feedCache) throw new Error('this test needs the feed page cache (FEED_CACHE=on)');
    const failing = vi.spyOn(t.app.feedCache, 'peek').mockImplementation(() => {
      throw new Error('the feed is unavailable');
    });
    try {
      const res = await gate('open-sesame', { query: '?feed=interior' });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      const cookie = cookieOf(res).split(';')[0]!;
      failing.mockRestore();
      expect((await feedFor(cookie)).statusCode).toBe(200);
    } finally {
      failing.mockRestore();
    }
  });
});

describe('session cookie over TLS', () => {
  it('carries Secure when COOKIE_SECURE is set', async () => {
    const t = await createTestApp({ seed: false, env: { COOKIE_SECURE: 'true' } });
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/gate', payload: { password: 'open-sesame' } });
      expect(res.statusCode).toBe(204);
      expect(cookieOf(res)).toMatch(/; Secure/);
    } finally {
      await t.close();
    }
  });
});
