import { randomBytes, randomUUID } from 'node:crypto';
import {
  RESERVED_USERNAMES,
  accountMessages,
  type AccountExport,
  type SessionResponse,
  type User,
  type deleteAccountBodySchema,
  type signInBodySchema,
  type signUpBodySchema,
  type updateProfileBodySchema,
} from '@dwellscape/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { AppDatabase } from '../../db/client';
import { designs } from '../../db/schema';
import { AppError, invalidRequest, notFound } from '../../errors';
import { forgetUnreferencedFiles } from '../../media/stored-media';
import type { PostgresRateLimitStore } from '../../plugins/rate-limit-store';
import { SEED_USERS } from '@dwellscape/sample-art';
import type { FileStorage } from '../../storage/file-storage';
import type { Viewer } from '../../types';
import { findDesigns } from '../designs/designs.repository';
import { countUnread } from '../notifications/notifications.repository';
import { writeFeedTransaction } from '../designs/feed-cache';
import { hashSessionToken, isBetaPassword } from '../gate/gate.service';
import { findCurrentUser, findUserWithPostCountById, toUserDto } from '../users/users.repository';
import { currentUserIdOf } from '../users/users.service';
import {
  deleteAccountRows,
  findAccountMarks,
  findAccountRow,
  findCredentials,
  insertAccount,
  moveSessionLikesToAccount,
  rotateSession,
  signOutAllSessions,
  updateProfile as updateProfileRow,
  usernameExists,
  type ProfileChange,
} from './accounts.repository';
import { claimSessionMedia } from '../uploads/uploads.repository';
import { assertUsableMedia } from '../uploads/uploads.service';
import { storeDefaultAvatar, storeSquareAvatar } from './avatars';
import { PasswordWorkBusyError, hashPassword, passwordProblem, passwordWork, verifyPassword } from './passwords';

export interface AccountDeps {
  db: AppDatabase;
  storage: FileStorage;
  /** The gate's shared password: everyone past the gate knows it, so it is nobody's account password. */
  betaPassword: string;
}

/** Wrong passwords counted per address and per username, in the database every instance shares (decision 0015). */
export type SignInFailures = Pick<PostgresRateLimitStore, 'hit' | 'takeBack' | 'forget' | 'bookTurn'>;

export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/**
 * Per username at one address: enough for a person who mistypes, far too few for guessing. Past it
 * that address waits, the right password too; the account's owner elsewhere does not.
 */
export const SIGN_IN_MAX_FAILURES_PER_USERNAME_AT_ADDRESS = 10;
/** Per address: a guesser spreading guesses over many usernames; several people may share one address. */
export const SIGN_IN_MAX_FAILURES_PER_ADDRESS = 30;
/**
 * Per username from every address together: past it, a guesser spread over many addresses. The
 * username is never refused outright for it (anyone could hand the owner that lock-out); its
 * attempts, the right one too, take turns SIGN_IN_TURN_SPACING_MS apart instead.
 */
export const SIGN_IN_SLOW_AFTER_FAILURES_PER_USERNAME = 100;
/** One attempt per username every 2 s at most once slowed: 450 guesses in a window, from any number of addresses. */
export const SIGN_IN_TURN_SPACING_MS = 2000;
/** The longest wait for a turn; past it the attempt is refused with Retry-After and books nothing. */
export const SIGN_IN_MAX_TURN_WAIT_MS = 10_000;

/** The session after a sign-in, sign-up or sign-out: the answer, and the new token for the cookie. */
export interface SessionChange {
  session: SessionResponse;
  sessionToken: string;
  expiresAt: Date;
}

/** A refusal of one field, shaped as a schema validation error is, so every 400 names its field alike. */
function fieldError(field: string, message: string): AppError {
  return invalidRequest([{ field, message }]);
}

const usernameTaken = () =>
  new AppError(
    'conflict',
    'Conflict',
    [{ field: 'body.username', message: accountMessages.usernameTaken }],
    accountMessages.usernameTaken,
  );

const invalidCredentials = () =>
  // not the gate's 'Unauthorized': the client must not take a wrong password for a lost session
  new AppError('unauthorized', 'Invalid credentials', undefined, accountMessages.invalidCredentials);

/** Lower-case letters and digits only: 'priya_greenspace' reads as 'priya.greenspace'. */
const foldUsername = (username: string) => username.toLowerCase().replace(/[^a-z0-9]/g, '');
const reservedUsernames = new Set<string>([
  ...RESERVED_USERNAMES.map(foldUsername),
  // a new account must not pass for one of the people of the sample world
  ...SEED_USERS.map((user) => foldUsername(user.username)),
]);

export const isReservedUsername = (username: string) => reservedUsernames.has(foldUsername(username));

const newSessionToken = () => randomBytes(32).toString('base64url');

