import { apiPaths, healthResponseSchema } from '@dwellscape/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render';
import { ApiError, apiRequest, isSignInRequired, onSessionExpired, withQuery } from './api-client';
import { retryDelay, shouldRetry } from './query-client';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('parses a success with the shared schema', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { status: 'ok' }));
    await expect(apiRequest(apiPaths.health, healthResponseSchema)).resolves.toEqual({ status: 'ok' });
  });

  it('rejects an answer that does not match the schema, naming the field and the problem in words', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { status: 'down' }));
    const error = await apiRequest(apiPaths.health, healthResponseSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ issues: [{ path: ['status'], message: 'Invalid input: expected "ok"' }] });
  });

  it('takes the answer the gate asked for early for the same URL, once, instead of asking again', async () => {
    const takeEarlyResponse = vi.fn((url: string) =>
      url === '/api/health' ? Promise.resolve(jsonResponse(200, { status: 'ok' })) : null,
    );
    window.dwellscapeGate = {
      phase: 'open',
      subscribe: () => () => undefined,
      lock: vi.fn(),
      takeEarlyResponse,
      appShown: vi.fn(),
    };
    try {
      await expect(apiRequest(apiPaths.health, healthResponseSchema)).resolves.toEqual({ status: 'ok' });
      expect(fetchMock).not.toHaveBeenCalled();
      // only reads: a write always goes to the server
      fetchMock.mockResolvedValueOnce(jsonResponse(204));
      await apiRequest(apiPaths.health, null, { method: 'POST', body: {} });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(takeEarlyResponse).toHaveBeenCalledTimes(1);
    } finally {
      delete window.dwellscapeGate;
    }
  });

  it('sends JSON bodies and query strings without empty values', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(204));
    await apiRequest(apiPaths.designs, null, {
      method: 'POST',
      query: { mode: 'interior', cursor: undefined, q: '' },
      body: { a: 1 },
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/designs?mode=interior');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it("throws an ApiError with the status and the server's message", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(400, { error: 'Bad Request', message: 'Invalid querystring.mode: expected one of' }),
    );
    const error = await apiRequest(apiPaths.health, healthResponseSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid querystring.mode: expected one of',
      isClientError: true,
    });
  });

  it('falls back to the status text when the error body is not ours', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    await expect(apiRequest(apiPaths.health, healthResponseSchema)).rejects.toMatchObject({
      status: 502,
      message: 'Bad Gateway',
    });
  });

  it('reports an expired session on a 401, but not for the gate itself', async () => {
    const listener = vi.fn();
    const unsubscribe = onSessionExpired(listener);
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { error: 'Invalid password' }));
    await expect(apiRequest(apiPaths.gate, null, { method: 'POST', body: { password: 'x' } })).rejects.toMatchObject({
      status: 401,
    });
    expect(listener).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(jsonResponse(401, { error: 'Unauthorized' }));
    await expect(apiRequest(apiPaths.me, healthResponseSchema)).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it("tells 'Sign in required' and a wrong account password apart from an expired gate session", async () => {
    const listener = vi.fn();
    const unsubscribe = onSessionExpired(listener);
    fetchMock.mockResolvedValueOnce(
      jsonResponse(401, { error: 'Sign in required', message: 'Sign in or sign up to continue.' }),
    );
    const refused = await apiRequest(apiPaths.designs, null, { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(isSignInRequired(refused)).toBe(true);
    expect(refused).toMatchObject({
      status: 401,
      message: 'Sign in or sign up to continue.',
      reason: 'Sign in required',
    });

    fetchMock.mockResolvedValueOnce(jsonResponse(401, { error: 'Wrong username or password.' }));
    const wrong = await apiRequest(apiPaths.signIn, null, { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(isSignInRequired(wrong)).toBe(false);
    expect(wrong).toMatchObject({ status: 401, message: 'Wrong username or password.' });
    expect(listener).not.toHaveBeenCalled();

    // a 401 that is not ours at all (a proxy's page) still means the session is gone
    fetchMock.mockResolvedValueOnce(new Response('<html>no</html>', { status: 401, statusText: 'Unauthorized' }));
    await expect(apiRequest(apiPaths.me, healthResponseSchema)).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});

describe('withQuery', () => {
  it('encodes values', () => {
    expect(withQuery('/api/search', { q: 'oak & linen', mode: 'landscape' })).toBe(
      '/api/search?q=oak+%26+linen&mode=landscape',
    );
    expect(withQuery('/api/search', {})).toBe('/api/search');
  });
});

describe('query retries (docs/product.md §9)', () => {
  it('retries up to 3 times, with back-off doubling from 1 s to at most 30 s', () => {
    expect([0, 1, 2, 3].map((count) => shouldRetry(count, new Error('network')))).toEqual([true, true, true, false]);
    expect([0, 1, 2, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 30_000, 30_000]);
  });

  it('does not ask again for answers that will not change', () => {
    expect(shouldRetry(0, new ApiError(404, 'Not Found'))).toBe(false);
    expect(shouldRetry(0, new ApiError(401, 'Unauthorized'))).toBe(false);
    expect(shouldRetry(0, new ApiError(429, 'Too Many Requests'))).toBe(true);
    expect(shouldRetry(0, new ApiError(503, 'Unavailable'))).toBe(true);
  });
});
