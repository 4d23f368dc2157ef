/**
 * The feed as a phone opens it: a Chromium tab at 390×844, device pixel ratio 3, loads the app,
 * passes the gate the way a person does (types the password, presses 'Enter App') and waits until
 * the first design card's picture has loaded and the network is quiet. Every response is recorded
 * with the phase it arrived in, so a benchmark can tell the gate's load from the feed's.
 */
import { throttling } from 'lighthouse/core/config/constants.js';
import type { Browser, CDPSession, HTTPResponse, Page } from 'puppeteer-core';

export const phone = { width: 390, height: 844, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/** Lighthouse's applied ("devtools") slow 4G on a tab, and its CPU slowed `cpuSlowdown` times. */
export async function emulateSlow4G(cdp: CDPSession, cpuSlowdown: number): Promise<void> {
  const network = throttling.mobileSlow4G;
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: network.requestLatencyMs,
    downloadThroughput: (network.downloadThroughputKbps * 1024) / 8,
    uploadThroughput: (network.uploadThroughputKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
}

export interface ObservedResponse {
  url: string;
  /** Puppeteer's resource type: script, stylesheet, image, font, fetch, document… */
  type: string;
  status: number;
  phase: 'gate' | 'feed';
  response: HTTPResponse;
}

export interface OpenedFeed {
  page: Page;
  responses: ObservedResponse[];
}

const QUIET = { idleTime: 750, timeout: 120_000 };
/** Page-side expression: the largest picture inside `container` (a card's picture, not its author's avatar). */
const largestPicture = (container: string) => `[...document.querySelectorAll(${JSON.stringify(`${container} img`)})]
  .sort((a, b) => b.clientWidth * b.clientHeight - a.clientWidth * a.clientHeight)[0] ?? null`;

/** The feed's first design card. */
export const FIRST_CARD = 'ul[aria-label="Designs"] > li:first-child article';

export interface PictureInfo {
  currentSrc: string;
  src: string;
  srcset: string;
  sizes: string;
  naturalWidth: number;
  naturalHeight: number;
  /** CSS pixels it is drawn at. */
  clientWidth: number;
}

/** What the browser chose for the largest picture in `container`. Page-side code is text: bench/ has no DOM types. */
export async function pictureIn(page: Page, container: string): Promise<PictureInfo> {
  const picture = await page.evaluate(`(() => {
    const img = ${largestPicture(container)};
    return img && { currentSrc: img.currentSrc, src: img.getAttribute('src') ?? '', srcset: img.getAttribute('srcset') ?? '',
      sizes: img.getAttribute('sizes') ?? '', naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight, clientWidth: img.clientWidth };
  })()`);
  if (!picture) throw new Error(`no picture in ${container}`);
  return picture as PictureInfo;
}

export const firstCardPicture = (page: Page) => pictureIn(page, FIRST_CARD);

/** Waits until the largest picture in `container` has loaded. */
export async function waitForPicture(page: Page, container: string): Promise<void> {
  await page.waitForFunction(
    `(() => { const img = ${largestPicture(container)}; return img !== null && img.complete && img.naturalWidth > 0; })()`,
    {
      timeout: 120_000,
    },
  );
}

/** `viewport`: another phone (a 2× screen, say); the 390×844 @3× one by default. */
export async function openFeedAsPhone(
  browser: Browser,
  baseUrl: string,
  password: string,
  viewport: typeof phone = phone,
): Promise<OpenedFeed> {
  const page = await browser.newPage();
  await page.setViewport(viewport);
  const responses: ObservedResponse[] = [];
  let phase: ObservedResponse['phase'] = 'gate';
  page.on('response', (response) => {
    responses.push({
      url: response.url(),
      type: response.request().resourceType(),
      status: response.status(),
      phase,
      response,
    });
  });

  await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
  const field = await page.waitForSelector('input[type="password"]', { timeout: 60_000 });
  await page.waitForNetworkIdle(QUIET);

  phase = 'feed';
  await field!.type(password);
  await page.locator('button[type="submit"]').click();
  await waitForPicture(page, FIRST_CARD);
  await page.waitForNetworkIdle(QUIET);
  return { page, responses };
}