/**
 * Who the viewer is: the signed-in account (their own profile), or for a guest the Profile tab's
 * default target, the first sample user, shown as someone else's (`isCurrentUser` false, no activity).
 */
export async function getSession(db: AppDatabase, viewer: Viewer): Promise<SessionResponse> {
  const accountId = currentUserIdOf(viewer);
  const userId = accountId ?? (await findCurrentUser(db))?.id ?? null;
  const [found, unreadNotifications] = await Promise.all([
    // the account's own pending commission shows only to it (docs/security.md)
    userId === null ? null : findUserWithPostCountById(db, userId, accountId),
    accountId === null ? 0 : countUnread(db, accountId),
  ]);
  if (!found) throw notFound('User');
  return {
    viewerId: viewer.viewerId,
    signedIn: accountId !== null,
    currentUser: toUserDto(found.row, found.postCount, accountId, found.isFollowedByViewer),
    unreadNotifications,
  };
}

type FeedTransactionWork = Parameters<typeof writeFeedTransaction>[1];

const sessionGone = () =>
  // the session expired or was removed between the gate's check and now: the gate's own answer
  new AppError('unauthorized', 'Unauthorized', undefined, 'Enter the beta password to continue.');

/**
 * Gives the viewer's session a new token and signs `accountId` in on it (or out, with null), in
 * one transaction with `within`; signing in also moves the session's likes to the account. The
 * old token is dead once it commits.
 */
async function switchSessionAccount(
  db: AppDatabase,
  viewer: Viewer,
  accountId: string | null,
  within?: FeedTransactionWork,
): Promise<SessionChange> {
  const sessionToken = newSessionToken();
  const { expiresAt } = await writeFeedTransaction(db, async (tx, feedDidChange, viewerDidChange) => {
    await within?.(tx, feedDidChange, viewerDidChange);
    const session = await rotateSession(tx, viewer.viewerId, {
      tokenHash: hashSessionToken(sessionToken),
      accountId,
      now: new Date(),
    });
    if (!session) throw sessionGone();
    await viewerDidChange({ session: viewer.viewerId });
    if (accountId !== null) {
      const nowCounted = await moveSessionLikesToAccount(tx, viewer.viewerId, accountId);
      await viewerDidChange({ likes: viewer.viewerId });
      await viewerDidChange({ likes: accountId });
      // the session's likes now count as the account's: the counts are on the feed's cards
      if (nowCounted > 0) await feedDidChange();
    }
    if (accountId !== null) await claimSessionMedia(tx, viewer.viewerId, accountId);
    return session;
  });
  const session = await getSession(db, { viewerId: viewer.viewerId, accountId });
  return { session, sessionToken, expiresAt };
}

export type SignUpInput = z.output<typeof signUpBodySchema>;

/**
 * Opens an account and signs the session in on it. The whole call takes a turn of the password work
 * (passwords.ts): a burst of sign-ups waits in its queue, doing nothing, or is refused at once.
 */
export const signUp = (deps: AccountDeps, viewer: Viewer, input: SignUpInput): Promise<SessionChange> =>
  passwordWork.run(() => openAccount(deps, viewer, input));

async function openAccount(deps: AccountDeps, viewer: Viewer, input: SignUpInput): Promise<SessionChange> {
  const { db, storage } = deps;
  if (isReservedUsername(input.username)) throw fieldError('body.username', accountMessages.usernameReserved);
  const problem = passwordProblem(input.password, input.username);
  if (problem) throw fieldError('body.password', problem);
  if (isBetaPassword(input.password, deps.betaPassword)) {
    throw fieldError('body.password', accountMessages.passwordIsBetaPassword);
  }
  // answered before the costly hash; the insert below still settles a race between two sign-ups
  if (await usernameExists(db, input.username)) throw usernameTaken();

  // the hash and the drawn portrait are the costly part
  const [passwordHash, avatar] = await Promise.all([
    hashPassword(input.password),
    storeDefaultAvatar(db, storage, input.username, viewer.viewerId),
  ]);
  const accountId = randomUUID();
  try {
    return await switchSessionAccount(db, viewer, accountId, async (tx) => {
      const inserted = await insertAccount(tx, {
        id: accountId,
        username: input.username,
        displayName: input.displayName,
        avatarUrl: avatar.url,
        passwordHash,
      });
      if (!inserted) throw usernameTaken();
    });
  } catch (error) {
    await forgetFiles(deps, [avatar.url]);
    throw error;
  }
}

export type SignInInput = z.output<typeof signInBodySchema>;

export type SignInOutcome =
  { kind: 'signed_in'; change: SessionChange } | { kind: 'rate_limited'; retryAfterSeconds: number };

