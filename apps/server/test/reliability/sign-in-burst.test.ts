import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, apiPaths } from '@dwellscape/shared';
import { users } from '../../src/db/schema';
import { SIGN_IN_MAX_FAILURES_PER_USERNAME_AT_ADDRESS } from '../../src/modules/accounts/accounts.service';
import { signUp } from '../fixtures';
import { createTestApp, dbKinds, type TestApp } from '../helpers';
import { listenOnLoopback } from './support';

/**
 * docs/security.md: wrong passwords and the right one sent at once over HTTP, from one address.
 * The account's hash is made slow (argon2 t=40, some 0.3 s a check), so that a limit read before
 * any of the burst is counted would let every request of it through to a check, the right one too;
 * counted first, only the first 10 to arrive are checked.
 */
describe.each(dbKinds)('a burst of guesses at one account from one address (%s)', (kind) => {
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp({ kind, env: { TRUST_PROXY: '127.0.0.1' } });
    ({ baseUrl } = await listenOnLoopback(t.app));
  });
  afterAll(async () => {
    await t?.close();
  });

  const signIn = (cookie: string, address: string, username: string, password: string) =>
    fetch(`${baseUrl}${apiPaths.signIn}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-forwarded-for': address },
      body: JSON.stringify({ username, password }),
    });

  it(`checks only the first ${SIGN_IN_MAX_FAILURES_PER_USERNAME_AT_ADDRESS}; the right password later in the burst waits`, async () => {
    const account = await signUp(t.app, await t.unlock());
    const slowHash = await hash(account.password, { timeCost: 40 });
    await t.database.db.update(users).set({ passwordHash: slowHash }).where(eq(users.id, account.accountId));
    const cookie = await t.unlock();
    const address = '198.51.100.37';
    // fits the password work's queue, so the limit, not the queue, decides
    const burst = 40;
    const rightAt = 30;
    const passwords = Array.from({ length: burst }, (_, i) => (i === rightAt ? account.password : `wrong guess ${i}`));
    const answers = await Promise.all(passwords.map((password) => signIn(cookie, address, account.username, password)));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_MAX_FAILURES_PER_USERNAME_AT_ADDRESS);
    expect(statuses[rightAt]).toBe(429);
    expect(await answers[rightAt]!.json()).toEqual({
      error: 'Too Many Requests',
      message: accountMessages.signInRateLimited,
    });
  });
});
