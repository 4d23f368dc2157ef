import {
  apiPaths,
  designSchema,
  expandFeedPage,
  feedResponseSchema,
  listOf,
  productSchema,
  uploadResponseSchema,
  type Design,
  type FeedDesign,
  type Mode,
  type Product,
} from '@dwellscape/shared';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';

/** Shared steps of the feed, popup, comments, likes and live specs. */

export const PREFERENCES_KEY = 'dwellscape-theme';
export const CART_KEY = 'dwellscape-cart';

/** A unique suffix, so specs sharing one server never read each other's designs. */
export const uniqueSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Starts the app in a design mode (preferences are read at load); a later toggle survives reloads. */
export async function startInMode(page: Page, mode: Mode, isDarkMode = false) {
  await page.addInitScript(
    ([key, value]) => {
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value);
    },
    [PREFERENCES_KEY, JSON.stringify({ isDarkMode, isLandscapeMode: mode === 'landscape' })] as const,
  );
}

export const feedList = (page: Page) => page.getByRole('list', { name: 'Designs' });
export const feedCards = (page: Page) => feedList(page).getByRole('article');
export const designCard = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
/** The feed's cards' titles, top to bottom, as they are on screen now. */
export const feedCardTitles = (page: Page) =>
  feedCards(page).evaluateAll((cards) => cards.map((card) => card.querySelector('h2')?.textContent ?? ''));

/** Every public design of a mode, newest first, read page by page from the API. */
export async function fetchWholeFeed(request: APIRequestContext, mode: Mode): Promise<FeedDesign[]> {
  const designs: FeedDesign[] = [];
  let cursor: string | null = null;
  do {
    const response = await request.get('/api/designs', { params: { mode, limit: 25, ...(cursor ? { cursor } : {}) } });
    expect(response.ok()).toBe(true);
    const page = expandFeedPage(feedResponseSchema.parse(await response.json()));
    designs.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return designs;
}

export async function fetchProducts(request: APIRequestContext, mode: Mode): Promise<Product[]> {
  const response = await request.get('/api/products', { params: { mode } });
  expect(response.ok()).toBe(true);
  return listOf(productSchema).parse(await response.json()).items;
}

export async function uploadPhoto(request: APIRequestContext, color: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="600" fill="#e9e1d4"/><rect y="400" width="800" height="200" fill="${color}"/>
    <rect x="480" y="90" width="200" height="220" fill="#cfe6fa" stroke="#fff" stroke-width="12"/></svg>`;
  const buffer = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  const response = await request.post('/api/uploads', {
    multipart: { file: { name: 'render.jpg', mimeType: 'image/jpeg', buffer } },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return uploadResponseSchema.parse(await response.json()).url;
}

export interface PublishOptions {
  mode: Mode;
  title: string;
  caption?: string;
  /** How many catalogue products of the mode the design uses. */
  productCount?: number;
  /** A design this one is inspired by (gives the card its 'Inspired by' line). */
  originalDesignId?: string;
  /** The creator's own items: photos this account uploaded, and what they call them. */
  ownItems?: Array<{ url: string; name: string }>;
}

/** Publishes a design through the API, as the create flow does: upload the render, then POST it. */
export async function publishDesign(request: APIRequestContext, options: PublishOptions): Promise<Design> {
  const afterImageUrl = await uploadPhoto(request, options.mode === 'landscape' ? '#79a857' : '#8a6a4e');
  const products = (await fetchProducts(request, options.mode)).slice(0, options.productCount ?? 0);
  const response = await request.post('/api/designs', {
    data: {
      title: options.title,
      caption: options.caption ?? `Caption of ${options.title}`,
      afterImageUrl,
      mode: options.mode,
      spaceType: options.mode === 'landscape' ? 'Backyard' : 'Living Room',
      // ids and quantities: the server copies names and prices from its catalogue
      selectedProducts: products.map((product) => ({ id: product.id, quantity: 1 })),
      originalDesignId: options.originalDesignId ?? null,
      ownItems: options.ownItems ?? [],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return designSchema.parse(await response.json());
}

/** The viewer's current view of one design, from the API. */
export async function fetchDesign(request: APIRequestContext, id: string): Promise<Design> {
  const response = await request.get(`/api/designs/${id}`);
  expect(response.ok()).toBe(true);
  return designSchema.parse(await response.json());
}

/**
 * Keeps live arrivals out of this page: with two workers, another spec's design can arrive at the
 * top of the feed between Playwright's last look at a button and its click, so the click lands on
 * the card below. A spec that clicks cards of designs it published reloads the feed to see them.
 */
export async function holdLiveArrivals(page: Page) {
  await page.route(
    (url) => url.pathname === apiPaths.designsLive,
    (route) => route.abort(),
  );
}

export const isFeedListRequest = (url: URL) => url.pathname === '/api/designs';

/**
 * The feed's first page asked for by its own GET, as the later pages are: the gate's answer, asked to carry it
 * (decision 0069), is asked without `feed`, so a spec that routes the feed's requests sees the first one too.
 */
export async function askFirstFeedPageSeparately(page: Page) {
  await page.route(
    (url) => url.pathname === apiPaths.gate && url.searchParams.has('feed'),
    async (route) => {
      const url = new URL(route.request().url());
      url.searchParams.delete('feed');
      await route.continue({ url: url.toString() });
    },
  );
}

/**
 * A public design of the mode with two or more products, for see-in-my-space on a photo: the newest, whatever they
 * are (catalogue products, or its creator's own items, which the server takes as render inputs where a public design
 * shows them).
 */
export async function designToSeeInSpace(request: APIRequestContext, mode: Mode): Promise<FeedDesign | undefined> {
  return (await fetchWholeFeed(request, mode)).find((design) => design.selectedProducts.length >= 2);
}
