import { JUST_PUBLISHED_WINDOW_MS, MAX_CARD_THUMBNAILS } from './constants';
import type { FidelityReceipt } from './design-schemas';
import type { Mode } from './schemas';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/** docs/product.md §9: under 60 s 'just now', then minutes, hours, days up to a week, then a date. */
export function formatRelativeTime(date: Date | string, now: Date = new Date()): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const elapsed = Math.max(0, now.getTime() - then.getTime());
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < WEEK) return plural(Math.floor(elapsed / DAY), 'day');
  return formatShortDate(then);
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * 'Nov 26, 2026', in the viewer's time zone: what `Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric',
 * year: 'numeric' })` writes, without Intl. A page's first Intl formatter loads the locale's data, which costs a phone
 * about 100 ms in the middle of the feed's first screen (bench/README.md).
 */
export function formatShortDate(date: Date | string): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  return `${SHORT_MONTHS[then.getMonth()]} ${then.getDate()}, ${then.getFullYear()}`;
}

/** '12,345': a whole count with en-US digit grouping, as `Intl.NumberFormat('en-US')` writes it (see formatShortDate). */
export function formatCount(count: number): string {
  const sign = count < 0 ? '-' : '';
  return sign + String(Math.abs(Math.trunc(count))).replace(/\B(?=(\d{3})+$)/g, ',');
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/** The feed card's '+N' rule: at most 5 thumbnails, the rest counted. */
export function splitThumbnails<T>(items: readonly T[], max = MAX_CARD_THUMBNAILS): { shown: T[]; extra: number } {
  return { shown: items.slice(0, max), extra: Math.max(0, items.length - max) };
}

export function isJustPublished(createdAt: Date | string, now: Date = new Date()): boolean {
  const then = typeof createdAt === 'string' ? new Date(createdAt) : createdAt;
  const age = now.getTime() - then.getTime();
  return age >= 0 && age < JUST_PUBLISHED_WINDOW_MS;
}

/**
 * Totals and prices with 2 decimals (docs/product.md §9): '$4,299.00', '-$12.50', as
 * `Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })` writes them, without Intl (see formatShortDate:
 * a price on the first screen, the cart's or a card's, cost the feed's start a 60 ms Intl load on a phone).
 */
export function formatPrice(amount: number): string {
  const [whole, cents] = centsOf(Math.abs(amount));
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return `${sign}$${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${cents}`;
}

/**
 * A non-negative amount's whole part and cents as Intl rounds them: half up, on the number's shortest decimal
 * spelling (1.005 is '$1.01', where `toFixed` reads the double's exact value, 1.00499…, and writes 1.00).
 */
function centsOf(amount: number): [string, string] {
  const spelled = String(amount);
  // exponent spellings: below a millionth (nothing in cents) or beyond 1e21 (toFixed's own spelling then)
  if (spelled.includes('e')) return amount < 1 ? ['0', '00'] : [amount.toFixed(0), '00'];
  const [whole = '0', fraction = ''] = spelled.split('.');
  if (fraction.length <= 2) return [whole, fraction.padEnd(2, '0')];
  const cents = BigInt(whole + fraction.slice(0, 2)) + (fraction.charAt(2) >= '5' ? 1n : 0n);
  const digits = cents.toString().padStart(3, '0');
  return [digits.slice(0, -2), digits.slice(-2)];
}

/** docs/product.md §3: a database brand's id is its lower-cased name with spaces turned to hyphens, or 'unknown'. */
export function brandIdFromName(name: string | null | undefined): string {
  const trimmed = (name ?? '').trim();
  return trimmed ? trimmed.toLowerCase().replace(/\s+/g, '-') : 'unknown';
}

/** Sum of price × quantity, rounded to cents (uploaded items default to price 0). */
export function sumLineTotals(lines: readonly { price: number; quantity: number }[]): number {
  const cents = lines.reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0);
  return cents / 100;
}

/** Keyset cursor: (createdAt, id) of the last row, base64url so it travels in a query string. */
export function encodeCursor(createdAt: string, id: string): string {
  return base64UrlEncode(`${createdAt}|${id}`);
}

export function decodeCursor(cursor: string): { createdAt: string; id: string } | null {
  let text: string;
  try {
    text = base64UrlDecode(cursor);
  } catch {
    return null;
  }
  const sep = text.indexOf('|');
  if (sep <= 0) return null;
  const createdAt = text.slice(0, sep);
  const id = text.slice(sep + 1);
  if (Number.isNaN(Date.parse(createdAt)) || !/^[A-Za-z0-9_-]{1,64}$/.test(id)) return null;
  return { createdAt, id };
}

/** Cursor times as a page writes them: "YYYY-MM-DDTHH:MM:SS.ffffffZ" (Postgres' full precision). */
const CURSOR_TIME = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * Whether a page of this API could have written this cursor: Date.parse also takes "2000", "0" and 30 February,
 * which Postgres refuses or reads differently, so the time must be one a page writes and a real one.
 */
export function isPageCursor(cursor: string): boolean {
  const after = decodeCursor(cursor);
  const match = after && CURSOR_TIME.exec(after.createdAt);
  if (!after || !match || match[1] === '0000') return false;
  const ms = Date.parse(after.createdAt);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 23) === after.createdAt.slice(0, 23);
}

function base64UrlEncode(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function base64UrlDecode(encoded: string): string {
  const b64 = encoded.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** Widths (px) the server makes of a stored WebP, ascending: enough steps for a 390 px phone at DPR 3 and for 96 px tiles. */
export const RESPONSIVE_IMAGE_WIDTHS = [320, 640, 960, 1280] as const;
export type ResponsiveImageWidth = (typeof RESPONSIVE_IMAGE_WIDTHS)[number];

/** Where the server answers with a stored image at a narrower width: /media/w/<width>/<key>. */
export const MEDIA_VARIANT_PREFIX = '/media/w/';

const MEDIA_PREFIX = '/media/';
/** A stored WebP's own URL (not already a variant): the same key rule as the server's storage. */
const RESIZABLE_MEDIA_URL = /^\/media\/(?!w\/)[A-Za-z0-9_-][A-Za-z0-9/_.-]*\.webp$/;

export function isResponsiveImageWidth(width: number): width is ResponsiveImageWidth {
  return (RESPONSIVE_IMAGE_WIDTHS as readonly number[]).includes(width);
}

/** The storage key behind a stored WebP's /media/ URL, or null for any other URL. */
function resizableMediaKey(url: string): string | null {
  if (!RESIZABLE_MEDIA_URL.test(url) || url.includes('..') || url.includes('//')) return null;
  return url.slice(MEDIA_PREFIX.length);
}

/** The URL of a stored image at one of the fixed widths, or null when the URL is not a resizable /media/ WebP. */
export function responsiveImageUrl(url: string, width: ResponsiveImageWidth): string | null {
  const key = resizableMediaKey(url);
  return key === null ? null : `${MEDIA_VARIANT_PREFIX}${width}/${key}`;
}

export interface ResponsiveImageSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * `src`, `srcSet` and `sizes` for an <img> of a stored image: the browser picks the narrowest width that
 * covers its slot at the screen's density. `src` stays the original, for anything that ignores srcset.
 * Other URLs (data:, blob:, absolute, variants) pass through unchanged.
 */
export function responsiveImageSources(url: string, sizes?: string): ResponsiveImageSources {
  const key = resizableMediaKey(url);
  if (key === null) return { src: url };
  const srcSet = RESPONSIVE_IMAGE_WIDTHS.map((width) => `${MEDIA_VARIANT_PREFIX}${width}/${key} ${width}w`).join(', ');
  return sizes ? { src: url, srcSet, sizes } : { src: url, srcSet };
}

/**
 * A fidelity receipt in words: 'Room kept 96% · 4 of 4 products' (the outdoor mode keeps a 'Space'). With fewer
 * products drawn than chosen that leads, with why when the receipt says: '4 of 5 products: no free floor for the
 * sofa · Room kept 96%'; with none drawn, that none was: 'None of your 5 products placed: no free floor for the sofa ·
 * Room kept 100%' (a count of '0 of 5' next to a room kept whole read as a render that worked). With no products
 * chosen only the space is told.
 */
export function describeReceipt(
  receipt: Pick<FidelityReceipt, 'structureKept' | 'productsPresent' | 'productsChosen' | 'leftOut' | 'placedByYou'>,
  mode: Mode,
): string {
  const kept = `${mode === 'landscape' ? 'Space' : 'Room'} kept ${Math.round(receipt.structureKept * 100)}%`;
  if (receipt.productsChosen === 0) return kept;
  const noun = receipt.productsChosen === 1 ? 'product' : 'products';
  const count =
    receipt.productsPresent === 0
      ? receipt.productsChosen === 1
        ? 'Your product not placed'
        : `None of your ${receipt.productsChosen} products placed`
      : `${receipt.productsPresent} of ${receipt.productsChosen} ${noun}`;
  // the products the person placed by hand where the render found no room: counted among those present
  const byYou = receipt.placedByYou ?? 0;
  if (receipt.productsPresent >= receipt.productsChosen) {
    return `${kept} · ${count}${byYou > 0 ? ` · ${byYou} placed by you` : ''}`;
  }
  if (byYou > 0) {
    const why = describeLeftOut(receipt.leftOut ?? []);
    return `${count} (${byYou} placed by you)${why ? `: ${why}` : ''} · ${kept}`;
  }
  const why = describeLeftOut(receipt.leftOut ?? []);
  return `${why ? `${count}: ${why}` : count} · ${kept}`;
}

/**
 * Reasons products were left out, each surface said once: 'no free floor for the sofa' and 'no free floor for the
 * chair' become 'no free floor for the sofa and the chair'; different surfaces are joined by '; '.
 */
export function describeLeftOut(reasons: readonly string[]): string {
  const groups = new Map<string, string[]>();
  for (const reason of reasons) {
    const at = reason.indexOf(' for ');
    const [why, what] = at > 0 ? [reason.slice(0, at), reason.slice(at + ' for '.length)] : [reason, ''];
    const list = groups.get(why) ?? [];
    if (what && !list.includes(what)) list.push(what);
    groups.set(why, list);
  }
  return [...groups].map(([why, what]) => (what.length === 0 ? why : `${why} for ${listOf(what)}`)).join('; ');
}

/** 'a', 'a and b', 'a, b and c'. */
const listOf = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)!}`;
