import type { Mode, SearchList } from '@dwellscape/shared';

/*
 * Every TanStack Query key of the app, so a query and the invalidations that refresh it cannot drift apart.
 * The first element is the root: signing in or out asks every root again except the viewer-independent ones
 * (lib/session.ts), and publishing refreshes the 'designs' and 'users' roots.
 */
export const queryKeys = {
  /** The gate session's viewer and the current user. */
  me: ['me'] as const,
  /** Changes whenever an order is placed or cancelled, so both screens and the profile refetch it. */
  earnings: ['me', 'earnings'] as const,
  orders: ['me', 'orders'] as const,

  notifications: ['notifications'] as const,
  unreadNotifications: ['notifications', 'unread'] as const,

  designs: {
    all: ['designs'] as const,
    feed: (mode: Mode) => ['designs', 'feed', mode] as const,
    /** The Home screen's Following view; under 'designs', so signing in or out asks again. */
    following: ['designs', 'following'] as const,
    saved: ['designs', 'saved'] as const,
    /** One design: the post screen and the shop-design screen share it. */
    detail: (designId: string) => ['designs', 'detail', designId] as const,
    // under 'designs', so publishing a remix (which invalidates every 'designs' query) refreshes the list
    remixes: (designId: string) => ['designs', 'remixes', designId] as const,
    comments: (designId: string) => ['designs', 'comments', designId] as const,
  },

  users: {
    all: ['users'] as const,
    detail: (userId: string) => ['users', userId] as const,
    designs: (userId: string) => ['users', userId, 'designs'] as const,
  },

  search: (mode: Mode, q: string) => ['search', mode, q] as const,
  searchMore: (mode: Mode, q: string, list: SearchList) => ['search', mode, q, list, 'more'] as const,

  /* the catalogue: the same for every viewer */
  brands: (mode: Mode) => ['brands', mode] as const,
  products: (mode: Mode, brandId: string | undefined) => ['products', mode, brandId ?? 'all'] as const,
  product: (productId: string) => ['products', 'detail', productId] as const,
  questions: (mode: Mode) => ['questions', mode] as const,
  templates: (mode: Mode) => ['templates', mode] as const,
  spaces: (mode: Mode) => ['spaces', mode] as const,
} as const;

/** Roots whose answers are the same for every viewer: they survive signing in and out. */
export const viewerIndependentRoots: ReadonlySet<unknown> = new Set([
  queryKeys.brands('interior')[0],
  queryKeys.product('')[0],
  queryKeys.questions('interior')[0],
  queryKeys.templates('interior')[0],
  queryKeys.spaces('interior')[0],
]);
