// Orders and the commission ledger (decision 0018): the contract shared by server and web.
// Money travels as integer cents; only the display turns it into dollars (docs/product.md §9's 2 decimals).
import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema';
import { lineQuantitySchema } from './design-schemas';
import { formatPrice } from './helpers';
import { idSchema, isoDateSchema } from './schemas';

/**
 * What a purchase shopped from a design pays, in basis points of the line's total
 * (docs/decisions/0018-orders-and-the-commission-ledger.md): the design's creator earns 8%. When the design remixes
 * another, the original creator's 2% is taken from that 8%, so every line costs the same 8% however
 * long the chain.
 */
export const CREATOR_COMMISSION_BPS = 800;
export const ORIGINAL_CREATOR_COMMISSION_BPS = 200;

/** How long after placing it a beta order can still be cancelled (its commission reversed). */
export const ORDER_CANCEL_WINDOW_MS = 24 * 60 * 60 * 1000;
export const ORDER_MAX_LINES = 50;
/**
 * What one buyer may have placed without paying in any 24 hours (docs/security.md): an unpaid order credits
 * pending commission at once, so these bound what a buyer can credit anyone before paying. The count
 * takes in cancelled and expired orders too; the value only orders still open and unpaid.
 */
export const UNPAID_ORDERS_PER_DAY = 10;
export const UNPAID_ORDER_CENTS_PER_DAY = 1_000_000;
/** The rolling window both caps count over. */
export const UNPAID_ORDERS_WINDOW_MS = 24 * 60 * 60 * 1000;

export const orderMessages = {
  /** What the beta provider tells the buyer: the order exists, no money moved. */
  placedTitle: 'Order placed',
  paymentPending: 'Your order is placed and its payment is pending: no money moved.',
  cancelled: 'Order cancelled',
  cancelWindowOver: 'This order can no longer be cancelled: the beta allows cancelling for 24 hours.',
  alreadyCancelled: 'This order is already cancelled.',
  /** The order was not paid within the payment window: it expired and its commission was reversed. */
  expired: 'This order expired because it was not paid in time; nothing is left to cancel.',
  tooManyUnpaidOrders: `You have placed ${UNPAID_ORDERS_PER_DAY} orders in the last 24 hours without paying for them, the most the beta allows. Try again later.`,
  unpaidValueOverCap: `Your unpaid orders from the last 24 hours would come to more than ${formatPrice(UNPAID_ORDER_CENTS_PER_DAY / 100)}, the most the beta allows. Cancel one, or try again later.`,
  orderOverValueCap: `One order can come to at most ${formatPrice(UNPAID_ORDER_CENTS_PER_DAY / 100)} while its payment is pending. Remove some products and try again.`,
  keyReused: 'This checkout was already used for a different cart. Try again.',
  priceChanged: (name: string, price: string) => `The price of ${name} is now ${price}.`,
  unknownProduct: 'No product has this id.',
  /** A design's own item (decision 0023): the creator's photo of their piece, listed but never sold. */
  ownItemNotSold: 'This is the creator’s own item, not a product from the catalogue: it cannot be ordered.',
  unknownDesign: 'No design has this id.',
  productNotInDesign: 'This design does not show this product.',
  nothingToOrder: 'Add a product from the catalogue to place an order.',
} as const;

/** Cents → the display string with 2 decimals, e.g. 129900 → "$1,299.00". */
export const formatCents = (cents: number): string => formatPrice(cents / 100);

/**
 * How many things a shopper is buying, said the same way on every screen (the cart button, Purchase, the
 * order-placed sheet, the orders list): units, so 2 lamps and 3 chairs are '5 items'. Only what is bought
 * counts: pass catalogue lines, never own items (they are shown, not ordered).
 */
