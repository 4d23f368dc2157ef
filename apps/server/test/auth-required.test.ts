import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@dwellscape/shared';
import { createTestApp, dbKinds, type TestApp } from './helpers';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Every /api route of ARCHITECTURE.md's table behind the gate, with a plausible request for each. */
const gatedRoutes: { method: Method; url: string; payload?: object }[] = [
  { method: 'GET', url: apiPaths.me },
  { method: 'GET', url: `${apiPaths.designs}?mode=interior` },
  { method: 'GET', url: apiPaths.design('any-design') },
  {
    method: 'POST',
    url: apiPaths.designs,
    payload: { title: 'A room', afterImageUrl: '/media/renders/x.webp', mode: 'interior' },
  },
  { method: 'PUT', url: apiPaths.designLike('any-design') },
  { method: 'DELETE', url: apiPaths.designLike('any-design') },
  { method: 'GET', url: apiPaths.designRemixes('any-design') },
  { method: 'GET', url: apiPaths.designComments('any-design') },
  { method: 'POST', url: apiPaths.designComments('any-design'), payload: { name: 'Ann', text: 'Lovely' } },
  { method: 'GET', url: `${apiPaths.designsLive}?mode=interior` },
  { method: 'GET', url: apiPaths.user('any-user') },
  { method: 'GET', url: apiPaths.userDesigns('any-user') },
  { method: 'GET', url: `${apiPaths.brands}?mode=interior` },
  { method: 'GET', url: `${apiPaths.products}?mode=interior` },
  { method: 'GET', url: apiPaths.product('any-product') },
  { method: 'GET', url: `${apiPaths.questions}?mode=interior` },
  { method: 'GET', url: `${apiPaths.templates}?mode=interior` },
  { method: 'GET', url: `${apiPaths.spaces}?mode=interior` },
  { method: 'GET', url: apiPaths.notifications },
  { method: 'GET', url: `${apiPaths.search}?q=sofa&mode=interior` },
  { method: 'POST', url: apiPaths.uploads },
  { method: 'POST', url: apiPaths.improveDesignNotes, payload: { notes: 'bright room', spaceType: 'interior' } },
  { method: 'POST', url: apiPaths.improveCaption, payload: { caption: 'my room', spaceType: 'interior' } },
  {
    method: 'POST',
    url: apiPaths.generateDesignImage,
    payload: { prompt: 'a room', spaceImage: '/media/uploads/x.webp', additionalPhotos: [] },
  },
];

describe.each(dbKinds)('the gate guards the API on %s', (kind) => {
  let t: TestApp;
  let forged: string;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    forged = await forgedCookie(t);
  });

  afterAll(async () => {
    await t?.close();
  });

  it.each(gatedRoutes)('$method $url answers 401 without the session cookie', async (route) => {
    const res = await t.app.inject({
      method: route.method,
      url: route.url,
      ...(route.payload ? { payload: route.payload } : {}),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: expect.any(String) });
  });

  it.each(gatedRoutes)('$method $url answers 401 with a forged session cookie', async (route) => {
    const res = await t.app.inject({
      method: route.method,
      url: route.url,
      headers: { cookie: forged },
      ...(route.payload ? { payload: route.payload } : {}),
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers GET /api/health without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: apiPaths.health });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('lets POST /api/gate through without a session, and its cookie opens the API', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.gate,
      payload: { password: t.config.betaPassword },
    });
    expect(res.statusCode).not.toBe(401);
    expect(res.statusCode).toBeLessThan(300);
    const cookie = await t.unlock();
    const brands = await t.app.inject({ method: 'GET', url: `${apiPaths.brands}?mode=interior`, headers: { cookie } });
    expect(brands.statusCode).toBe(200);
  });
});

/** A cookie shaped like the real one (same name) whose token the server never issued. */
async function forgedCookie(t: TestApp): Promise<string> {
  const real = await t.unlock();
  const name = real.slice(0, real.indexOf('='));
  return `${name}=${'A'.repeat(43)}`;
}
