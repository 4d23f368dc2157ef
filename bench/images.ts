/**
 * Images: how long the server takes to accept a 12-megapixel camera photo (POST /api/uploads on
 * the real server process over HTTP: sniffing, EXIF strip, re-encode to WebP, storing; one warm-up,
 * then the median of five), and what a 390×844 phone at device pixel ratio 3 downloads for a
 * freshly rendered design published with catalogue products: the feed card's picture, the post's and
 * the post's product thumbnails, in Chromium, each compared with the full-size file behind it; and the
 * card's picture on a 2× phone of the same size. Run alone: node --import tsx bench/images.ts
 */
import { performance } from 'node:perf_hooks';
import {
  apiPaths,
  designSchema,
  generateFromPromptResponseSchema,
  listOf,
  productSchema,
  uploadResponseSchema,
} from '@dwellscape/shared';
import sharp from 'sharp';
import { livingRoomPhoto } from '../apps/server/test/fixtures/synthetic-images';
import { signUpOverHttp } from '../apps/server/test/reliability/support';
import { benchPassword, startBenchServer, type BenchServer } from './lib/app-server';
import { launchChromium } from './lib/browser';
import {
  FIRST_CARD,
  openFeedAsPhone,
  phone,
  pictureIn,
  waitForPicture,
  type ObservedResponse,
  type PictureInfo,
} from './lib/feed-page';
import { isMain } from './lib/main';
import type { BenchRow, Benchmark } from './lib/report';
import { median, millis } from './lib/stats';
import { ensureWebBuild, webDistDir } from './lib/web-build';

const AREA = 'Images';
const UPLOAD_RUNS = 5;
const DESIGN_TITLE = 'Bench render in a phone';
/** Catalogue products the bench design is published with: the post shows a thumbnail of each. */
const DESIGN_PRODUCTS = 4;
const THUMBNAILS = 'main ul[aria-label="Products in this design"]';
const twoXPhone = { ...phone, deviceScaleFactor: 2 };

const kB = (bytes: number) => `${(bytes / 1000).toFixed(0)} kB`;

async function upload(server: BenchServer, cookie: string, photo: Buffer): Promise<{ url: string; ms: number }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'camera.jpg');
  const started = performance.now();
  const res = await fetch(`${server.baseUrl}${apiPaths.uploads}`, { method: 'POST', headers: { cookie }, body: form });
  const body: unknown = await res.json();
  const ms = performance.now() - started;
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(body)}`);
  return { url: uploadResponseSchema.parse(body).url, ms };
}

async function postJson(server: BenchServer, cookie: string, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json: unknown = await res.json();
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

async function getJson(server: BenchServer, cookie: string, path: string): Promise<unknown> {
  const res = await fetch(`${server.baseUrl}${path}`, { headers: { cookie } });
  const json: unknown = await res.json();
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** The stored original behind a picture: /media/<key> for a /media/w/<width>/<key> variant. */
function originalUrl(picture: PictureInfo): string {
  const url = new URL(picture.currentSrc);
  url.pathname = url.pathname.replace(/^\/media\/w\/\d+\//, '/media/');
  return url.toString();
}

interface Downloaded {
  url: string;
  contentType: string;
  bytes: number;
  width: number;
  height: number;
}

async function describeDownload(responses: ObservedResponse[], url: string): Promise<Downloaded> {
  const response = responses.find((r) => r.url === url && r.type === 'image')?.response;
  if (!response) throw new Error(`the browser did not download ${url}`);
  const body = await response.buffer();
  const meta = await sharp(body).metadata();
  return {
    url,
    contentType: response.headers()['content-type'] ?? '',
    bytes: body.length,
    width: meta.width ?? 0,
    height: meta.height ?? 0,
  };
}

async function describeOriginal(url: string): Promise<Omit<Downloaded, 'url'>> {
  const res = await fetch(url);
  const body = Buffer.from(await res.arrayBuffer());
  const meta = await sharp(body).metadata();
  return {
    contentType: res.headers.get('content-type') ?? '',
    bytes: body.length,
    width: meta.width ?? 0,
    height: meta.height ?? 0,
  };
}

interface PictureRowOptions {
  /** the screen's device pixel ratio */
  dpr: number;
  /** what the stored original is called in the row: the full render, the full product picture */
  full: string;
}

async function pictureRow(
  label: string,
  picture: PictureInfo,
  responses: ObservedResponse[],
  options: PictureRowOptions,
): Promise<BenchRow> {
  const { dpr, full: fullName } = options;
  const downloaded = await describeDownload(responses, picture.currentSrc);
  const fullUrl = originalUrl(picture);
  const full = await describeOriginal(fullUrl);
  const fetchedFull = fullUrl !== picture.currentSrc && responses.some((r) => r.url === fullUrl);
  const isWebp = downloaded.contentType === 'image/webp';
  const smallerThanFull = picture.currentSrc !== fullUrl && !fetchedFull && downloaded.bytes < full.bytes;
  const candidates = picture.srcset
    .split(',')
    .map((c) => Number(/\s(\d+)w$/.exec(c.trim())?.[1]))
    .filter((width) => width > 0)
    .sort((a, b) => a - b);
  const devicePx = picture.clientWidth * dpr;
  // what srcset selection gives a 2× phone of the same width: the narrowest candidate that covers the slot
  const twoX = dpr > 2 ? candidates.find((width) => width >= picture.clientWidth * 2) : undefined;
  const why =
    !smallerThanFull && full.width <= devicePx
      ? `; the ${fullName} itself is only ${full.width} px wide, fewer than the slot's ${devicePx} device px, so nothing smaller would be sharp` +
        (twoX ? ` (a 2× phone takes the ${twoX}w variant)` : '')
      : '';
  const saved = smallerThanFull ? ` (${Math.round((1 - downloaded.bytes / full.bytes) * 100)}% fewer bytes)` : '';
  return {
    area: AREA,
    metric: `${label} on a ${phone.width}×${phone.height} @${dpr}× phone`,
    value: `${isWebp ? 'WebP' : downloaded.contentType} ${downloaded.width}×${downloaded.height}, ${kB(downloaded.bytes)}`,
    target: `WebP from srcset, not the ${fullName}`,
    met: isWebp && candidates.length > 0 && smallerThanFull,
    note:
      `drawn ${picture.clientWidth} CSS px wide (${devicePx} device px); srcset ${candidates.map((w) => `${w}w`).join(' ') || 'missing'}; ` +
      `chose ${new URL(picture.currentSrc).pathname}; ${fullName} ${full.width}×${full.height}, ${kB(full.bytes)}${saved}` +
      (fetchedFull ? ` — and the ${fullName} was downloaded too` : '') +
      why,
  };
}

