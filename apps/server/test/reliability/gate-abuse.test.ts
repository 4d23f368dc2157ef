import type * as nodeCrypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '@dwellscape/shared';
import { GATE_MAX_FAILURES, isBetaPassword } from '../../src/modules/gate/gate.service';
import { createTestApp, type TestApp } from '../helpers';

// the real compare, watched: every password check must reach it with two equal-length digests
const { timingSafeEqual } = vi.hoisted(() => ({
  timingSafeEqual: vi.fn<(a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => boolean>(),
}));
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof nodeCrypto>();
  timingSafeEqual.mockImplementation(actual.timingSafeEqual);
  return { ...actual, timingSafeEqual };
});

describe('the password compare', () => {
  afterEach(() => {
    timingSafeEqual.mockClear();
  });

  const beta = 'Open-Sesame';
  const candidates: Array<[string, boolean]> = [
    ['Open-Sesame', true],
    ['open-sesame', true],
    ['OPEN-SESAME', true],
    ['oPeN-sEsAmE', true],
    ['', false],
    ['o', false],
    ['open', false],
    ['open-sesam', false],
    ['open-sesame!', false],
    ['open-sesame ', false],
    [' open-sesame', false],
    ['open-sesame\0', false],
    ['open‐sesame', false], // a Unicode hyphen
    ['x'.repeat(200), false],
    ['open-sesame'.repeat(1000), false],
  ];

  it.each(candidates)('%j → %s, case-insensitively', (candidate, expected) => {
    expect(isBetaPassword(candidate, beta)).toBe(expected);
  });

  it('compares two 32-byte digests whatever the lengths, and never stops early on a length difference', () => {
    for (const [candidate] of candidates) {
      timingSafeEqual.mockClear();
      isBetaPassword(candidate, beta);
      expect(timingSafeEqual, JSON.stringify(candidate.slice(0, 20))).toHaveBeenCalledTimes(1);
      const [a, b] = timingSafeEqual.mock.calls[0]!;
      expect(a.byteLength).toBe(32);
      expect(b.byteLength).toBe(32);
    }
  });

  it('works the same for a beta password of any length', () => {
    for (const password of ['a', 'dwellscape', 'x'.repeat(200)]) {
      expect(isBetaPassword(password.toUpperCase(), password)).toBe(true);
      expect(isBetaPassword(`${password}!`, password)).toBe(false);
    }
    for (const [a, b] of timingSafeEqual.mock.calls) expect([a.byteLength, b.byteLength]).toEqual([32, 32]);
  });

  it('is what the gate route uses', async () => {
    const t = await createTestApp({ seed: false });
    try {
      timingSafeEqual.mockClear();
      const res = await t.app.inject({ method: 'POST', url: apiPaths.gate, payload: { password: 'x' } });
      expect(res.statusCode).toBe(401);
      expect(timingSafeEqual).toHaveBeenCalledTimes(1);
      expect(timingSafeEqual.mock.calls[0]!.map((digest) => digest.byteLength)).toEqual([32, 32]);
    } finally {
      await t.close();
    }
  });
});

const proxy = '10.1.0.1';

/** A gate behind a proxy: its own app, so each configuration starts with clean counts. */
function gateBehindProxy(trustProxy: string) {
  const state: { t?: TestApp } = {};
  beforeAll(async () => {
    state.t = await createTestApp({ seed: false, env: { TRUST_PROXY: trustProxy } });
  });
  afterAll(async () => {
    await state.t?.close();
  });
  return (password: string, forwardedFor: string, remoteAddress = proxy) =>
    state.t!.app.inject({
      method: 'POST',
      url: apiPaths.gate,
      payload: { password },
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });
}

describe.each([
  ['true', 'every hop'],
  [proxy, 'the proxy by address'],
  ['1', 'one hop'],
])('behind a trusted proxy (TRUST_PROXY=%s: %s)', (trustProxy) => {
  const gate = gateBehindProxy(trustProxy);

  it('counts the clients the proxy names apart: one locked out, the next still let in', async () => {
    for (let i = 0; i < GATE_MAX_FAILURES; i++) expect((await gate(`wrong-${i}`, '198.51.100.1')).statusCode).toBe(401);
    const limited = await gate('wrong', '198.51.100.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await gate('open-sesame', '198.51.100.1')).statusCode).toBe(429);

    // another client behind the same proxy has its own count
    expect((await gate('wrong', '198.51.100.2')).statusCode).toBe(401);
    expect((await gate('open-sesame', '198.51.100.2')).statusCode).toBe(204);
    for (let i = 0; i < GATE_MAX_FAILURES; i++) expect((await gate('wrong', '198.51.100.3')).statusCode).toBe(401);
    expect((await gate('wrong', '198.51.100.3')).statusCode).toBe(429);
    expect((await gate('open-sesame', '198.51.100.4')).statusCode).toBe(204);
  });
});

describe.each([
  [proxy, 'the proxy by address'],
  ['1', 'one hop'],
])('rotating forged addresses behind a trusted proxy (TRUST_PROXY=%s: %s)', (trustProxy) => {
  const gate = gateBehindProxy(trustProxy);

  it('ignores the addresses a client puts before the one the proxy adds', async () => {
    const real = '192.0.2.50';
    for (let i = 0; i < GATE_MAX_FAILURES; i++) {
      expect((await gate('wrong', `203.0.113.${i}, ${real}`)).statusCode).toBe(401);
    }
    expect((await gate('wrong', `203.0.113.77, ${real}`)).statusCode).toBe(429);
    expect((await gate('wrong', `192.0.2.51`)).statusCode).toBe(401);
  });
});

describe('a sender that is not the trusted proxy (TRUST_PROXY=10.1.0.1)', () => {
  const gate = gateBehindProxy(proxy);

  it('is counted by its own address, whatever X-Forwarded-For it sends', async () => {
    const stranger = '10.9.9.9';
    for (let i = 0; i < GATE_MAX_FAILURES; i++) {
      expect((await gate('wrong', `203.0.113.${i}`, stranger)).statusCode).toBe(401);
    }
    expect((await gate('wrong', '203.0.113.99', stranger)).statusCode).toBe(429);
    // the proxy's own clients are untouched by it
    expect((await gate('open-sesame', '203.0.113.1')).statusCode).toBe(204);
  });
});
