import type { HttpMethod } from '@dwellscape/shared';
import { vi, type Mock } from 'vitest';

/**
 * The API as a web test's fetch sees it: `mockApi({ [`GET ${apiPaths.designs}`]: page, … })` answers each call whose
 * method and path a route names, records every call, and fails the test (test/setup.ts) on a call no route answers,
 * naming its method and URL. Call it in `beforeEach` or in the test: it stubs the global fetch until the file ends
 * (or the next `vi.unstubAllGlobals()`).
 */

/** A route: a method and a path from `apiPaths`; `:name` in the path stands for any one segment (`/api/designs/:id`). */
export type ApiRoute = `${HttpMethod} ${string}`;

/** One call the app made, as a route's answer and a test's assertions read it. */
export interface ApiCall {
  method: HttpMethod;
  url: URL;
  /** The URL's path (no query). */
  path: string;
  /** A route's `:name` segments, decoded. */
  params: Record<string, string>;
  /** A JSON body parsed; a form as its FormData; undefined without a body. */
  body: unknown;
  init: RequestInit | undefined;
}

/**
 * What a route answers: a `Response` as it is (`jsonResponse(status, body)` for another status than 200), or any
 * other value as a JSON body with status 200. A function is called with the call and may return either, or a promise
 * of one (held until the test settles it); throwing (or rejecting) is a network failure.
 */
export type ApiAnswer = object | string | number | boolean | null;
type Handler = (call: ApiCall) => unknown;
/** Routes and their answers; a key is an `ApiRoute` (`GET ${apiPaths.designs}`), checked when the routes are read. */
export type ApiRoutes = Record<string, ApiAnswer | Handler>;

export interface MockedApi {
  /** The stubbed fetch itself. */
  fetch: Mock<typeof fetch>;
  /** Every call, oldest first, answered or not. */
  calls: ApiCall[];
  /** The calls a route (an `ApiRoute`, written as the keys are) answers, or would answer. */
  callsTo: (route: string) => ApiCall[];
  /** Adds routes, or replaces the answer of routes already there. */
  answer: (routes: ApiRoutes) => void;
}

/** A fetch answer as our server would send it: JSON with a status, or no body. */
export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
  });
}

interface ParsedRoute {
  route: ApiRoute;
  method: string;
  segments: string[];
  query: URLSearchParams;
  answer: ApiAnswer | Handler | undefined;
}

const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] satisfies HttpMethod[];

function parseRoute(route: string, answer: ApiAnswer | Handler | undefined): ParsedRoute {
  const [method = '', target = '', ...rest] = route.split(' ');
  if (!METHODS.includes(method) || !target.startsWith('/') || rest.length > 0) {
    throw new Error(`mockApi: "${route}" is not a route; write it as "<${METHODS.join('|')}> /api/…"`);
  }
  const url = new URL(target, 'http://localhost');
  return { route: route as ApiRoute, method, segments: segmentsOf(url.pathname), query: url.searchParams, answer };
}

// apiPaths' builders encode what they are given, so `apiPaths.design(':id')` reads as `%3Aid`
const segmentsOf = (pathname: string) => pathname.split('/').map((segment) => decodeURIComponent(segment));

/** The parameters of a call the route answers, or undefined when it answers another. */
function match(route: ParsedRoute, method: string, url: URL): Record<string, string> | undefined {
  if (route.method !== method) return undefined;
  const segments = segmentsOf(url.pathname);
  if (segments.length !== route.segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, wanted] of route.segments.entries()) {
    const segment = segments[index]!;
    if (wanted.startsWith(':')) params[wanted.slice(1)] = segment;
    else if (wanted !== segment) return undefined;
  }
  for (const [name, value] of route.query) if (url.searchParams.get(name) !== value) return undefined;
  return params;
}

/** A route that names the query, then one with fewer `:name` segments, wins over a wider one. */
const specificity = (route: ParsedRoute) =>
  [...route.query.keys()].length * 1000 - route.segments.filter((segment) => segment.startsWith(':')).length;

function bodyOf(body: RequestInit['body']): unknown {
  if (body === undefined || body === null) return undefined;
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

const responseOf = (answer: unknown): Response => (answer instanceof Response ? answer : jsonResponse(200, answer));

/** Calls no route answered since the last check, as "METHOD URL". */
let unanswered: string[] = [];

/** Throws, naming them, if a call since the last check had no route; test/setup.ts checks after every test. */
export function expectEveryCallAnswered() {
  const missed = unanswered;
  unanswered = [];
  if (missed.length > 0) {
    throw new Error(`mockApi: no route answers ${missed.map((call) => `"${call}"`).join(', ')}`);
  }
}

/**
 * A route's answers one call at a time, in turn (an answer each, as a value, a Response or a function); a call after
 * the last fails the test as an unanswered one.
 */
export function inTurn(...answers: (ApiAnswer | Handler)[]): Handler {
  let next = 0;
  return (call) => {
    const answer = answers[next++];
    if (answer === undefined) {
      const named = `${call.method} ${call.url.pathname}${call.url.search}`;
      unanswered.push(`${named} (after its ${answers.length} answers)`);
      throw new Error(`mockApi: "${named}" was called more than its ${answers.length} answers`);
    }
    return typeof answer === 'function' ? (answer as Handler)(call) : answer;
  };
}

export function mockApi(routes: ApiRoutes = {}): MockedApi {
  let table: ParsedRoute[] = [];
  const answer = (more: ApiRoutes) => {
    const added = Object.entries(more).map(([route, value]) => parseRoute(route, value));
    table = [...table.filter((each) => !added.some((other) => other.route === each.route)), ...added].sort(
      (a, b) => specificity(b) - specificity(a),
    );
  };
  answer(routes);
  unanswered = [];
  const calls: ApiCall[] = [];

  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase() as HttpMethod;
    const url = new URL(request ? request.url : String(input), 'http://localhost');
    const call: ApiCall = { method, url, path: url.pathname, params: {}, body: bodyOf(init?.body), init };
    calls.push(call);
    for (const route of table) {
      const params = match(route, method, url);
      if (!params) continue;
      call.params = params;
      // a route's own Response serves every call: each gets a copy of it
      if (route.answer instanceof Response) return route.answer.clone();
      const value = typeof route.answer === 'function' ? await (route.answer as Handler)(call) : route.answer;
      return responseOf(await value);
    }
    const named = `${method} ${url.pathname}${url.search}`;
    unanswered.push(named);
    const known = table.map((each) => each.route).join(', ') || 'none';
    throw new Error(`mockApi: no route answers "${named}" (routes: ${known})`);
  });
  vi.stubGlobal('fetch', fetchMock);

  const callsTo = (route: string) => {
    const parsed = parseRoute(route, undefined);
    return calls.filter((call) => match(parsed, call.method, call.url));
  };
  return { fetch: fetchMock, calls, callsTo, answer };
}
