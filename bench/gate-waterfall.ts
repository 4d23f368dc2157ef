/**
 * The requests between the password and the feed's first picture, build against build in turns (decision 0069):
 *
 *   node --import tsx bench/gate-waterfall.ts before=/tmp/before-dist after=apps/web/dist
 *
 * Each build is served by this checkout's server (one each, the sample world on PGlite). Every load is a fresh
 * browser context in the system Chromium with what bench/lighthouse.ts's feed scenario applies: the Moto G Power
 * screen, devtools slow-4G (Network.emulateNetworkConditions with Lighthouse's request latency and throughputs) and a
 * 4× CPU slowdown (GATE_WATERFALL_CPU_SLOWDOWN overrides it), the password entered by autoUnlockScript. From the
 * DevTools protocol's network events it reports, in ms after the POST /api/gate was sent: when the gate answered,
 * when the feed's first page (GET /api/designs) was asked and done (none when the gate's answer carried it), and when
 * the first card's picture was asked and done; from the page, when that picture was fully visible and the LCP.
 * GATE_WATERFALL_LOADS loads per build (5), after one warm-up each; the medians are printed.
 */
import path from 'node:path';
import { throttling, screenEmulationMetrics } from 'lighthouse/core/config/constants.js';
import type { Page } from 'puppeteer-core';
import { apiPaths } from '@dwellscape/shared';
import { startBenchServer, benchPassword, type BenchServer } from './lib/app-server';
import { launchChromium, type LaunchedChromium } from './lib/browser';
import { emulateSlow4G, firstCardPicture } from './lib/feed-page';
import { median } from './lib/stats';
import { autoUnlockScript } from './lighthouse';

interface Variant {
  label: string;
  dist: string;
}

interface Waterfall {
  gateDone: number;
  feedStart: number | null;
  feedDone: number | null;
  pictureStart: number;
  pictureDone: number;
  pictureVisible: number;
  lcp: number;
}

interface Sent {
  url: string;
  method: string;
  sentAt: number;
  /** The response's headers arrived. */
  answeredAt?: number;
  /** Its body too (a 204 has none: then its headers). */
  doneAt?: number;
}

const loads = Number(process.env.GATE_WATERFALL_LOADS ?? 5);
const cpuSlowdown = Number(process.env.GATE_WATERFALL_CPU_SLOWDOWN ?? throttling.mobileSlow4G.cpuSlowdownMultiplier);
const variants: Variant[] = process.argv.slice(2).map((arg) => {
  const match = /^([^=]+)=(.+)$/.exec(arg);
  if (!match) throw new Error(`expected label=dist, got ${arg}`);
  return { label: match[1]!, dist: path.resolve(match[2]!) };
});
if (variants.length === 0) throw new Error('give at least one build: label=dist …');

/** Page script: the LCP as Chrome reports it, kept in window.__lcp (ms into the load). */
const lcpObserver = `new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__lcp = entry.startTime;
}).observe({ type: 'largest-contentful-paint', buffered: true });`;

