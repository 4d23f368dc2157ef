import { SEED_USERS } from '@dwellscape/sample-art';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DISPLAY_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  accountMessages,
  apiPaths,
  sessionResponseSchema,
  type SessionResponse,
  type User,
} from '@dwellscape/shared';
import { mediaFiles, sessions, users } from '../src/db/schema';
import {
  SIGN_IN_MAX_FAILURES_PER_ADDRESS,
  SIGN_IN_MAX_FAILURES_PER_USERNAME_AT_ADDRESS,
  SIGN_IN_MAX_TURN_WAIT_MS,
  SIGN_IN_SLOW_AFTER_FAILURES_PER_USERNAME,
  SIGN_IN_TURN_SPACING_MS,
} from '../src/modules/accounts/accounts.service';
import { DUMMY_PASSWORD_HASH, hashPassword } from '../src/modules/accounts/passwords';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import { GOOD_PASSWORD, insertNotification, insertUser, sessionCookieOf, signUp } from './fixtures';

const firstSampleUser = SEED_USERS.find((user) => user.rank === Math.min(...SEED_USERS.map((u) => u.rank)))!;

let addressesUsed = 0;
/** A client address of its own, so that one test's wrong passwords never count against another's. */
const freshAddress = () => `10.${Math.floor(++addressesUsed / 250)}.${addressesUsed % 250}.7`;

