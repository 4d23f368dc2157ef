// The designs' schemas and what hangs off them (the feed, publishing, likes, comments, notifications, search): in a
// module of their own so that the browser builds the API's schemas in two short tasks, not one long one (bench/README.md).
import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema';
import {
  CAPTION_MAX_LENGTH,
  COMMENT_NAME_MAX_LENGTH,
  COMMENT_TEXT_MAX_LENGTH,
  COMMENTS_PAGE_SIZE,
  FEED_PAGE_SIZE,
  SEARCH_LISTS,
  SEARCH_MAX_OFFSET,
  SEARCH_QUERY_MAX_LENGTH,
  TITLE_MAX_LENGTH,
} from './constants';
import { isPageCursor } from './helpers';
import {
  cursorPageOf,
  idSchema,
  isoDateSchema,
  listOf,
  mediaUrlSchema,
  modeSchema,
  productSchema,
  userSchema,
  userSummarySchema,
  type Product,
  type UserSummary,
  type User,
} from './schemas';
import { nonBlank, storableText } from './text-schemas';

/* ---------- designs ---------- */

/**
 * The most of one product a line can hold: a design's list, shop-design, the cart, an order line and the quantity
 * stepper all stop here (the one copy of the rule).
 */
export const PRODUCT_QUANTITY_MAX = 99;
/** How many of one product a line holds: a whole number from 1 to PRODUCT_QUANTITY_MAX. */
export const lineQuantitySchema = lazySchema(() => z.int().check(z.minimum(1), z.maximum(PRODUCT_QUANTITY_MAX)));
export const DESIGN_PRODUCTS_MAX = 50;
export const DESIGN_OWN_ITEMS_MAX = 20;

/**
 * A product line as the create flow and shop-design hold it and send it to be rendered (its name goes
 * into the prompt). Never what a design stores: publishing sends ids, and the server reads the rest.
 */
export const selectedProductSchema = lazySchema(() =>
  z.object({
    id: storableText().check(z.minLength(1), z.maxLength(80)),
    name: storableText().check(z.minLength(1), z.maxLength(200)),
    price: z.number().check(z.minimum(0), z.maximum(1_000_000)),
    brandId: storableText().check(z.maxLength(80)),
    imageUrl: storableText().check(z.maxLength(300)),
    quantity: z._default(lineQuantitySchema, 1),
  }),
);
export type SelectedProduct = z.infer<typeof selectedProductSchema>;

/**
 * One product of a design as the server snapshotted it at publish time (docs/product.md §10): name, price,
 * brand and picture come from the catalogue. `ownItem` marks the person's own uploaded item (docs/product.md's
 * 'uploaded item'): price 0, no brand, never a catalogue product, never for sale.
 */
export const designProductSchema = lazySchema(() =>
  z.extend(selectedProductSchema, {
    ownItem: z._default(z.boolean(), false),
    /** What the creator says their own item cost them, in dollars, when they said: never a price to pay. */
    cost: z.optional(z.number()),
  }),
);
export type DesignProduct = z.infer<typeof designProductSchema>;

/** A catalogue product chosen for a design: only its id and how many; the server reads the rest. */
export const productChoiceSchema = lazySchema(() =>
  z.object({
    id: storableText().check(z.minLength(1), z.maxLength(80)),
    quantity: z._default(lineQuantitySchema, 1),
  }),
);
export type ProductChoice = z.infer<typeof productChoiceSchema>;

/** The most an own item's cost can be, in dollars, as a catalogue price can. */
export const OWN_ITEM_COST_MAX = 1_000_000;

/** What an own item cost, in dollars with at most 2 decimals: the person's note, never charged. */
export const ownItemCostSchema = lazySchema(() =>
  z.number().check(
    z.minimum(0),
    z.maximum(OWN_ITEM_COST_MAX),
    z.refine((cost) => Math.abs(cost * 100 - Math.round(cost * 100)) < 1e-6, 'must have at most 2 decimals'),
  ),
);

/** The person's own item: a photo they uploaded to this server, what they call it and, if they say, what it cost. */
export const ownItemChoiceSchema = lazySchema(() =>
  z.object({
    url: mediaUrlSchema,
    name: z._default(storableText().check(z.maxLength(200)), ''),
    cost: z.optional(z.nullable(ownItemCostSchema)),
  }),
);
export type OwnItemChoice = z.infer<typeof ownItemChoiceSchema>;