export async function measureImages(): Promise<BenchRow[]> {
  await ensureWebBuild();
  const server = await startBenchServer({ webDistDir });
  try {
    // publishing the render needs an account (decision 0016)
    const { cookie } = await signUpOverHttp(server.baseUrl, await server.unlock());
    const photo = await livingRoomPhoto(4000, 3000, { grain: 24 });
    const warmUp = await upload(server, cookie, photo);
    const times: number[] = [];
    for (let i = 0; i < UPLOAD_RUNS; i++) times.push((await upload(server, cookie, photo)).ms);
    times.sort((a, b) => a - b);

    // a real render of that photo by the local engine, published: the newest card of the interior feed
    const rendered = generateFromPromptResponseSchema.parse(
      await postJson(server, cookie, apiPaths.generateDesignImage, {
        prompt: 'Warm minimal living room',
        spaceImage: warmUp.url,
      }),
    );
    const catalogue = listOf(productSchema).parse(
      await getJson(server, cookie, `${apiPaths.products}?mode=interior`),
    ).items;
    // ids and quantities: the server snapshots names and prices from its catalogue (decision 0023)
    const selectedProducts = catalogue.slice(0, DESIGN_PRODUCTS).map(({ id }) => ({ id, quantity: 1 }));
    if (selectedProducts.length === 0) throw new Error('the catalogue has no interior products');
    const design = designSchema.parse(
      await postJson(server, cookie, apiPaths.designs, {
        title: DESIGN_TITLE,
        caption: 'Rendered for the image benchmark',
        afterImageUrl: rendered.imageUrl,
        mode: 'interior',
        selectedProducts,
      }),
    );

    const chromium = await launchChromium();
    try {
      const { page, responses } = await openFeedAsPhone(chromium.browser, server.baseUrl, benchPassword);
      const card = await pictureIn(page, FIRST_CARD);
      const cardTitle = await page.evaluate(
        `document.querySelector(${JSON.stringify(`${FIRST_CARD} h2`)})?.textContent ?? ''`,
      );
      if (cardTitle !== design.title)
        throw new Error(`the first card is "${String(cardTitle)}", not the design just published`);
      const cardRow = await pictureRow('feed card picture', card, responses, {
        dpr: phone.deviceScaleFactor,
        full: 'full render',
      });

      // the post screen, opened from the card as a person would (a reload would show the gate again)
      await page.locator(`${FIRST_CARD} h2 a`).click();
      await page.waitForFunction(`location.pathname === ${JSON.stringify(`/post/${design.id}`)}`);
      await waitForPicture(page, 'main');
      await page.waitForNetworkIdle({ idleTime: 500, timeout: 60_000 });
      const postRow = await pictureRow('post picture', await pictureIn(page, 'main'), responses, {
        dpr: phone.deviceScaleFactor,
        full: 'full render',
      });
      // the post's product strip: 800 px catalogue pictures drawn a few rem wide
      await waitForPicture(page, THUMBNAILS);
      await page.waitForNetworkIdle({ idleTime: 500, timeout: 60_000 });
      const thumbnailRow = await pictureRow('product thumbnail (post)', await pictureIn(page, THUMBNAILS), responses, {
        dpr: phone.deviceScaleFactor,
        full: 'full product picture',
      });
      await page.close();

      // the same card on a 2× phone of the same size
      const twoX = await openFeedAsPhone(chromium.browser, server.baseUrl, benchPassword, twoXPhone);
      const twoXCard = await pictureRow('feed card picture', await pictureIn(twoX.page, FIRST_CARD), twoX.responses, {
        dpr: twoXPhone.deviceScaleFactor,
        full: 'full render',
      });

      return [
        {
          area: AREA,
          metric: `upload of a 12 MP JPEG, median of ${UPLOAD_RUNS}`,
          value: millis(median(times)),
          met: null,
          note:
            `POST ${apiPaths.uploads} on the running server (HTTP, ${(photo.length / 1e6).toFixed(1)} MB 4000×3000): ` +
            `sniff, EXIF strip, re-encode to WebP, store; min ${millis(times[0]!)}, max ${millis(times.at(-1)!)}`,
        },
        cardRow,
        postRow,
        thumbnailRow,
        twoXCard,
      ];
    } finally {
      await chromium.close();
    }
  } finally {
    await server.close();
  }
}

export const run: Benchmark = measureImages;

if (isMain(import.meta.url)) console.table(await measureImages());