export function countItems(lines: readonly { quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** A `countItems` count in words: '1 item', '5 items'. */
export function formatItemCount(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

/** A catalogue price in dollars (2 decimals) → integer cents. */
export const toCents = (price: number): number => Math.round(price * 100);

/** The commission of one line of `lineCents` at `bps`, rounded down to a whole cent. */
export const commissionCents = (lineCents: number, bps: number): number => Math.floor((lineCents * bps) / 10_000);

export interface CommissionShare {
  role: CommissionRole;
  earnerId: string;
  amountCents: number;
}

/**
 * Who earns what from one line shopped from a design: the creator, and the original creator when
 * the design is a remix. Nobody earns from their own purchase, and a zero-cent share is no share.
 */
export function commissionShares(input: {
  lineCents: number;
  buyerId: string;
  creatorId: string;
  /** The creator the design was remixed from, or null (not a remix, or they deleted their account). */
  originalCreatorId: string | null;
  isRemix: boolean;
}): CommissionShare[] {
  const total = commissionCents(input.lineCents, CREATOR_COMMISSION_BPS);
  const original = input.isRemix ? commissionCents(input.lineCents, ORIGINAL_CREATOR_COMMISSION_BPS) : 0;
  const shares: CommissionShare[] = [{ role: 'creator', earnerId: input.creatorId, amountCents: total - original }];
  if (input.originalCreatorId !== null) {
    shares.push({ role: 'original_creator', earnerId: input.originalCreatorId, amountCents: original });
  }
  return shares.filter((share) => share.earnerId !== input.buyerId && share.amountCents > 0);
}

/** What the creator of a design earns if each of its products is bought once (profile's 'Earning potential'). */
export function earningPotentialCents(
  products: readonly { price: number; quantity?: number }[],
  isRemix: boolean,
): number {
  return products.reduce((sum, product) => {
    const lineCents = toCents(product.price) * (product.quantity ?? 1);
    const total = commissionCents(lineCents, CREATOR_COMMISSION_BPS);
    return sum + total - (isRemix ? commissionCents(lineCents, ORIGINAL_CREATOR_COMMISSION_BPS) : 0);
  }, 0);
}

/* ---------- orders ---------- */

export const idempotencyKeySchema = lazySchema(() =>
  z
    .string()
    .check(
      z.minLength(16),
      z.maxLength(100),
      z.regex(/^[A-Za-z0-9_-]+$/, 'must contain only letters, digits, "-" and "_"'),
    ),
);

/**
 * One catalogue product on its way to an order, as the cart keeps it and the purchase screen shows it: the one line
 * shape the web's cart, its purchase lines and the order body come from.
 */
export const cartLineSchema = lazySchema(() =>
  z.object({
    productId: idSchema,
    name: z.string(),
    /** The catalogue price the buyer saw, in dollars. */
    price: z.number().check(z.minimum(0)),
    imageUrl: z.string(),
    quantity: lineQuantitySchema,
    /**
     * The design the product was shopped from (shop-design, a card's product popup), or null (search): its creator
     * earns the commission.
     */
    designId: z._default(z.nullable(idSchema), null),
  }),
);
export type CartLine = z.infer<typeof cartLineSchema>;

/** A cart line as an order sends it: the product, how many, from which design, and the unit price seen in cents. */
export const placeOrderLineSchema = lazySchema(() =>
  z.extend(z.pick(cartLineSchema, { productId: true, quantity: true, designId: true }), {
    /** The unit price the buyer saw, in cents: the server charges the catalogue's, and refuses a mismatch. */
    unitPriceCents: z.int().check(z.minimum(0)),
  }),
);
export type PlaceOrderLine = z.input<typeof placeOrderLineSchema>;

export const placeOrderBodySchema = lazySchema(() =>
  z.object({
    /** One per checkout attempt, kept by the client across retries and reloads. */
    idempotencyKey: idempotencyKeySchema,
    lines: z
      .array(placeOrderLineSchema)
      .check(z.minLength(1, orderMessages.nothingToOrder), z.maxLength(ORDER_MAX_LINES)),
  }),
);
export type PlaceOrderBody = z.input<typeof placeOrderBodySchema>;
/** POST /api/orders' body once its schema parsed it: what the server places. */
export type PlaceOrderInput = z.output<typeof placeOrderBodySchema>;

/** 'expired': not paid within the payment window (ORDER_PAYMENT_WINDOW), its commission reversed. */
export const ORDER_STATUSES = ['placed', 'cancelled', 'expired'] as const;
export const PAYMENT_STATUSES = ['pending', 'captured', 'voided'] as const;

export const orderLineSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    productId: z.string(),
    name: z.string(),
    imageUrl: z.string(),
    unitPriceCents: z.int(),
    quantity: z.int(),
    lineTotalCents: z.int(),
    designId: z.nullable(z.string()),
    designTitle: z.nullable(z.string()),
  }),
);
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    status: z.enum(ORDER_STATUSES),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    /** Which payment provider took the order ('beta': recorded, no money moved). */
    paymentProvider: z.string(),
    totalCents: z.int(),
    lines: z.array(orderLineSchema),
    createdAt: isoDateSchema,
    cancelledAt: z.nullable(isoDateSchema),
    /** Until when it can be cancelled; null once it cannot. */
    cancellableUntil: z.nullable(isoDateSchema),
  }),
);
export type Order = z.infer<typeof orderSchema>;

export const placeOrderResponseSchema = lazySchema(() =>
  z.object({
    order: orderSchema,
    /** False when the idempotency key already made this order (a retry): nothing new was written. */
    created: z.boolean(),
    /** What the payment provider says to the buyer. */
    paymentMessage: z.string(),
  }),
);
export type PlaceOrderResponse = z.infer<typeof placeOrderResponseSchema>;

export const ordersResponseSchema = lazySchema(() => z.object({ items: z.array(orderSchema) }));
export type OrdersResponse = z.infer<typeof ordersResponseSchema>;

/* ---------- commission ledger ---------- */

export const COMMISSION_STATUSES = ['pending', 'available', 'reversed'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];
export const COMMISSION_ROLES = ['creator', 'original_creator', 'sample'] as const;
export type CommissionRole = (typeof COMMISSION_ROLES)[number];

export const earningsTotalsSchema = lazySchema(() =>
  z.object({
    pendingCents: z.int(),
    availableCents: z.int(),
    reversedCents: z.int(),
  }),
);
export type EarningsTotals = z.infer<typeof earningsTotalsSchema>;

export const earningsEntrySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    /** 'earned' credits a share; 'reversed' takes it back after the order was cancelled. */
    kind: z.enum(['earned', 'reversed']),
    role: z.enum(COMMISSION_ROLES),
    /** Where the share stands now: pending until payment is captured, then available, or reversed. */
    status: z.enum(COMMISSION_STATUSES),
    amountCents: z.int(),
    orderId: z.nullable(z.string()),
    designId: z.nullable(z.string()),
    designTitle: z.nullable(z.string()),
    productName: z.nullable(z.string()),
    createdAt: isoDateSchema,
  }),
);
export type EarningsEntry = z.infer<typeof earningsEntrySchema>;

export const earningsByDesignSchema = lazySchema(() =>
  z.object({
    designId: z.nullable(z.string()),
    designTitle: z.nullable(z.string()),
    pendingCents: z.int(),
    availableCents: z.int(),
  }),
);

export const earningsResponseSchema = lazySchema(() =>
  z.object({
    totals: earningsTotalsSchema,
    byDesign: z.array(earningsByDesignSchema),
    entries: z.array(earningsEntrySchema),
  }),
);
export type EarningsResponse = z.infer<typeof earningsResponseSchema>;

export const orderIdParamsSchema = lazySchema(() => z.object({ id: idSchema }));