/** An own item as a publish names it: its photo, its name and, when the person said, what it cost. */
export function toOwnItemChoice(item: { url: string; name: string; cost?: number | null | undefined }): OwnItemChoice {
  return item.cost === undefined || item.cost === null
    ? { url: item.url, name: item.name }
    : { url: item.url, name: item.name, cost: item.cost };
}

/** What an own item is called when the person gave it no name. */
export const OWN_ITEM_DEFAULT_NAME = 'Your own item';

export const userAnswersSchema = lazySchema(() =>
  z.record(storableText().check(z.maxLength(64)), storableText().check(z.maxLength(200))),
);

/** Flow answers a publish may carry: one per flow question (the sample world asks nine), with room to spare. */
export const USER_ANSWERS_MAX_KEYS = 32;
/** …and their size as JSON, in characters: nine answers take a few hundred. */
export const USER_ANSWERS_MAX_LENGTH = 4000;

/** The answers a client sends: bounded, since every reader of the design (and once every live stream) gets them. */
export const userAnswersInputSchema = lazySchema(() =>
  userAnswersSchema.check(
    z.refine((answers) => Object.keys(answers).length <= USER_ANSWERS_MAX_KEYS, {
      message: `must hold at most ${USER_ANSWERS_MAX_KEYS} answers`,
    }),
    z.refine((answers) => JSON.stringify(answers).length <= USER_ANSWERS_MAX_LENGTH, {
      message: `must be at most ${USER_ANSWERS_MAX_LENGTH} characters as JSON`,
    }),
  ),
);

/**
 * What a render kept of the person's space and which chosen products it shows (decision 0022's fidelity receipt),
 * measured by the server after every render; `structureKept` is 0–1.
 */
export const fidelityReceiptSchema = lazySchema(() =>
  z.object({
    structureKept: z.number().check(z.minimum(0), z.maximum(1)),
    productsPresent: z.int().check(z.minimum(0)),
    productsChosen: z.int().check(z.minimum(0)),
    /** `placed`: drawn by the local engine, present by construction; `matched`: found in a remote engine's picture. */
    method: z.enum(['placed', 'matched']),
    /** The product count is a guess from picture matching. */
    weakEstimate: z.boolean(),
    /**
     * Where a local render's placements came from: the seeded space's layout, an uploaded photo's geometry as found or
     * as guessed, or the person's adjustment ('estimated' and 'fallback': older renders' floor line and safe row).
     * Absent for older and remote renders.
     */
    layout: z.optional(z.enum(['seeded', 'found', 'guessed', 'estimated', 'fallback', 'adjusted'])),
    /**
     * A picture drawn again from the person's adjustment (layout 'adjusted'): the layout of the render it came from,
     * which still holds for the photo ('Floor found in your photo'). Kept by the server from that render's receipt.
     */
    renderedLayout: z.optional(z.enum(['seeded', 'found', 'guessed', 'estimated', 'fallback'])),
    /** An uploaded photo's: the share of its furniture and openings the products hide (already in `structureKept`). */
    hidden: z.optional(z.number().check(z.minimum(0), z.maximum(1))),
    /** An uploaded photo's local render: how many products stand on the floor or ground. */
    onFloor: z.optional(z.int().check(z.minimum(0))),
    /** Why products were left out: 'no free floor for the sofa'. */
    leftOut: z.optional(z.array(z.string().check(z.maxLength(120))).check(z.maxLength(20))),
    /** The person set the floor (or ground) the products stand on (decision 0046). */
    floorSetByYou: z.optional(z.boolean()),
    /** How many regions of the photo the render erased ('2 pieces removed'). */
    erased: z.optional(z.int().check(z.minimum(0))),
    /**
     * How many products the person removed in the adjuster: a choice, not a failure, so they are not among
     * `productsChosen` ('4 of 4 products · 1 removed by you').
     */
    removedByYou: z.optional(z.int().check(z.minimum(0))),
    /** How many of the products present the person placed by hand where the render found no room ('1 placed by you'). */
    placedByYou: z.optional(z.int().check(z.minimum(0))),
  }),
);
export type FidelityReceipt = z.infer<typeof fidelityReceiptSchema>;

