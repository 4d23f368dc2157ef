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
 * docs/security.md: wrong passwords sent at once over HTTP, from one address, then the right one.
 * The account's hash is made slow (argon2 t=40, some 0.3 s a check), so that a limit read before
 * any of the burst is counted would let every request of it through to a check; counted first,
 * only the first 10 to arrive are checked, and the right password after them waits (429) as a
 * wrong one would, or the limit would tell which guess was right. (The right one used to be sent
 * inside the burst, 31st: on a loaded machine it once arrived among the first 10 and signed in,
 * as it should when it is among the checked ones, which the test read as a hole.)
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

  it(`checks only the first ${SIGN_IN_MAX_FAILURES_PER_USERNAME_AT_ADDRESS} of a burst; the right password after it waits`, async () => {
    const account = await signUp(t.app, await t.unlock());
    const slowHash = await hash(account.password, { timeCost: 40 });
    await t.database.db.update(users).set({ passwordHash: slowHash }).where(eq(users.id, account.accountId));
    const cookie = await t.unlock();
    const address = '198.51.100.37';
    // fits the password work's queue, so the limit, not the queue, decides. Every guess of the burst is wrong: the
    // order the requests reach the server in is the network's, so a right one inside it could be among the first
    // checked (and rightly sign in); the right one is sent once the burst is answered
    const burst = 40;
    const guesses = Array.from({ length: burst }, (_, i) => `wrong guess ${i}`);
    const answers = await Promise.all(guesses.map((password) => signIn(cookie, address, account.username, password)));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_MAX_FAILURES_PER_USERNAME_AT_ADDRESS);
    const right = await signIn(cookie, address, account.username, account.password);
    expect(right.status).toBe(429);
    expect(await right.json()).toEqual({
      error: 'Too Many Requests',
      message: accountMessages.signInRateLimited,
    });
  });
});