describe.each(dbKinds)('accounts (%s)', (kind) => {
  let t: TestApp;
  let usernames = 0;
  const newUsername = () => `acct_${kind.slice(0, 2)}_${++usernames}`;

  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, cookie: string, payload?: object, remoteAddress?: string) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}), remoteAddress });
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: apiPaths.me, headers: { cookie } });
  const signUpAttempt = (fields: Record<string, unknown>, cookie?: string) =>
    (cookie ? Promise.resolve(cookie) : t.unlock()).then((c) => post(apiPaths.signUp, c, fields));
  const signInAttempt = (cookie: string, username: string, password: string, remoteAddress = freshAddress()) =>
    post(apiPaths.signIn, cookie, { username, password }, remoteAddress);

  /** A 400 naming one field, shaped as every validation error is. */
  const expectFieldError = (res: { statusCode: number; json: () => unknown }, field: string, message: string) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'Bad Request',
      message: `Invalid ${field}: ${message}`,
      details: [{ field, message }],
    });
  };

  describe('sign-up', () => {
    it('creates the account, signs the session in under a new token and hashes the password with argon2id', async () => {
      const gate = await t.unlock();
      const username = newUsername();
      const res = await post(apiPaths.signUp, gate, {
        username,
        displayName: '  Ada Lovelace ',
        password: GOOD_PASSWORD,
      });
      expect(res.statusCode).toBe(201);
      const body = sessionResponseSchema.parse(res.json());
      expect(body).toMatchObject({
        signedIn: true,
        unreadNotifications: 0,
        currentUser: {
          username,
          displayName: 'Ada Lovelace',
          bio: '',
          isCurrentUser: true,
          isVerified: false,
          postCount: 0,
          followerCount: 0,
          followingCount: 0,
          commissionEarned: '$0.00',
        },
      });
      const cookie = sessionCookieOf(res);
      expect(cookie).not.toBe(gate);
      // the token seen before signing up is worth nothing after it
      expect((await me(gate)).statusCode).toBe(401);
      const again = await me(cookie);
      expect(again.json<SessionResponse>()).toMatchObject({ signedIn: true, viewerId: body.viewerId });
      expect(again.json<SessionResponse>().currentUser.id).toBe(body.currentUser.id);

      const [row] = await t.database.db.select().from(users).where(eq(users.id, body.currentUser.id));
      expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row!.passwordHash).not.toContain(GOOD_PASSWORD);
      // a portrait of its own, stored as the account's file
      const avatar = await t.app.inject({ method: 'GET', url: body.currentUser.avatarUrl });
      expect(avatar.statusCode).toBe(200);
      expect(avatar.headers['content-type']).toBe('image/webp');
      const key = t.app.storage.keyFromUrl(body.currentUser.avatarUrl)!;
      const [file] = await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.key, key));
      expect(file).toMatchObject({ kind: 'upload' });
    });

    it('folds the username to lower case and refuses other characters and lengths', async () => {
      const mixed = `MiXeD_${usernames++}`;
      const res = await signUpAttempt({ username: ` ${mixed} `, displayName: 'Mixed', password: GOOD_PASSWORD });
      expect(res.statusCode).toBe(201);
      expect(res.json<SessionResponse>().currentUser.username).toBe(mixed.toLowerCase());
      for (const username of ['ab', 'a'.repeat(31), 'has space', 'dot.name', 'dash-name', 'émile', '']) {
        expectFieldError(
          await signUpAttempt({ username, displayName: 'X', password: GOOD_PASSWORD }),
          'body.username',
          accountMessages.usernameFormat,
        );
      }
    });

    it('refuses reserved names and the names of the sample world’s people, however spelled', async () => {
      const sampleNames = SEED_USERS.map((user) => user.username.replace(/\./g, '_'));
      for (const username of ['admin', 'Support', 'dwellscape', 'root', 'sign_in', ...sampleNames, 'priyagreenspace']) {
        expectFieldError(
          await signUpAttempt({ username, displayName: 'X', password: GOOD_PASSWORD }),
          'body.username',
          accountMessages.usernameReserved,
        );
      }
    });

    it('refuses a username taken in any case with 409, and a race for one name never answers 500', async () => {
      const username = newUsername();
      expect((await signUpAttempt({ username, displayName: 'First', password: GOOD_PASSWORD })).statusCode).toBe(201);
      const taken = await signUpAttempt({
        username: username.toUpperCase(),
        displayName: 'Second',
        password: GOOD_PASSWORD,
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({
        error: 'Conflict',
        message: accountMessages.usernameTaken,
        details: [{ field: 'body.username', message: accountMessages.usernameTaken }],
      });

      const uploads = async () =>
        Number(
          (await t.database.db.select({ n: count() }).from(mediaFiles).where(eq(mediaFiles.kind, 'upload')))[0]!.n,
        );
      const uploadsBefore = await uploads();
      const raced = newUsername();
      const gates = await Promise.all(Array.from({ length: 6 }, () => t.unlock()));
      const answers = await Promise.all(
        gates.map((gate, i) =>
          post(apiPaths.signUp, gate, { username: raced, displayName: `Racer ${i}`, password: GOOD_PASSWORD }),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      const rows = await t.database.db.select({ n: count() }).from(users).where(eq(users.username, raced));
      expect(Number(rows[0]!.n)).toBe(1);
      // the losers' portraits were not kept
      expect(await uploads()).toBe(uploadsBefore + 1);
    });

    it('checks the display name: 1–50 characters once trimmed', async () => {
      for (const displayName of ['', '   ', 'x'.repeat(DISPLAY_NAME_MAX_LENGTH + 1)]) {
        expectFieldError(
          await signUpAttempt({ username: newUsername(), displayName, password: GOOD_PASSWORD }),
          'body.displayName',
          accountMessages.displayNameLength,
        );
      }
      const longest = await signUpAttempt({
        username: newUsername(),
        displayName: 'x'.repeat(DISPLAY_NAME_MAX_LENGTH),
        password: GOOD_PASSWORD,
      });
      expect(longest.statusCode).toBe(201);
    });

    it('refuses short, overlong, guessable passwords and those that contain the username', async () => {
      const username = newUsername();
      const attempt = (password: string) => signUpAttempt({ username, displayName: 'P', password });
      expectFieldError(await attempt('nine char'), 'body.password', accountMessages.passwordLength);
      expectFieldError(
        await attempt('x'.repeat(PASSWORD_MAX_LENGTH + 1)),
        'body.password',
        accountMessages.passwordTooLong,
      );
      expectFieldError(
        await attempt(`my ${username.toUpperCase()} rocks`),
        'body.password',
        accountMessages.passwordHasUsername,
      );
      for (const weak of [
        'password123',
        'Password123!',
        'P@ssw0rd2024',
        'qwertyuiop',
        '1234567890',
        '0987654321',
        'aaaaaaaaaaaa',
        'abcabcabcabc',
        'abcdefghijkl',
        '1q2w3e4r5t',
        'iloveyou!!!',
        'Dwellscape2025',
        'Summer2024!!',
      ]) {
        expectFieldError(await attempt(weak), 'body.password', accountMessages.passwordWeak);
      }
      // the gate's shared password, in any case, is everybody's: not an account's (docs/security.md)
      for (const beta of [t.config.betaPassword, t.config.betaPassword.toUpperCase()]) {
        expectFieldError(await attempt(beta), 'body.password', accountMessages.passwordIsBetaPassword);
      }
      // nothing was made by the refusals
      const rows = await t.database.db.select({ n: count() }).from(users).where(eq(users.username, username));
      expect(Number(rows[0]!.n)).toBe(0);
      expect((await attempt('correct horse battery staple')).statusCode).toBe(201);
    });
  });

  describe('sign-in', () => {
    it('signs in with any case of the username, under a new token; the old one is dead at once', async () => {
      const account = await signUp(t.app, await t.unlock());
      const gate = await t.unlock();
      const res = await signInAttempt(gate, `  ${account.username.toUpperCase()} `, account.password);
      expect(res.statusCode).toBe(200);
      expect(sessionResponseSchema.parse(res.json())).toMatchObject({
        signedIn: true,
        currentUser: { id: account.accountId, isCurrentUser: true },
      });
      const cookie = sessionCookieOf(res);
      expect(cookie).not.toBe(gate);
      expect((await me(gate)).statusCode).toBe(401);
      expect((await me(cookie)).json<SessionResponse>().signedIn).toBe(true);
      // the session row is the same viewer, now holding the account
      const [row] = await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, res.json<SessionResponse>().viewerId));
      expect(row!.accountId).toBe(account.accountId);
    });

    it('answers a wrong password, an unknown username and a sample user with the same 401', async () => {
      const account = await signUp(t.app, await t.unlock());
      const gate = await t.unlock();
      const wrong = await signInAttempt(gate, account.username, 'not the password at all');
      const unknown = await signInAttempt(gate, 'nobody_has_this_name', 'not the password at all');
      const sample = await signInAttempt(gate, firstSampleUser.username, 'not the password at all');
      for (const res of [wrong, unknown, sample]) {
        expect(res.statusCode).toBe(401);
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      expect(wrong.body).toBe(unknown.body);
      expect(sample.body).toBe(unknown.body);
      expect(wrong.json()).toEqual({ error: 'Invalid credentials', message: accountMessages.invalidCredentials });
      // not signed in, and the gate session still works
      expect((await me(gate)).json<SessionResponse>().signedIn).toBe(false);
    });

    it('refuses a username with a NUL character as bad input, before any lookup', async () => {
      expectFieldError(
        await signInAttempt(await t.unlock(), 'abc\u0000def', 'some password here'),
        'body.username',
        'must not contain NUL characters',
      );
    });

    it('spends a full argon2 verification on an unknown username too (the constant-time path)', async () => {
      // the dummy hash has the parameters of every real one, so it costs the same to verify
      const real = await hashPassword('any password at all');
      const params = (hash: string) => hash.split('$').slice(1, 4).join('$');
      expect(params(DUMMY_PASSWORD_HASH)).toBe(params(real));

      const account = await signUp(t.app, await t.unlock());
      const gate = await t.unlock();
      const timed = async (username: string) => {
        const started = performance.now();
        const res = await signInAttempt(gate, username, 'not the password at all');
        expect(res.statusCode).toBe(401);
        return performance.now() - started;
      };
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 5; i++) {
        known.push(await timed(account.username));
        unknown.push(await timed(`ghost_${i}_${kind}`));
      }
      const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      // skipping the hash would make the unknown name some 20 times faster; noise is far below that
      expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
    });

    it(`refuses a username at one address after ${SIGN_IN_MAX_FAILURES_PER_USERNAME_AT_ADDRESS} wrong passwords, even the right one, and never its owner elsewhere`, async () => {
      const account = await signUp(t.app, await t.unlock());
      const gate = await t.unlock();
      const guesser = freshAddress();
      for (let i = 0; i < SIGN_IN_MAX_FAILURES_PER_USERNAME_AT_ADDRESS; i++) {
        expect((await signInAttempt(gate, account.username, `wrong password ${i}`, guesser)).statusCode).toBe(401);
      }
      const limited = await signInAttempt(gate, account.username, 'wrong password again', guesser);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ error: 'Too Many Requests', message: accountMessages.signInRateLimited });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      // at that address even the right password waits, or the limit would tell which guess was right
      expect((await signInAttempt(gate, account.username, account.password, guesser)).statusCode).toBe(429);
      // the username in another case is the same username
      expect((await signInAttempt(gate, account.username.toUpperCase(), account.password, guesser)).statusCode).toBe(
        429,
      );
      // the owner, from any other address, is not locked out by a stranger's guesses (docs/security.md)
      expect((await signInAttempt(await t.unlock(), account.username, account.password)).statusCode).toBe(200);
      // and the guesser's other usernames are not refused by it
      const other = await signUp(t.app, await t.unlock());
      expect((await signInAttempt(gate, other.username, other.password, guesser)).statusCode).toBe(200);
    });

    it('counts only failures: right passwords never use up the limit, and one clears the username’s count at its address', async () => {
      const account = await signUp(t.app, await t.unlock());
      const address = freshAddress();
      for (let i = 0; i < SIGN_IN_MAX_FAILURES_PER_USERNAME_AT_ADDRESS + 2; i++) {
        const res = await signInAttempt(await t.unlock(), account.username, account.password, address);
        expect(res.statusCode).toBe(200);
      }
      for (let i = 0; i < SIGN_IN_MAX_FAILURES_PER_USERNAME_AT_ADDRESS - 1; i++) {
        const res = await signInAttempt(await t.unlock(), account.username, 'wrong wrong wrong', address);
        expect(res.statusCode).toBe(401);
      }
      expect((await signInAttempt(await t.unlock(), account.username, account.password, address)).statusCode).toBe(200);
      // counting starts again after a right password
      for (let i = 0; i < SIGN_IN_MAX_FAILURES_PER_USERNAME_AT_ADDRESS - 1; i++) {
        const res = await signInAttempt(await t.unlock(), account.username, 'wrong wrong wrong', address);
        expect(res.statusCode).toBe(401);
      }
      expect((await signInAttempt(await t.unlock(), account.username, account.password, address)).statusCode).toBe(200);
    });

    it(`past ${SIGN_IN_SLOW_AFTER_FAILURES_PER_USERNAME} failures from every address, takes a username's attempts in turns ${SIGN_IN_TURN_SPACING_MS} ms apart, and its owner still gets in`, async () => {
      const account = await signUp(t.app, await t.unlock());
      const gate = await t.unlock();
      // a guesser spread over addresses, each within its own limit
      const addresses = Math.ceil(
        SIGN_IN_SLOW_AFTER_FAILURES_PER_USERNAME / SIGN_IN_MAX_FAILURES_PER_USERNAME_AT_ADDRESS,
      );
      for (let a = 0; a < addresses; a++) {
        const address = freshAddress();
        const guesses = await Promise.all(
          Array.from({ length: SIGN_IN_MAX_FAILURES_PER_USERNAME_AT_ADDRESS }, (_, i) =>
            signInAttempt(gate, account.username, `guess ${a} ${i}`, address),
          ),
        );
        expect(guesses.map((r) => r.statusCode)).toEqual(
          Array.from({ length: SIGN_IN_MAX_FAILURES_PER_USERNAME_AT_ADDRESS }, () => 401),
        );
      }
      // now three more guesses from three new addresses at once are taken one turn at a time
      const started = performance.now();
      const spread = await Promise.all(
        [0, 1, 2].map(async (i) => {
          const res = await signInAttempt(gate, account.username, `slowed guess ${i}`);
          expect(res.statusCode).toBe(401);
          return performance.now() - started;
        }),
      );
      expect(Math.max(...spread) - Math.min(...spread)).toBeGreaterThanOrEqual(2 * SIGN_IN_TURN_SPACING_MS - 500);
      // the owner, from an address of their own, waits for a turn and is let in
      const owner = performance.now();
      expect((await signInAttempt(await t.unlock(), account.username, account.password)).statusCode).toBe(200);
      expect(performance.now() - owner).toBeLessThan(SIGN_IN_MAX_TURN_WAIT_MS + 2000);
    });

    it(`refuses an address after ${SIGN_IN_MAX_FAILURES_PER_ADDRESS} wrong passwords over any usernames`, async () => {
      const account = await signUp(t.app, await t.unlock());
      const gate = await t.unlock();
      const address = freshAddress();
      // a burst at once: the count each failure's upsert returns decides, so none slips through
      const guesses = await Promise.all(
        Array.from({ length: SIGN_IN_MAX_FAILURES_PER_ADDRESS + 5 }, (_, i) =>
          signInAttempt(gate, `guess_${kind}_${i}`, 'some password here', address),
        ),
      );
      const statuses = guesses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(SIGN_IN_MAX_FAILURES_PER_ADDRESS);
      expect(statuses.filter((s) => s === 429)).toHaveLength(5);
      expect((await signInAttempt(gate, account.username, account.password, address)).statusCode).toBe(429);
      expect((await signInAttempt(gate, account.username, account.password, freshAddress())).statusCode).toBe(200);
    });
  });

  describe('sign-out', () => {
    it('signs out under a new token and shows the first sample user again; doing it twice is fine', async () => {
      const account = await signUp(t.app, await t.unlock());
      const res = await post(apiPaths.signOut, account.cookie);
      expect(res.statusCode).toBe(200);
      const body = sessionResponseSchema.parse(res.json());
      expect(body).toMatchObject({
        signedIn: false,
        currentUser: { id: firstSampleUser.id, username: firstSampleUser.username, isCurrentUser: false },
      });
      const cookie = sessionCookieOf(res);
      expect((await me(account.cookie)).statusCode).toBe(401);
      expect((await me(cookie)).json<SessionResponse>()).toMatchObject({ signedIn: false, viewerId: body.viewerId });
      const again = await post(apiPaths.signOut, cookie);
      expect(again.statusCode).toBe(200);
      expect(again.json<SessionResponse>().signedIn).toBe(false);
    });

    it('signs the account out of every browser, each staying past the gate', async () => {
      const account = await signUp(t.app, await t.unlock());
      const second = sessionCookieOf(await signInAttempt(await t.unlock(), account.username, account.password));
      const third = sessionCookieOf(await signInAttempt(await t.unlock(), account.username, account.password));
      const bystander = await signUp(t.app, await t.unlock());

      const res = await post(apiPaths.signOutEverywhere, second);
      expect(res.statusCode).toBe(200);
      expect(res.json<SessionResponse>().signedIn).toBe(false);
      expect((await me(second)).statusCode).toBe(401);
      for (const cookie of [account.cookie, third, sessionCookieOf(res)]) {
        const seen = await me(cookie);
        expect(seen.statusCode).toBe(200);
        expect(seen.json<SessionResponse>().signedIn).toBe(false);
      }
      expect((await me(bystander.cookie)).json<SessionResponse>().signedIn).toBe(true);
      const stillSignedIn = await t.database.db
        .select({ n: count() })
        .from(sessions)
        .where(eq(sessions.accountId, account.accountId));
      expect(Number(stillSignedIn[0]!.n)).toBe(0);
    });
  });

  describe('GET /api/me', () => {
    it('signed out: a guest, shown the first sample user as someone else’s profile, with no activity of its own', async () => {
      const res = await me(await t.unlock());
      expect(res.statusCode).toBe(200);
      const body = sessionResponseSchema.parse(res.json());
      expect(body).toMatchObject({
        signedIn: false,
        unreadNotifications: 0,
        currentUser: { id: firstSampleUser.id, isCurrentUser: false },
      });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('signed in: the account, with the count of its own unread notifications', async () => {
      const account = await signUp(t.app, await t.unlock());
      const actor = await insertUser(t.database.db);
      for (const [i, read] of [false, false, true].entries()) {
        await insertNotification(t.database.db, {
          id: `n-${kind}-${account.accountId}-${i}`,
          userId: account.accountId,
          actorId: actor.id,
          type: 'follow',
          read,
        });
      }
      expect((await me(account.cookie)).json<SessionResponse>()).toMatchObject({
        signedIn: true,
        unreadNotifications: 2,
        currentUser: { id: account.accountId },
      });
    });
  });

  it('marks the account as the current user on profiles and in search; signed out, nobody', async () => {
    const account = await signUp(t.app, await t.unlock());
    const gate = await t.unlock();
    const profile = (cookie: string, id: string) =>
      t.app.inject({ method: 'GET', url: apiPaths.user(id), headers: { cookie } }).then((r) => r.json<User>());
    expect(await profile(account.cookie, account.accountId)).toMatchObject({ isCurrentUser: true });
    expect(await profile(account.cookie, firstSampleUser.id)).toMatchObject({ isCurrentUser: false });
    expect(await profile(gate, account.accountId)).toMatchObject({ isCurrentUser: false });
    expect(await profile(gate, firstSampleUser.id)).toMatchObject({ isCurrentUser: false });
    const found = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.searchList('users')}?q=${account.username}&mode=interior&offset=0`,
      headers: { cookie: account.cookie },
    });
    expect(found.json<{ items: User[] }>().items).toEqual([
      expect.objectContaining({ id: account.accountId, isCurrentUser: true }),
    ]);
  });

  it('answers 401 Sign in required to a signed-out viewer for the account’s own routes', async () => {
    const gate = await t.unlock();
    const requests = [
      t.app.inject({ method: 'PATCH', url: apiPaths.me, headers: { cookie: gate }, payload: { bio: 'x' } }),
      t.app.inject({ method: 'GET', url: apiPaths.meExport, headers: { cookie: gate } }),
      t.app.inject({
        method: 'DELETE',
        url: apiPaths.me,
        headers: { cookie: gate },
        payload: { confirmUsername: 'x' },
      }),
    ];
    for (const res of await Promise.all(requests)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Sign in required', message: accountMessages.signInRequired });
    }
  });
});