const failureKeys = (username: string, address: string) => ({
  pair: `username-at-address:${username}|${address}`,
  address: `address:${address}`,
  username: `username:${username}`,
  turn: `username-turn:${username}`,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Checks the password in constant time whatever the username (an unknown one, or a sample user's,
 * verifies against a dummy hash) and answers the same words either way.
 *
 * Every attempt is counted before its password is checked, by atomic upserts whose counts decide,
 * so a burst sent at once cannot pass a limit read before any of it was counted; a right password
 * takes its count back. Past the limit of its username at its address, or of its address, an attempt
 * waits (429), the right one too, or the limit would tell which guess was right. Past the slower
 * limit of its username from every address, it waits for its turn (at most SIGN_IN_MAX_TURN_WAIT_MS)
 * and is then checked, so the owner signing in from elsewhere still gets in.
 */
export async function signIn(
  db: AppDatabase,
  failures: SignInFailures,
  viewer: Viewer,
  input: SignInInput,
  clientAddress: string,
): Promise<SignInOutcome> {
  const keys = failureKeys(input.username, clientAddress);
  const counted = [keys.pair, keys.address, keys.username];
  const takeBack = () => Promise.all(counted.map((key) => failures.takeBack(key))).then(() => undefined);
  const check = async () => {
    const found = await findCredentials(db, input.username);
    return (await verifyPassword(found?.passwordHash ?? null, input.password)) ? found : null;
  };

  // the whole attempt, its counting included, takes a turn of the password work: a burst waits in
  // its queue, doing nothing, or is refused at once when that is full (the route's 503)
  const first = await passwordWork.run(async (): Promise<SignInOutcome | { waitMs: number } | { account: Account }> => {
    const window = SIGN_IN_FAILURE_WINDOW_MS;
    const [pair, address] = await Promise.all([failures.hit(keys.pair, window), failures.hit(keys.address, window)]);
    const over = [
      { count: pair, max: SIGN_IN_MAX_FAILURES_PER_USERNAME_AT_ADDRESS },
      { count: address, max: SIGN_IN_MAX_FAILURES_PER_ADDRESS },
    ].filter(({ count, max }) => count.current > max);
    if (over.length > 0) return rateLimited(Math.max(...over.map(({ count }) => count.ttl)));
    const username = await failures.hit(keys.username, window);
    if (username.current > SIGN_IN_SLOW_AFTER_FAILURES_PER_USERNAME) {
      const waitMs = await failures.bookTurn(keys.turn, SIGN_IN_TURN_SPACING_MS, SIGN_IN_MAX_TURN_WAIT_MS);
      if (waitMs === null) {
        // not checked, so not a failure: the line is full, which says nothing of the password
        await takeBack();
        return rateLimited(SIGN_IN_MAX_TURN_WAIT_MS);
      }
      if (waitMs > 0) return { waitMs };
    }
    return { account: await check() };
  });
  if ('kind' in first) return first;

  let account: Account;
  if ('waitMs' in first) {
    // the wait for its turn holds no turn of the password work
    await sleep(first.waitMs);
    try {
      account = await passwordWork.run(check);
    } catch (error) {
      if (error instanceof PasswordWorkBusyError) await takeBack();
      throw error;
    }
  } else {
    account = first.account;
  }
  if (!account) throw invalidCredentials();
  // the right password was no failure: the address and the username lose its count, and the
  // username at this address starts again
  await Promise.all([failures.forget(keys.pair), failures.takeBack(keys.address), failures.takeBack(keys.username)]);
  return { kind: 'signed_in', change: await switchSessionAccount(db, viewer, account.id) };
}

type Account = Awaited<ReturnType<typeof findCredentials>>;

const rateLimited = (ttlMs: number): SignInOutcome => ({
  kind: 'rate_limited',
  retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)),
});

/** Signs the viewer out (idempotent); the browser keeps its gate session under a new token. */
export const signOut = (db: AppDatabase, viewer: Viewer): Promise<SessionChange> =>
  switchSessionAccount(db, viewer, null);

/** Signs the account out on every browser; each stays past the gate, signed out. */
export async function signOutEverywhere(db: AppDatabase, viewer: Viewer): Promise<SessionChange> {
  const { accountId } = viewer;
  return switchSessionAccount(db, viewer, null, async (tx, _feedDidChange, viewerDidChange) => {
    if (accountId === null) return;
    await signOutAllSessions(tx, accountId);
    await viewerDidChange({ accountSessions: accountId });
  });
}

export type UpdateProfileInput = z.output<typeof updateProfileBodySchema>;

/**
 * Changes the signed-in account's display name, bio or picture. A picture must be an image this
 * server stored from an upload; it is cropped square into a new file, and the account's previous
 * picture is deleted once nothing points at it. Designs embed their author's name and picture,
 * so the feed pages cached anywhere are dropped.
 */
