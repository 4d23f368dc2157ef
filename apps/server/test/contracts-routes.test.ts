/**
 * One contract per API call (decision 0029): the server registers each call's route from its contract in
 * packages/shared (src/contract-route.ts). This walks Fastify's own route table, where each route records the
 * contracts it was registered from, so a route added without a contract fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, contracts } from '@dwellscape/shared';
import type { RouteEntry } from '../src/types';
import { createTestApp, type TestApp } from './helpers';

/** /api routes that are not a call of the API, each with why it has no contract. */
const NOT_API_CALLS = new Map([
  [`GET ${apiPaths.health}`, 'the liveness probe of a load balancer or a bench run, not a call of the product'],
]);

const nameOf = (route: { method: string; url?: string; route?: string }) =>
  `${route.method} ${route.url ?? route.route}`;

describe('every API route is registered from its contract', () => {
  let t: TestApp;
  /** The table without HEAD, Fastify's own twin of each GET. */
  let routes: RouteEntry[];

  beforeAll(async () => {
    // the route table does not depend on the data: a database without the sample world is enough
    t = await createTestApp({ seed: false });
    routes = t.app.routeTable.filter((route) => route.method !== 'HEAD');
  });

  afterAll(async () => {
    await t?.close();
  });

  it('reads a table that holds the API (read too early, it would pass the checks below)', () => {
    expect(routes.map(nameOf)).toEqual(
      expect.arrayContaining(['GET /api/me', 'POST /api/designs', 'PUT /api/designs/:id/like', 'POST /api/uploads']),
    );
  });

  it('registers each contract, at its method and route', () => {
    const missing = Object.entries(contracts)
      .filter(([, contract]) => !routes.some((route) => route.contracts.includes(contract)))
      .map(([name, contract]) => `${name}: ${nameOf(contract)}`);
    expect(missing).toEqual([]);

    const misplaced = routes.flatMap((route) =>
      route.contracts
        .filter((contract) => nameOf(contract) !== nameOf(route))
        .map((c) => `${nameOf(c)} at ${nameOf(route)}`),
    );
    expect(misplaced).toEqual([]);
  });

  it('registers no /api route but from a contract, except those listed as not a call of the API', () => {
    const stray = routes
      .filter((route) => route.url.startsWith('/api/') && route.contracts.length === 0)
      .map(nameOf)
      .filter((name) => !NOT_API_CALLS.has(name));
    expect(stray).toEqual([]);
  });

  it('lists as not a call of the API only routes that exist and have no contract', () => {
    const plain = new Set(routes.filter((route) => route.contracts.length === 0).map(nameOf));
    expect([...NOT_API_CALLS.keys()].filter((name) => !plain.has(name))).toEqual([]);
  });

  it('registers each contract on one route only', () => {
    const seen = routes.flatMap((route) => route.contracts);
    expect(seen.length).toBe(new Set(seen).size);
  });
});