export const designSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    caption: z.string(),
    beforeImageUrl: z.nullable(z.string()),
    afterImageUrl: z.string(),
    selectedProducts: z.array(designProductSchema),
    userAnswers: userAnswersSchema,
    spaceType: z.string(),
    mode: modeSchema,
    isPublic: z.boolean(),
    createdAt: isoDateSchema,
    likesCount: z.int(),
    commentsCount: z.int(),
    userId: z.string(),
    author: userSummarySchema,
    originalDesignId: z.nullable(z.string()),
    originalCreatorId: z.nullable(z.string()),
    originalCreator: z.nullable(userSummarySchema),
    /** A remix whose original creator deleted their account: credit 'a deleted user' (originalCreator is null). */
    originalCreatorDeleted: z.boolean(),
    isRegenerated: z.boolean(),
    videoUrl: z.nullable(z.string()),
    /** The receipt of the render it shows, kept by the server (never taken from the client); null for older designs. */
    receipt: z.nullable(fidelityReceiptSchema),
    remixCount: z.int(),
    likedByViewer: z.boolean(),
    /** Whether the signed-in account saved this design; false when signed out. */
    savedByViewer: z.boolean(),
  }),
);
export type Design = z.infer<typeof designSchema>;

/** A keyset page's cursor: only one a page of this API wrote (the feed, Following, Saved, a design's comments). */
export const pageCursorSchema = lazySchema(() =>
  z.string().check(
    z.maxLength(200),
    z.refine(
      (cursor) => /^[A-Za-z0-9_-]+$/.test(cursor) && isPageCursor(cursor),
      'must be a cursor returned by this API',
    ),
  ),
);

export const feedQuerySchema = lazySchema(() =>
  z.object({
    mode: modeSchema,
    limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(FEED_PAGE_SIZE)), FEED_PAGE_SIZE),
    cursor: z.optional(pageCursorSchema),
  }),
);
export type FeedQuery = z.infer<typeof feedQuerySchema>;

/**
 * A design as the community feed's card shows it: docs/product.md's feed read (id, title, caption, after image, selected
 * products, creation date, like and comment counts, author, space type, mode) with what the card draws beside it (the
 * author's and the original creator's names, the remix count, the viewer's like and save). What only the post
 * screen shows (its before picture, answers, receipt, video and remix details) comes with the design's own read: a
 * feed page is a fifth smaller without it (bench/README.md).
 */
export const feedDesignSchema = lazySchema(() =>
  z.pick(designSchema, {
    id: true,
    title: true,
    caption: true,
    afterImageUrl: true,
    selectedProducts: true,
    createdAt: true,
    likesCount: true,
    commentsCount: true,
    userId: true,
    author: true,
    spaceType: true,
    mode: true,
    originalCreator: true,
    remixCount: true,
    likedByViewer: true,
    savedByViewer: true,
  }),
);
export type FeedDesign = z.infer<typeof feedDesignSchema>;

/** A design a screen shows: all of its card, and the rest when it came from the design's own read (not a feed's). */
export type ShownDesign = FeedDesign & Partial<Design>;

/** A page of the community feed as the web app holds it: whole cards. */
export type FeedPage = { items: FeedDesign[]; nextCursor: string | null };

/** A product of a feed page as the designs on it snapshotted it, without how many of it each design lists. */
export const feedProductSchema = lazySchema(() => z.omit(designProductSchema, { quantity: true }));
export type FeedProduct = z.infer<typeof feedProductSchema>;

/**
 * A card as a feed page sends it: each product line names one of the page's products by its place, and its author is
 * the page's person with the card's userId.
 */
export const feedCardSchema = lazySchema(() =>
  z.extend(z.omit(feedDesignSchema, { selectedProducts: true, author: true }), {
    selectedProducts: z.array(
      z.object({
        product: z.int().check(z.minimum(0)),
        quantity: lineQuantitySchema,
      }),
    ),
  }),
);
export type FeedCard = z.infer<typeof feedCardSchema>;