export async function updateProfile(deps: AccountDeps, accountId: string, input: UpdateProfileInput): Promise<User> {
  const { db, storage } = deps;
  const change: ProfileChange = {};
  if (input.displayName !== undefined) change.displayName = input.displayName;
  if (input.bio !== undefined) change.bio = input.bio;
  let avatar: Awaited<ReturnType<typeof storeSquareAvatar>> | null = null;
  if (input.avatarUrl !== undefined) {
    // only the account's own uploads: not a render, a sample picture or somebody else's photo
    await assertUsableMedia(db, storage, { viewerId: null, accountId }, [
      {
        field: 'body.avatarUrl',
        url: input.avatarUrl,
        kinds: ['upload'],
        kindMessage: 'must be an image uploaded to this server (POST /api/uploads)',
      },
    ]);
    avatar = await storeSquareAvatar(db, storage, input.avatarUrl, accountId);
    change.avatarUrl = avatar.url;
  }
  let updated: { previousAvatarUrl: string } | null;
  try {
    updated = await writeFeedTransaction(db, async (tx, feedDidChange) => {
      const result = await updateProfileRow(tx, accountId, change);
      if (result && (change.displayName !== undefined || change.avatarUrl !== undefined)) await feedDidChange();
      return result;
    });
  } catch (error) {
    if (avatar) await forgetFiles(deps, [avatar.url]);
    throw error;
  }
  if (!updated) {
    if (avatar) await forgetFiles(deps, [avatar.url]);
    throw notFound('User');
  }
  if (avatar && updated.previousAvatarUrl !== avatar.url) await forgetFiles(deps, [updated.previousAvatarUrl]);
  const found = await findUserWithPostCountById(db, accountId, accountId);
  if (!found) throw notFound('User');
  return toUserDto(found.row, found.postCount, accountId, false);
}

/** Everything the account made or marked, for GET /api/me/export. */
export async function exportAccount(db: AppDatabase, viewer: Viewer & { accountId: string }): Promise<AccountExport> {
  const [row, marks, ownDesigns] = await Promise.all([
    findAccountRow(db, viewer.accountId),
    findAccountMarks(db, viewer.accountId),
    findDesigns(db, { where: eq(designs.userId, viewer.accountId), viewerId: viewer.accountId }),
  ]);
  if (!row) throw notFound('User');
  const iso = (date: Date) => date.toISOString();
  return {
    exportedAt: new Date().toISOString(),
    profile: {
      id: row.id,
      username: row.username,
      displayName: row.displayName,
      bio: row.bio,
      avatarUrl: row.avatarUrl,
      createdAt: iso(row.createdAt),
      followerCount: row.followerCount,
      followingCount: row.followingCount,
    },
    designs: ownDesigns,
    comments: marks.comments.map((c) => ({ ...c, createdAt: iso(c.createdAt) })),
    likes: marks.likes.map((l) => ({ ...l, createdAt: iso(l.createdAt) })),
    following: marks.following.map((f) => ({ ...f, createdAt: iso(f.createdAt) })),
    followers: marks.followers.map((f) => ({ ...f, createdAt: iso(f.createdAt) })),
    saved: marks.saved.map((s) => ({ ...s, createdAt: iso(s.createdAt) })),
  };
}

export type DeleteAccountInput = z.output<typeof deleteAccountBodySchema>;

/**
 * Deletes the signed-in account and everything it made in one transaction (decision 0016), signs
 * the session out under a new token, then deletes the files only it used.
 */
export async function deleteAccount(
  deps: AccountDeps,
  viewer: Viewer & { accountId: string },
  input: DeleteAccountInput,
): Promise<SessionChange> {
  const { db } = deps;
  const row = await findAccountRow(db, viewer.accountId);
  if (!row) throw notFound('User');
  if (input.confirmUsername.trim() !== row.username) {
    throw fieldError('body.confirmUsername', accountMessages.deleteConfirmMismatch);
  }
  let fileUrls: string[] = [];
  const change = await switchSessionAccount(db, viewer, null, async (tx, feedDidChange, viewerDidChange) => {
    fileUrls = (await deleteAccountRows(tx, viewer.accountId)) ?? [];
    // its designs leave the feed, and its likes and comments leave other designs' counts
    await feedDidChange();
    await viewerDidChange({ accountSessions: viewer.accountId });
    await viewerDidChange({ likes: viewer.accountId });
    await viewerDidChange({ saved: viewer.accountId });
  });
  await forgetFiles(deps, fileUrls);
  return change;
}

/** Deletes the stored files behind `urls` that nothing points at any more, with their resized copies. */
function forgetFiles(deps: AccountDeps, urls: string[]): Promise<void> {
  return forgetUnreferencedFiles(deps.db, deps.storage, urls);
}
