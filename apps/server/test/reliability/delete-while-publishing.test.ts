import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, apiPaths } from '@dwellscape/shared';
import { designs, users } from '../../src/db/schema';
import { createTestApp, dbKinds, type TestApp } from '../helpers';
import { sessionCookieOf, signUp, uploadImage } from '../fixtures';
import { listenOnLoopback } from './support';

/**
 * docs/security.md: an account deleted in one session while another of its sessions publishes.
 * Publishing locks its author's row before writing, and the deletion locks it for update, so the
 * two take turns: the design is in before the deletion removes it with the rest, or the publish
 * finds the account gone and answers 401; never a foreign-key violation's 500.
 */

const PUBLISHES_PER_ROUND = 4;

describe.each(dbKinds)('deleting an account while another of its sessions publishes (%s)', (kind) => {
  let t: TestApp;
  let baseUrl: string;
  // PGlite has one connection, so its transactions never overlap: one round shows the answers;
  // on Postgres, without the locks, each of 4 rounds answered 500
  const rounds = kind === 'postgres' ? 4 : 1;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    ({ baseUrl } = await listenOnLoopback(t.app));
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (method: string, path: string, cookie: string, body: object) =>
    fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });

  it(`serialises the two: the deletion answers 200, each publish 201 or 401, in ${rounds} round(s)`, async () => {
    for (let round = 0; round < rounds; round++) {
      const account = await signUp(t.app, await t.unlock());
      const signedIn = await t.app.inject({
        method: 'POST',
        url: apiPaths.signIn,
        headers: { cookie: await t.unlock() },
        payload: { username: account.username, password: account.password },
      });
      expect(signedIn.statusCode).toBe(200);
      const publisher = sessionCookieOf(signedIn);
      const pictures = await Promise.all(
        Array.from({ length: PUBLISHES_PER_ROUND }, () => uploadImage(t.app, publisher)),
      );

      const [deleted, ...published] = await Promise.all([
        send('DELETE', apiPaths.me, account.cookie, { confirmUsername: account.username }),
        ...pictures.map((afterImageUrl, i) =>
          send('POST', apiPaths.designs, publisher, { title: `Race ${round}.${i}`, mode: 'interior', afterImageUrl }),
        ),
      ]);
      expect(deleted!.status, await deleted!.clone().text()).toBe(200);
      for (const res of published) {
        expect([201, 401], await res.clone().text()).toContain(res.status);
        if (res.status === 401) expect(await res.json()).toMatchObject({ message: accountMessages.signInRequired });
      }
      // nothing of the account is left behind, whichever came first
      const db = t.database.db;
      expect((await db.select({ n: count() }).from(users).where(eq(users.id, account.accountId)))[0]!.n).toBe(0);
      expect((await db.select({ n: count() }).from(designs).where(eq(designs.userId, account.accountId)))[0]!.n).toBe(
        0,
      );
    }
  });
});