/**
 * `GET /api/designs`: a feed page with each product snapshot and each author written once (docs/decisions/
 * 0034-feed-page-tables.md). The designs of a page share their catalogue's products and their authors, so a page of
 * cards is about a third smaller this way; expandFeedPage gives back the cards (`FeedPage`) and checks that every
 * product and author a card names is on the page.
 */
export const feedResponseSchema = lazySchema(() =>
  z.object({
    items: z.array(feedCardSchema),
    products: z.array(feedProductSchema),
    people: z.array(userSummarySchema),
    nextCursor: z.nullable(z.string()),
  }),
);
export type FeedResponse = z.infer<typeof feedResponseSchema>;

/** A feed page of whole cards as `GET /api/designs` sends it: every product snapshot and author once. */
export function compactFeedPage(page: FeedPage): FeedResponse {
  const products: FeedProduct[] = [];
  const productAt = new Map<string, number>();
  const people = new Map<string, UserSummary>();
  const items = page.items.map(({ selectedProducts, author, ...card }): FeedCard => {
    people.set(author.id, author);
    return {
      ...card,
      selectedProducts: selectedProducts.map(({ quantity, ...product }) => {
        // a snapshot is the same product only when every field is (a price or a name may change between publishes);
        // the key is the whole snapshot, so a field added later takes part without being listed here
        const key = JSON.stringify(product);
        let at = productAt.get(key);
        if (at === undefined) {
          at = products.push(product) - 1;
          productAt.set(key, at);
        }
        return { product: at, quantity };
      }),
    };
  });
  return { items, products, people: [...people.values()], nextCursor: page.nextCursor };
}

/**
 * The cards of a feed page as sent. Throws when a card names a product or an author the page does not carry (the
 * server writes pages with compactFeedPage, so only a broken answer does).
 */
export function expandFeedPage(page: FeedResponse): FeedPage {
  const people = new Map(page.people.map((person) => [person.id, person]));
  return {
    items: page.items.map(({ selectedProducts, ...card }) => {
      const author = people.get(card.userId);
      if (!author) throw new Error(`The feed page does not carry the author of design ${card.id}`);
      return {
        ...card,
        author,
        selectedProducts: selectedProducts.map(({ product, quantity }) => {
          const snapshot = page.products[product];
          if (!snapshot) throw new Error(`The feed page does not carry product ${product} of design ${card.id}`);
          return { ...snapshot, quantity };
        }),
      };
    }),
    nextCursor: page.nextCursor,
  };
}

export const publishDesignBodySchema = lazySchema(() =>
  z.object({
    title: nonBlank(TITLE_MAX_LENGTH),
    caption: z._default(storableText().check(z.maxLength(CAPTION_MAX_LENGTH)), ''),
    beforeImageUrl: z._default(z.nullable(mediaUrlSchema), null),
    afterImageUrl: mediaUrlSchema,
    /** Catalogue ids and quantities only: names, prices, brands and pictures are the catalogue's. */
    selectedProducts: z._default(z.array(productChoiceSchema).check(z.maxLength(DESIGN_PRODUCTS_MAX)), []),
    ownItems: z._default(z.array(ownItemChoiceSchema).check(z.maxLength(DESIGN_OWN_ITEMS_MAX)), []),
    userAnswers: z._default(userAnswersInputSchema, {}),
    spaceType: z._default(storableText().check(z.maxLength(60)), ''),
    mode: modeSchema,
    originalDesignId: z.optional(z.nullable(idSchema)),
    isRegenerated: z._default(z.boolean(), false),
    videoUrl: z.optional(z.nullable(mediaUrlSchema)),
  }),
);
export type PublishDesignBody = z.input<typeof publishDesignBodySchema>;

export const likeResponseSchema = lazySchema(() => z.object({ liked: z.boolean(), likesCount: z.int() }));

/**
 * A design's like and comment counts as they stand, sent on the live feed's stream (event 'counts') whenever someone
 * likes, unlikes or comments: every screen showing the design follows them.
 */
export const designCountsSchema = lazySchema(() =>
  z.object({ id: z.string(), likesCount: z.int(), commentsCount: z.int() }),
);
export type DesignCounts = z.infer<typeof designCountsSchema>;
export type LikeResponse = z.infer<typeof likeResponseSchema>;

/** The public remixes of a design (designs published with it as their original), newest first. */
export const remixesResponseSchema = lazySchema(() => listOf(designSchema));
export type RemixesResponse = z.infer<typeof remixesResponseSchema>;

