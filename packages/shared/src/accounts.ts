// Accounts, follows, saved designs and activity (decision 0016): the contract shared by server and web.
import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema';
import { designSchema, feedQuerySchema } from './design-schemas';
import { cursorPageOf, idSchema, mediaUrlSchema, userSchema } from './schemas';

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const DISPLAY_NAME_MAX_LENGTH = 50;
export const BIO_MAX_LENGTH = 160;
export const PASSWORD_MIN_LENGTH = 10;
/** argon2 hashes any length, but a megabyte password is a denial of service, not a password. */
export const PASSWORD_MAX_LENGTH = 200;

/** Names that would read as the product speaking, or collide with a route. Compared in lower case. */
export const RESERVED_USERNAMES = [
  'admin',
  'administrator',
  'api',
  'dwellscape',
  'help',
  'me',
  'mod',
  'moderator',
  'null',
  'official',
  'root',
  'settings',
  'signin',
  'signup',
  'staff',
  'support',
  'system',
  'undefined',
] as const;

/** The texts people read when an account rule refuses what they typed. */
export const accountMessages = {
  usernameFormat: `Username must be ${USERNAME_MIN_LENGTH}–${USERNAME_MAX_LENGTH} characters: lowercase letters, numbers and _ only.`,
  usernameTaken: 'That username is taken. Try another.',
  usernameReserved: 'That username is reserved. Try another.',
  displayNameLength: `Display name must be 1–${DISPLAY_NAME_MAX_LENGTH} characters.`,
  bioLength: `Bio must be at most ${BIO_MAX_LENGTH} characters.`,
  passwordLength: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  passwordWeak: 'That password is too easy to guess. Choose a longer or less common one.',
  passwordHasUsername: 'Your password must not contain your username.',
  passwordIsBetaPassword: 'Your password must not be the beta access password. Choose one of your own.',
  invalidCredentials: 'Wrong username or password.',
  signInRateLimited: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  signUpRateLimited: 'Too many new accounts from this network. Please try again later.',
  passwordWorkBusy: 'The server is busy. Please try again in a moment.',
  signInRequired: 'Sign in or sign up to continue.',
  deleteConfirmMismatch: 'Type your username exactly to confirm.',
  cannotFollowSelf: 'You cannot follow yourself.',
  deletedUser: 'a deleted user',
} as const;

/** Lower-case letters, digits and _, 3–30 long; sign-in accepts any case and folds it. */
export const usernameSchema = lazySchema(() =>
  z.string().check(
    z.overwrite((s) => s.trim().toLowerCase()),
    z.regex(new RegExp(`^[a-z0-9_]{${USERNAME_MIN_LENGTH},${USERNAME_MAX_LENGTH}}$`), accountMessages.usernameFormat),
  ),
);

export const displayNameSchema = lazySchema(() =>
  z.string().check(
    z.overwrite((s) => s.trim()),
    z.minLength(1, accountMessages.displayNameLength),
    z.maxLength(DISPLAY_NAME_MAX_LENGTH, accountMessages.displayNameLength),
    z.refine((s) => !s.includes('\u0000'), 'must not contain NUL characters'),
  ),
);

export const bioSchema = lazySchema(() =>
  z.string().check(
    z.overwrite((s) => s.trim()),
    z.maxLength(BIO_MAX_LENGTH, accountMessages.bioLength),
    z.refine((s) => !s.includes('\u0000'), 'must not contain NUL characters'),
  ),
);

export const passwordSchema = lazySchema(() =>
  z
    .string()
    .check(
      z.minLength(PASSWORD_MIN_LENGTH, accountMessages.passwordLength),
      z.maxLength(PASSWORD_MAX_LENGTH, accountMessages.passwordTooLong),
    ),
);

export const signUpBodySchema = lazySchema(() =>
  z.object({
    username: usernameSchema,
    displayName: displayNameSchema,
    password: passwordSchema,
  }),
);
export type SignUpBody = z.input<typeof signUpBodySchema>;

/** Sign-in checks only shape: a length rule here would tell a guesser which passwords cannot exist. */
export const signInBodySchema = lazySchema(() =>
  z.object({
    username: z.string().check(
      z.overwrite((s) => s.trim().toLowerCase()),
      z.minLength(1),
      z.maxLength(100),
      z.refine((s) => !s.includes('\u0000'), 'must not contain NUL characters'),
    ),
    password: z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX_LENGTH)),
  }),
);
export type SignInBody = z.input<typeof signInBodySchema>;

export const updateProfileBodySchema = lazySchema(() =>
  z.object({
    displayName: z.optional(displayNameSchema),
    bio: z.optional(bioSchema),
    /** An image this viewer uploaded (POST /api/uploads); the server crops it square. */
    avatarUrl: z.optional(mediaUrlSchema),
  }),
);
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

export const deleteAccountBodySchema = lazySchema(() =>
  z.object({ confirmUsername: z.string().check(z.maxLength(100)) }),
);
export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>;

/**
 * GET /api/me: the signed-in account as `currentUser`; signed out (`signedIn: false`) a guest, for whom
 * `currentUser` is the Profile tab's default target, the first sample user, as someone else's (`isCurrentUser` false).
 */
export const sessionResponseSchema = lazySchema(() =>
  z.object({
    viewerId: z.string(),
    signedIn: z.boolean(),
    currentUser: userSchema,
    unreadNotifications: z.int(),
  }),
);
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const followResponseSchema = lazySchema(() =>
  z.object({
    following: z.boolean(),
    followerCount: z.int(),
    followingCount: z.int(),
  }),
);
export type FollowResponse = z.infer<typeof followResponseSchema>;

export const saveResponseSchema = lazySchema(() => z.object({ saved: z.boolean() }));
export type SaveResponse = z.infer<typeof saveResponseSchema>;

/** Keyset pages of designs other than the community feed (Following, Saved): the feed's pages without a mode. */
export const designPageQuerySchema = lazySchema(() => z.omit(feedQuerySchema, { mode: true }));
export type DesignPageQuery = z.input<typeof designPageQuerySchema>;

/** Pages of whole designs: Following and Saved. Only the community feed, the first screen, sends cards (feedDesignSchema). */
export const designPageResponseSchema = lazySchema(() => cursorPageOf(designSchema));
export type DesignPageResponse = z.infer<typeof designPageResponseSchema>;

export const unreadCountResponseSchema = lazySchema(() => z.object({ unread: z.int() }));
export type UnreadCountResponse = z.infer<typeof unreadCountResponseSchema>;

export const followParamsSchema = lazySchema(() => z.object({ id: idSchema }));

/** GET /api/me/export: everything the account made or marked, as a JSON download. */
export const accountExportSchema = lazySchema(() =>
  z.object({
    exportedAt: z.string(),
    profile: z.object({
      id: z.string(),
      username: z.string(),
      displayName: z.string(),
      bio: z.string(),
      avatarUrl: z.string(),
      createdAt: z.string(),
      followerCount: z.int(),
      followingCount: z.int(),
    }),
    designs: z.array(designSchema),
    comments: z.array(z.object({ id: z.string(), designId: z.string(), content: z.string(), createdAt: z.string() })),
    likes: z.array(z.object({ designId: z.string(), createdAt: z.string() })),
    following: z.array(z.object({ userId: z.string(), username: z.string(), createdAt: z.string() })),
    followers: z.array(z.object({ userId: z.string(), username: z.string(), createdAt: z.string() })),
    saved: z.array(z.object({ designId: z.string(), createdAt: z.string() })),
  }),
);
export type AccountExport = z.infer<typeof accountExportSchema>;
