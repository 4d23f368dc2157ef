import { messages } from '@dwellscape/shared';

export type CreateDesignStep = (typeof messages.create.steps)[number]['slug'];

export const createDesignSteps: readonly CreateDesignStep[] = messages.create.steps.map((step) => step.slug);

const segment = (value: string) => encodeURIComponent(value);

/** Every route of the SPA (docs/product.md §2), in one place. */
export const paths = {
  home: {
    path: '/',
    getHref: () => '/',
    /** Home's Following view: designs by the people the account follows. */
    following: () => '/?view=following',
  },
  search: {
    path: '/search',
    getHref: () => '/search',
    /** Search on its Users tab: where to find people to follow. */
    people: () => '/search?tab=users',
  },
  profile: {
    path: '/profile/:userId',
    root: '/profile',
    getHref: (userId: string) => `/profile/${segment(userId)}`,
    /** The profile opened on its Saved tab. */
    saved: (userId: string) => `/profile/${segment(userId)}?tab=saved`,
  },
  /** Whoever the current user is (the signed-in account, else the first sample user): resolved by the screen. */
  currentProfile: { path: '/profile', getHref: () => '/profile' },
  createDesign: {
    path: '/create-design',
    getHref: () => '/create-design/start',
    step: (step: CreateDesignStep) => `/create-design/${step}`,
  },
  shopDesign: { path: '/shop-design/:postId', getHref: (postId: string) => `/shop-design/${segment(postId)}` },
  post: { path: '/post/:postId', getHref: (postId: string) => `/post/${segment(postId)}` },
  activity: { path: '/activity', getHref: () => '/activity' },
  purchase: { path: '/purchase', getHref: () => '/purchase' },
  /** The signed-in account's orders (decision 0018), from Settings and the own profile. */
  orders: { path: '/orders', getHref: () => '/orders' },
  /** The signed-in account's commission ledger, from the own profile's 'Commission Earnings'. */
  earnings: { path: '/earnings', getHref: () => '/earnings' },
} as const;