export const liveQuerySchema = lazySchema(() => z.object({ mode: modeSchema }));

/* ---------- comments ---------- */

export const commentSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    designId: z.string(),
    userId: z.nullable(z.string()),
    name: z.string(),
    text: z.string(),
    /** docs/product.md §3: the commenter's name, a colon, then the text. */
    content: z.string(),
    createdAt: isoDateSchema,
    author: z.nullable(userSummarySchema),
  }),
);
export type Comment = z.infer<typeof commentSchema>;

/** A page of a design's comments: oldest first (docs/product.md §7), after the cursor's comment. */
export const commentPageQuerySchema = lazySchema(() =>
  z.object({
    limit: z._default(
      z.coerce.number().check(z.int(), z.minimum(1), z.maximum(COMMENTS_PAGE_SIZE)),
      COMMENTS_PAGE_SIZE,
    ),
    cursor: z.optional(pageCursorSchema),
  }),
);
export type CommentPageQuery = z.input<typeof commentPageQuerySchema>;

export const commentPageResponseSchema = lazySchema(() => cursorPageOf(commentSchema));
export type CommentPageResponse = z.infer<typeof commentPageResponseSchema>;

export const addCommentBodySchema = lazySchema(() =>
  z.object({
    name: z.optional(nonBlank(COMMENT_NAME_MAX_LENGTH)),
    text: nonBlank(COMMENT_TEXT_MAX_LENGTH),
  }),
);
export type AddCommentBody = z.infer<typeof addCommentBodySchema>;

export const addCommentResponseSchema = lazySchema(() =>
  z.object({
    comment: commentSchema,
    commentsCount: z.int(),
  }),
);
export type AddCommentResponse = z.infer<typeof addCommentResponseSchema>;

/* ---------- notifications ---------- */

export const notificationSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    type: z.enum(['like', 'follow', 'comment', 'remix', 'commission']),
    actor: z.nullable(userSummarySchema),
    message: z.string(),
    designId: z.nullable(z.string()),
    thumbnailUrl: z.nullable(z.string()),
    amount: z.nullable(z.string()),
    createdAt: isoDateSchema,
    read: z.boolean(),
  }),
);
export type Notification = z.infer<typeof notificationSchema>;

/* ---------- search ---------- */

export const searchListSchema = lazySchema(() => z.enum(SEARCH_LISTS));
export type SearchList = z.infer<typeof searchListSchema>;

export const searchQuerySchema = lazySchema(() =>
  z.object({
    q: storableText().check(z.maxLength(SEARCH_QUERY_MAX_LENGTH)),
    mode: modeSchema,
  }),
);
/** The first matches of each list, and how many match in all (the tabs' counts). */
export const searchResponseSchema = lazySchema(() =>
  z.object({
    designs: z.array(designSchema),
    products: z.array(productSchema),
    users: z.array(userSchema),
    totals: z.object({ designs: z.int(), products: z.int(), users: z.int() }),
  }),
);
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** One list's next matches ('Show more'): `offset` counts the matches already shown. */
export const searchPageQuerySchema = lazySchema(() =>
  z.extend(searchQuerySchema, {
    // digits only: a coerced number alone would read '', ' ' and '0x10' as offsets
    offset: z.pipe(
      z.string().check(z.regex(/^[0-9]{1,6}$/, 'must be a whole number')),
      z.coerce.number<string>().check(z.int(), z.maximum(SEARCH_MAX_OFFSET)),
    ),
  }),
);
export type SearchPageQuery = z.infer<typeof searchPageQuerySchema>;

/** What each list holds. */
export interface SearchItems {
  designs: Design;
  products: Product;
  users: User;
}
export interface SearchPage<List extends SearchList> {
  items: SearchItems[List][];
  total: number;
}
const searchPageOf = <Item>(item: z.ZodMiniType<Item>) =>
  lazySchema(() => z.object({ items: z.array(item), total: z.int() }));
export const searchPageSchemas: { [List in SearchList]: z.ZodMiniType<SearchPage<List>> } = {
  designs: searchPageOf(designSchema),
  products: searchPageOf(productSchema),
  users: searchPageOf(userSchema),
};