async function load(chromium: LaunchedChromium, baseUrl: string): Promise<Waterfall> {
  const context = await chromium.browser.createBrowserContext();
  try {
    const page: Page = await context.newPage();
    const screen = screenEmulationMetrics.mobile;
    await page.setViewport({
      width: screen.width,
      height: screen.height,
      deviceScaleFactor: screen.deviceScaleFactor,
      isMobile: true,
      hasTouch: true,
    });
    const cdp = await page.createCDPSession();
    const sent = new Map<string, Sent>();
    cdp.on('Network.requestWillBeSent', (event) => {
      sent.set(event.requestId, {
        url: event.request.url,
        method: event.request.method,
        sentAt: event.timestamp * 1000,
      });
    });
    cdp.on('Network.responseReceived', (event) => {
      const request = sent.get(event.requestId);
      if (request) request.answeredAt = event.timestamp * 1000;
    });
    cdp.on('Network.loadingFinished', (event) => {
      const request = sent.get(event.requestId);
      if (request) request.doneAt = event.timestamp * 1000;
    });
    await emulateSlow4G(cdp, cpuSlowdown);
    await page.evaluateOnNewDocument(autoUnlockScript(benchPassword));
    await page.evaluateOnNewDocument(lcpObserver);
    await page.goto(`${baseUrl}/`);
    await page.waitForFunction('typeof window.__feedPictureVisibleAt === "number"', { timeout: 120_000 });
    // the LCP entry comes with the frame after the picture's paint
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const picture = await firstCardPicture(page);
    const inPage = (await page.evaluate(`(() => {
      const gate = performance.getEntriesByType('resource').find((entry) => new URL(entry.name).pathname === ${JSON.stringify(apiPaths.gate)});
      return { gateSent: gate ? gate.startTime : null, visible: window.__feedPictureVisibleAt, lcp: window.__lcp ?? null };
    })()`)) as { gateSent: number | null; visible: number; lcp: number | null };
    const requests = [...sent.values()];
    const pathOf = (request: Sent) => new URL(request.url).pathname;
    const gate = requests.find((request) => request.method === 'POST' && pathOf(request) === apiPaths.gate);
    if (gate) gate.doneAt ??= gate.answeredAt;
    const feed = requests.find((request) => request.method === 'GET' && pathOf(request) === apiPaths.designs);
    const shown = requests.find((request) => request.url === picture.currentSrc);
    if (!gate?.doneAt || !shown?.doneAt || inPage.gateSent === null || inPage.lcp === null) {
      throw new Error(`incomplete load: gate ${JSON.stringify(gate)}, picture ${JSON.stringify(shown)}`);
    }
    const after = (at: number) => at - gate.sentAt;
    return {
      gateDone: after(gate.doneAt),
      feedStart: feed ? after(feed.sentAt) : null,
      feedDone: feed?.doneAt ? after(feed.doneAt) : null,
      pictureStart: after(shown.sentAt),
      pictureDone: after(shown.doneAt),
      pictureVisible: inPage.visible - inPage.gateSent,
      lcp: inPage.lcp - inPage.gateSent,
    };
  } finally {
    await context.close();
  }
}

const servers: Array<Variant & { server: BenchServer }> = [];
const chromium = await launchChromium();
try {
  for (const variant of variants) {
    servers.push({ ...variant, server: await startBenchServer({ webDistDir: variant.dist }) });
  }
  for (const { server } of servers) await load(chromium, server.baseUrl);
  const results = new Map<string, Waterfall[]>(variants.map((variant) => [variant.label, []]));
  for (let round = 0; round < loads; round++) {
    for (const variant of round % 2 === 0 ? servers : [...servers].reverse()) {
      const waterfall = await load(chromium, variant.server.baseUrl);
      results.get(variant.label)!.push(waterfall);
      console.log(
        `${variant.label} ${round + 1}: ${JSON.stringify(waterfall, (_, v) => (typeof v === 'number' ? Math.round(v) : v))}`,
      );
    }
  }
  const ms = (values: Array<number | null>) => {
    const known = values.filter((value): value is number => value !== null);
    return known.length === 0 ? '—' : `${Math.round(median(known))}`;
  };
  console.log(`median of ${loads} loads, ms after POST ${apiPaths.gate} was sent (CPU ${cpuSlowdown}×, slow 4G)`);
  console.table(
    [...results].map(([label, list]) => ({
      build: label,
      'gate done': ms(list.map((w) => w.gateDone)),
      'feed page asked': ms(list.map((w) => w.feedStart)),
      'feed page done': ms(list.map((w) => w.feedDone)),
      'picture asked': ms(list.map((w) => w.pictureStart)),
      'picture done': ms(list.map((w) => w.pictureDone)),
      'picture visible': ms(list.map((w) => w.pictureVisible)),
      LCP: ms(list.map((w) => w.lcp)),
    })),
  );
} finally {
  await chromium.close();
  for (const { server } of servers) await server.close();
}
