import type { Design, EarningsResponse, SessionResponse, User, UserSummary } from '@dwellscape/shared';

/** Someone as a design, comment or profile shows them: Maya, verified, unless told otherwise. */
export function makeUser(overrides: Partial<UserSummary> = {}): UserSummary {
  return {
    id: 'u-maya',
    username: 'mayadesigns',
    displayName: 'Maya Chen',
    avatarUrl: '/media/seed/maya.webp',
    isVerified: true,
    ...overrides,
  };
}

/** The signed-in person's own profile: Ada, new, with no picture, posts or followers, unless told otherwise. */
export function makeAccount(overrides: Partial<User> = {}): User {
  return {
    id: 'u-ada',
    username: 'ada_builds',
    displayName: 'Ada Lovelace',
    avatarUrl: '',
    isVerified: false,
    bio: '',
    followerCount: 0,
    followingCount: 0,
    postCount: 0,
    commissionEarned: '$0.00',
    isCurrentUser: true,
    isFollowedByViewer: false,
    ...overrides,
  };
}

/**
 * What `/api/me` answers: signed in as `makeAccount()` with nothing unread, unless told otherwise. A guest's session
 * (`signedIn: false`) still carries a `currentUser`, the profile the app shows a guest: pass the one a test expects.
 */
export function makeSession(overrides: Partial<SessionResponse> = {}): SessionResponse {
  return { viewerId: 'v1', signedIn: true, unreadNotifications: 0, currentUser: makeAccount(), ...overrides };
}

/**
 * A public design as the API answers it: no likes, comments or remixes, not a remix, posted 1 May 2024. Its picture
 * is `/media/seed/<id>.webp` and its `userId` its author's, unless told otherwise.
 */
export function makeDesign(overrides: Partial<Design> & Pick<Design, 'id'>): Design {
  const author = overrides.author ?? makeUser();
  return {
    title: 'A design',
    caption: '',
    beforeImageUrl: null,
    afterImageUrl: `/media/seed/${overrides.id}.webp`,
    selectedProducts: [],
    userAnswers: {},
    spaceType: 'Living Room',
    mode: 'interior',
    isPublic: true,
    createdAt: '2024-05-01T10:00:00.000Z',
    likesCount: 0,
    commentsCount: 0,
    userId: author.id,
    author,
    originalDesignId: null,
    originalCreatorId: null,
    originalCreator: null,
    originalCreatorDeleted: false,
    isRegenerated: false,
    videoUrl: null,
    receipt: null,
    remixCount: 0,
    likedByViewer: false,
    savedByViewer: false,
    ...overrides,
  };
}

/** What `/api/me/earnings` answers: nothing earned yet, unless told otherwise. */
export function makeEarnings(overrides: Partial<EarningsResponse> = {}): EarningsResponse {
  return { totals: { pendingCents: 0, availableCents: 0, reversedCents: 0 }, byDesign: [], entries: [], ...overrides };
}
