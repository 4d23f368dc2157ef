import { apiPaths } from '@dwellscape/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { expectEveryCallAnswered, inTurn, jsonResponse, mockApi } from './mock-api';

// a test here that makes an unanswered call on purpose checks it itself; none is left for test/setup.ts
afterEach(() => expectEveryCallAnswered());

describe('mockApi', () => {
  it('answers a route’s value as JSON with 200, a Response as it is, every time', async () => {
    mockApi({
      [`GET ${apiPaths.designs}`]: { items: [], nextCursor: null },
      [`POST ${apiPaths.designs}`]: jsonResponse(201, { id: 'd1' }),
    });
    const page = await fetch('/api/designs?mode=interior');
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Type')).toBe('application/json');
    await expect(page.json()).resolves.toEqual({ items: [], nextCursor: null });
    for (const _ of [1, 2]) {
      const created = await fetch(apiPaths.designs, { method: 'POST', body: '{}' });
      expect(created.status).toBe(201);
      await expect(created.json()).resolves.toEqual({ id: 'd1' });
    }
  });

  it('calls a function with the call: method, path, parameters, query and parsed body', async () => {
    const api = mockApi({
      [`PATCH ${apiPaths.design(':id')}`]: ({ params, body, url }) => ({
        id: params.id,
        ...(body as object),
        draft: url.searchParams.get('draft'),
      }),
    });
    const answer = await fetch('/api/designs/d%207?draft=1', { method: 'PATCH', body: '{"title":"Loft"}' });
    await expect(answer.json()).resolves.toEqual({ id: 'd 7', title: 'Loft', draft: '1' });
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]).toMatchObject({ method: 'PATCH', path: '/api/designs/d%207', body: { title: 'Loft' } });
  });

  it('prefers the route that names the query, then the one with fewer parameters', async () => {
    mockApi({
      'GET /api/users/:id': 'any user',
      [`GET ${apiPaths.user('u-ada')}`]: 'Ada',
      [`GET ${apiPaths.user('u-ada')}?tab=saved`]: 'Ada’s saved',
    });
    const read = async (url: string) => (await fetch(url)).json();
    expect(await read('/api/users/u-ada')).toBe('Ada');
    expect(await read('/api/users/u-ada?tab=saved&x=1')).toBe('Ada’s saved');
    expect(await read('/api/users/u-sam')).toBe('any user');
  });

  it('records calls by route, and takes new answers for a route', async () => {
    const api = mockApi({ [`PUT ${apiPaths.designLike(':id')}`]: { liked: true, likesCount: 1 } });
    await fetch(apiPaths.designLike('d1'), { method: 'PUT' });
    api.answer({ [`PUT ${apiPaths.designLike(':id')}`]: jsonResponse(500, { error: 'Internal Server Error' }) });
    expect((await fetch(apiPaths.designLike('d2'), { method: 'PUT' })).status).toBe(500);
    expect(api.callsTo(`PUT ${apiPaths.designLike('d1')}`)).toHaveLength(1);
    expect(api.callsTo('PUT /api/designs/:id/like').map((call) => call.params.id)).toEqual(['d1', 'd2']);
    expect(api.callsTo(`DELETE ${apiPaths.designLike('d1')}`)).toEqual([]);
  });

  it('holds an answer until the test gives it, and fails the call when the route throws', async () => {
    let give!: (answer: unknown) => void;
    mockApi({
      [`GET ${apiPaths.me}`]: () => new Promise((resolve) => (give = resolve)),
      [`GET ${apiPaths.orders}`]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const pending = fetch(apiPaths.me);
    await Promise.resolve();
    give({ signedIn: false });
    await expect((await pending).json()).resolves.toEqual({ signedIn: false });
    await expect(fetch(apiPaths.orders)).rejects.toThrow('Failed to fetch');
  });

  it('fails loudly on a call no route answers, naming its method and URL, and again after the test', async () => {
    mockApi({ [`GET ${apiPaths.designs}`]: [] });
    await expect(fetch('/api/designs/d1/comments?cursor=c2', { method: 'POST' })).rejects.toThrow(
      'mockApi: no route answers "POST /api/designs/d1/comments?cursor=c2" (routes: GET /api/designs)',
    );
    expect(() => expectEveryCallAnswered()).toThrow(
      'mockApi: no route answers "POST /api/designs/d1/comments?cursor=c2"',
    );
    // once told, the test is clean again
    expect(() => expectEveryCallAnswered()).not.toThrow();
  });

  it('answers in turn, and fails a call past the last answer', async () => {
    mockApi({
      [`POST ${apiPaths.designComments('d1')}`]: inTurn(jsonResponse(400, { error: 'Bad Request' }), () => {
        throw new TypeError('Failed to fetch');
      }),
    });
    const post = () => fetch(apiPaths.designComments('d1'), { method: 'POST' });
    expect((await post()).status).toBe(400);
    await expect(post()).rejects.toThrow('Failed to fetch');
    await expect(post()).rejects.toThrow('mockApi: "POST /api/designs/d1/comments" was called more than its 2 answers');
    expect(() => expectEveryCallAnswered()).toThrow('"POST /api/designs/d1/comments (after its 2 answers)"');
  });

  it('refuses a route it cannot read', () => {
    expect(() => mockApi({ 'FETCH /api/designs': [] })).toThrow(
      'mockApi: "FETCH /api/designs" is not a route; write it as "<GET|POST|PUT|PATCH|DELETE> /api/…"',
    );
  });
});
