/** Business constants of docs/product.md §9 (and docs/product.md §10 where it goes beyond). */
export const MODES = ['interior', 'landscape'] as const;

export const FEED_PAGE_SIZE = 25;
/** Comments per page of a design's comments (docs/security.md): the list loads the next page as the person reaches its end. */
export const COMMENTS_PAGE_SIZE = 50;
export const JUST_PUBLISHED_WINDOW_MS = 24 * 60 * 60 * 1000;
export const MAX_CARD_THUMBNAILS = 5;

export const FEED_MAX_ATTEMPTS = 3;
export const FEED_RETRY_DELAYS_MS = [2000, 4000] as const;

export const ADD_TO_CART_DELAY_MS = 800;
export const CREATE_VIDEO_DELAY_MS = 2000;
export const POST_CREATION_POLL_INTERVAL_MS = 1000;
export const POST_CREATION_POLL_TIMEOUT_MS = 30_000;

export const TITLE_MAX_LENGTH = 50;
export const CAPTION_MAX_LENGTH = 2000;
export const NOTES_MAX_LENGTH = 4000;
export const COMMENT_NAME_MAX_LENGTH = 60;
export const COMMENT_TEXT_MAX_LENGTH = 1000;
export const SEARCH_QUERY_MAX_LENGTH = 100;
/** A search answers this many matches per list at a time; 'Show more' asks for the next ones. */
export const SEARCH_RESULTS_PER_LIST = 20;
/** How far 'Show more' may page into one list (500 pages of 20): bounds the work one request can ask for. */
export const SEARCH_MAX_OFFSET = 10_000;
/** The three lists of a search, in the order of docs/product.md §2's tabs. */
export const SEARCH_LISTS = ['designs', 'products', 'users'] as const;
export const FLOW_STEP_COUNT = 5;
/** Variations one render job makes (docs/product.md §10: 1–4, 2 unless asked). */
export const RENDER_VARIATIONS_MIN = 1;
export const RENDER_VARIATIONS_MAX = 4;
export const RENDER_VARIATIONS_DEFAULT = 2;

export const FREE_SHIPPING_THRESHOLD = 50;
export const RETURN_POLICY_DAYS = 30;

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** ~50 megapixels: more than any phone camera, small enough to decode safely. */
export const UPLOAD_MAX_PIXELS = 50_000_000;
export const UPLOAD_CACHE_MAX_AGE_S = 31_536_000;

export const GATE_ERROR_DISPLAY_MS = 3000;
export const GATE_TRANSITION_MS = 1000;

export const COMMENTS_DIALOG_MAX_HEIGHT = '80vh';

/** Browser-storage draft keys cleared at every app load (docs/product.md §3, §4). */
export const DRAFT_KEYS_CLEARED_ON_LOAD = [
  'flowAnswers',
  'selectedProducts',
  'uploadedSpaceImage',
  'selectedSpaceId',
] as const;

/** Local-storage key of the preferences (docs/product.md §3: "a theme-named key"). */
export const PREFERENCES_STORAGE_KEY = 'dwellscape-theme';

/** Data-cache defaults (docs/product.md §9 library defaults). */
export const QUERY_RETRY_COUNT = 3;
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;

/** What an empty preset space's id adds to its furnished one's (GET /api/spaces lists both). */
export const EMPTY_SPACE_ID_SUFFIX = '-empty';
