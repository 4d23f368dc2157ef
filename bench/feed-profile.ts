/**
 * The main thread's work between the gate's answer and the feed's first card picture painting, from a V8 CPU
 * profile (issue #40): on a shared host a Lighthouse score mostly measures the host, while the work a load does
 * (its profile's samples) moves much less with the host's load. Each load: a fresh browser context (no cache, no
 * service worker), a 390×844 phone, CPU 4× and Lighthouse's slow-4G network emulation, the password entered by
 * bench/lighthouse.ts's page script. The window runs from the POST to the gate having been answered (its
 * responseEnd) to the first card picture's largest-contentful-paint entry (its render time). Reported, median of
 * the loads: the profile's scripting time in that window (JS and garbage collection; '(program)', the browser's
 * own work outside JS, beside it), the window's length, and the 15 functions with the most self time summed over
 * the loads, named through the build's source maps.
 *
 *   npx vite build apps/web --outDir /tmp/dist --emptyOutDir --sourcemap
 *   node --import tsx bench/feed-profile.ts /tmp/dist [/tmp/other-dist …] [loads]
 *
 * Two or more builds are profiled in turns. Besides the profile (whose wall-clock samples a loaded host stretches),
 * a trace gives the main thread's thread time in the same windows (gate answer → paint, and the unlock → paint: from
 * the gate starting its transition, data-unlocking on #gate, which shows the app's static shell and its skeletons),
 * and counts the style recalculations and paints the main thread did from the unlock to the paint. (The feed's first
 * page arrives with the gate's answer since decision 0069, so a window from GET /api/designs was empty.)
 * Without source maps the functions keep their minified names. One warm-up load fills the server's caches first.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import path from 'node:path';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';
import type { CDPSession, Page } from 'puppeteer-core';
import { apiPaths } from '@dwellscape/shared';
import { startBenchServer, benchPassword } from './lib/app-server';
import { launchChromium, type LaunchedChromium } from './lib/browser';
import { emulateSlow4G, FIRST_CARD, phone } from './lib/feed-page';
import { isMain } from './lib/main';
import { median } from './lib/stats';
import { autoUnlockScript } from './lighthouse';

const LOADS = 5;
const CPU_SLOWDOWN = 4;
const TOP = 15;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

interface WindowFigures {
  /** JS and GC self time in the window, ms. */
  scriptingMs: number;
  /** '(program)': the browser's main-thread work outside JS (style, layout, paint, parsing), ms. */
  programMs: number;
  /** From the gate's answer to the first card picture's paint, ms. */
  windowMs: number;
  /** Self time per function in the window, µs, keyed by 'name url:line:column'. */
  selfTime: Map<string, { frame: ProfileNode['callFrame']; us: number }>;
}

interface ThreadTime {
  /** The main thread's top-level tasks' thread time: CPU the renderer got, which the host's load does not stretch. */
  taskMs: number;
  /** Of it, in script (evaluation, calls, timers, events, microtasks, compilation). */
  scriptMs: number;
}

interface LoadFigures extends WindowFigures {
  thread: ThreadTime;
  unlockThread: ThreadTime;
  /** Scripting from the gate's unlock (its transition starting) to the paint, ms. */
  unlockScriptingMs: number;
  unlockWindowMs: number;
  /** Style recalculations (UpdateLayoutTree) and paints (Paint) on the main thread from the unlock to the paint. */
  unlockRestyles: number;
  unlockPaints: number;
  /** Images (a gradient background is one) the main thread painted from the unlock to the paint. */
  unlockImagePaints: number;
  /** Animations the compositor could not run (the main thread steps them each frame) from the unlock to the paint. */
  unlockMainThreadAnimations: number;
  unlockMainThreadProperties: string[];
  /** From the first card picture's responseEnd to its paint, ms: how long the picture waited for the card. */
  renderDelayMs: number | null;
}

/**
 * Page script: the largest-contentful-paint entries whose element is a picture in the first card (its render time,
 * page clock, in window.__firstCardPaintAt), the gate's answer (window.__gateAnsweredAt) from resource timing, and
 * the unlock (window.__unlockedAt): #gate taking data-unlocking (gate-controller.ts's startTransition).
 */
const observeScript = `(() => {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.element && entry.element.tagName === 'IMG' && entry.element.closest(${JSON.stringify(FIRST_CARD)}))
        if (window.__firstCardPaintAt === undefined) {
          window.__firstCardPaintAt = entry.renderTime || entry.startTime;
          window.__firstCardPicture = entry.url;
        }
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const pathname = new URL(entry.name).pathname;
      if (pathname === ${JSON.stringify(apiPaths.gate)}) window.__gateAnsweredAt ??= entry.responseEnd;
    }
  }).observe({ type: 'resource', buffered: true });
  new MutationObserver((records) => {
    if (window.__unlockedAt === undefined && records.some((r) => r.target.id === 'gate' && r.target.hasAttribute('data-unlocking')))
      window.__unlockedAt = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-unlocking'] });
})();`;

async function emulatePhone(page: Page, cdp: CDPSession): Promise<void> {
  await page.setViewport(phone);
  await emulateSlow4G(cdp, CPU_SLOWDOWN);
}

async function profileLoad(chromium: LaunchedChromium, url: string): Promise<LoadFigures> {
  const context = await chromium.browser.createBrowserContext();
  try {
    const page = await context.newPage();
    const cdp = await page.createCDPSession();
    await emulatePhone(page, cdp);
    // the gate request's send time on the profile's clock (monotonic), to place the page's clock on it
    let gateSentAt: number | null = null;
    cdp.on('Network.responseReceived', (event) => {
      const timing = event.response.timing;
      if (timing && new URL(event.response.url).pathname === apiPaths.gate)
        gateSentAt = timing.requestTime * 1000 + timing.sendStart;
    });
    await page.evaluateOnNewDocument(observeScript);
    await page.evaluateOnNewDocument(autoUnlockScript(benchPassword));
    await page.tracing.start({ categories: traceCategories });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    const ready = ['__firstCardPaintAt', '__gateAnsweredAt', '__unlockedAt'].map(
      (mark) => `window.${mark} !== undefined`,
    );
    await page.waitForFunction(ready.join(' && '), {
      timeout: 120_000,
      polling: 200,
    });
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    const trace = JSON.parse(Buffer.from((await page.tracing.stop())!).toString('utf8')) as unknown;
    const page_ = (await page.evaluate(`(() => {
      const gate = performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname === ${JSON.stringify(apiPaths.gate)});
      const picture = performance.getEntriesByType('resource').find((e) => e.name === window.__firstCardPicture);
      return { gateRequestStart: gate.requestStart, gateAnsweredAt: window.__gateAnsweredAt, unlockedAt: window.__unlockedAt,
        pictureAt: picture ? picture.responseEnd : null, paintAt: window.__firstCardPaintAt };
    })()`)) as {
      gateRequestStart: number;
      gateAnsweredAt: number;
      unlockedAt: number;
      pictureAt: number | null;
      paintAt: number;
    };
    if (gateSentAt === null) throw new Error('no response to the gate was seen');
    // page clock + offset = monotonic ms
    const offset = gateSentAt - page_.gateRequestStart;
    const us = (pageMs: number) => (pageMs + offset) * 1000;
    // FEED_PROFILE_DIR keeps each load's profile with its marks (µs on the profile's clock), for a closer look
    if (process.env.FEED_PROFILE_DIR) {
      mkdirSync(process.env.FEED_PROFILE_DIR, { recursive: true });
      const marks = {
        gateAnswered: us(page_.gateAnsweredAt),
        unlocked: us(page_.unlockedAt),
        picture: page_.pictureAt === null ? null : us(page_.pictureAt),
        paint: us(page_.paintAt),
      };
      writeFileSync(
        path.join(process.env.FEED_PROFILE_DIR, `load-${Date.now()}.json`),
        JSON.stringify({ marks, profile, trace }),
      );
    }
    const afterGate = figuresIn(profile, us(page_.gateAnsweredAt), us(page_.paintAt));
    const afterUnlock = figuresIn(profile, us(page_.unlockedAt), us(page_.paintAt));
    const unlockWork = renderWorkIn(trace, us(page_.unlockedAt), us(page_.paintAt));
    return {
      ...afterGate,
      thread: threadTimeIn(trace, us(page_.gateAnsweredAt), us(page_.paintAt)),
      unlockThread: threadTimeIn(trace, us(page_.unlockedAt), us(page_.paintAt)),
      unlockScriptingMs: afterUnlock.scriptingMs,
      unlockWindowMs: afterUnlock.windowMs,
      unlockRestyles: unlockWork.restyles,
      unlockPaints: unlockWork.paints,
      unlockImagePaints: unlockWork.imagePaints,
      unlockMainThreadAnimations: unlockWork.mainThreadAnimations,
      unlockMainThreadProperties: unlockWork.mainThreadProperties,
      renderDelayMs: page_.pictureAt === null ? null : page_.paintAt - page_.pictureAt,
    };
  } finally {
    await context.close();
  }
}

const traceCategories = [
  '-*',
  'toplevel',
  'v8.execute',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'loading',
];

interface TraceEvent {
  ph: string;
  name: string;
  ts: number;
  dur?: number;
  tdur?: number;
  id2?: { local?: string };
  id?: string;
  args?: { data?: { compositeFailed?: number; unsupportedProperties?: string[] } };
}

const scriptEvents = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'FireIdleCallback',
  'FireAnimationFrame',
  'EventDispatch',
  'RunMicrotasks',
  'v8.compile',
  'v8.compileModule',
  'V8.Execute',
  'v8.run',
]);

function mainThreadEventsOf(trace: unknown): TraceEvent[] {
  const { mainThreadEvents } = TraceProcessor.processTrace(trace as never) as unknown as {
    mainThreadEvents: TraceEvent[];
  };
  return mainThreadEvents;
}

interface RenderWork {
  restyles: number;
  paints: number;
  imagePaints: number;
  mainThreadAnimations: number;
  /** What those animations animate, that the compositor cannot ('background-position-x', 'box-shadow'…). */
  mainThreadProperties: string[];
}

/**
 * The main thread's style recalculations (UpdateLayoutTree), paints (Paint) and images painted in them (PaintImage)
 * within [fromUs, toUs), and the animations running then that the compositor could not take (their trace's
 * compositeFailed): one of those (background-position) restyles and repaints its element every frame the main thread
 * draws, and paints its gradient again.
 */
function renderWorkIn(trace: unknown, fromUs: number, toUs: number): RenderWork {
  const work: RenderWork = {
    restyles: 0,
    paints: 0,
    imagePaints: 0,
    mainThreadAnimations: 0,
    mainThreadProperties: [],
  };
  for (const event of mainThreadEventsOf(trace)) {
    if (event.ph !== 'X' || event.ts < fromUs || event.ts >= toUs) continue;
    if (event.name === 'UpdateLayoutTree') work.restyles++;
    else if (event.name === 'Paint') work.paints++;
    else if (event.name === 'PaintImage') work.imagePaints++;
  }
  const { traceEvents } = trace as { traceEvents: TraceEvent[] };
  const failed = new Set<string>();
  const properties = new Set<string>();
  for (const event of traceEvents) {
    if (event.name !== 'Animation' || event.ts >= toUs || event.args?.data?.compositeFailed === undefined) continue;
    failed.add(event.id2?.local ?? event.id ?? String(event.ts));
    for (const property of event.args.data.unsupportedProperties ?? []) properties.add(property);
  }
  work.mainThreadAnimations = failed.size;
  work.mainThreadProperties = [...properties].sort();
  return work;
}

/**
 * Thread time (tdur) of the main thread's top-level tasks, and of the outermost script events in them, that start
 * within [fromUs, toUs): descheduled time on a loaded host is not thread time.
 */
function threadTimeIn(trace: unknown, fromUs: number, toUs: number): ThreadTime {
  const events = mainThreadEventsOf(trace)
    .filter((event) => event.ph === 'X' && event.dur !== undefined && event.ts >= fromUs && event.ts < toUs)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  let taskUntil = -Infinity;
  let scriptUntil = -Infinity;
  let taskUs = 0;
  let scriptUs = 0;
  for (const event of events) {
    const own = event.tdur ?? event.dur!;
    if (event.ts >= taskUntil) {
      taskUntil = event.ts + event.dur!;
      taskUs += own;
    }
    if (scriptEvents.has(event.name) && event.ts >= scriptUntil) {
      scriptUntil = event.ts + event.dur!;
      scriptUs += own;
    }
  }
  return { taskMs: taskUs / 1000, scriptMs: scriptUs / 1000 };
}

function figuresIn(profile: Profile, fromUs: number, toUs: number): WindowFigures {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfTime: WindowFigures['selfTime'] = new Map();
  let scriptingUs = 0;
  let programUs = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i]!;
    // a sample stands for the interval up to the next one
    const span = profile.timeDeltas[i + 1] ?? 0;
    if (at < fromUs || at >= toUs) return;
    const frame = nodes.get(id)!.callFrame;
    if (frame.functionName === '(idle)') return;
    if (frame.functionName === '(program)') {
      programUs += span;
      return;
    }
    scriptingUs += span;
    const key = `${frame.functionName} ${frame.url}:${frame.lineNumber}:${frame.columnNumber}`;
    const entry = selfTime.get(key) ?? { frame, us: 0 };
    entry.us += span;
    selfTime.set(key, entry);
  });
  return { scriptingMs: scriptingUs / 1000, programMs: programUs / 1000, windowMs: (toUs - fromUs) / 1000, selfTime };
}

/** 'name (src/file.ts:line)' through the build's source map, or the minified name and chunk. */
function sourceMapped(distDir: string): (frame: ProfileNode['callFrame']) => string {
  const consumers = new Map<string, SourceMap | null>();
  return (frame) => {
    const minified = frame.functionName || '(anonymous)';
    if (!frame.url) return minified;
    const file = path.join(distDir, new URL(frame.url).pathname);
    if (!consumers.has(file)) {
      const map = `${file}.map`;
      consumers.set(
        file,
        existsSync(map) ? new SourceMap(JSON.parse(readFileSync(map, 'utf8')) as SourceMapPayload) : null,
      );
    }
    const consumer = consumers.get(file);
    const chunk = path.basename(file);
    if (!consumer) return `${minified} (${chunk}:${frame.lineNumber + 1}:${frame.columnNumber + 1})`;
    // zero-based line and column, as the profile's call frames give them
    const original = consumer.findEntry(frame.lineNumber, frame.columnNumber);
    if (!('originalSource' in original) || !original.originalSource)
      return `${minified} (${chunk}:${frame.lineNumber + 1}:${frame.columnNumber + 1})`;
    const source = original.originalSource.replace(/^.*?\/(node_modules|apps|packages)\//, '$1/');
    const { name } = original as { name?: string };
    return `${name ?? minified} (${source}:${original.originalLine + 1})`;
  };
}

/** The package (or app folder) a mapped name's source is in: 'preact', 'react-router', 'apps/web/src/features/feed'. */
function packageOf(mapped: string): string {
  const source = /\(([^)]*):\d+(?::\d+)?\)$/.exec(mapped)?.[1];
  if (!source) return mapped;
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (inModules) return inModules[1]!;
  return path.dirname(source.replace(/^.*?(apps\/|packages\/)/, '$1'));
}

function summarise(distDir: string, runs: LoadFigures[]) {
  const name = sourceMapped(distDir);
  const byName = new Map<string, number>();
  for (const run of runs) {
    for (const { frame, us } of run.selfTime.values()) {
      const key = name(frame);
      byName.set(key, (byName.get(key) ?? 0) + us);
    }
  }
  const byPackage = new Map<string, number>();
  for (const [fn, us] of byName) byPackage.set(packageOf(fn), (byPackage.get(packageOf(fn)) ?? 0) + us);
  const perLoad = (us: number) => Number((us / 1000 / runs.length).toFixed(1));
  const ms = (pick: (run: LoadFigures) => number | null) => {
    const values = runs.map(pick).filter((value): value is number => value !== null);
    return { median: Math.round(median(values)), each: values.map(Math.round) };
  };
  return {
    loads: runs.length,
    threadTaskMs: ms((r) => r.thread.taskMs),
    threadScriptMs: ms((r) => r.thread.scriptMs),
    unlockThreadTaskMs: ms((r) => r.unlockThread.taskMs),
    unlockThreadScriptMs: ms((r) => r.unlockThread.scriptMs),
    unlockRestyles: ms((r) => r.unlockRestyles),
    unlockPaints: ms((r) => r.unlockPaints),
    unlockImagePaints: ms((r) => r.unlockImagePaints),
    unlockMainThreadAnimations: ms((r) => r.unlockMainThreadAnimations),
    profileScriptingMs: ms((r) => r.scriptingMs),
    unlockProfileScriptingMs: ms((r) => r.unlockScriptingMs),
    windowMs: ms((r) => r.windowMs),
    unlockWindowMs: ms((r) => r.unlockWindowMs),
    renderDelayMs: ms((r) => r.renderDelayMs),
    top: [...byName]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([fn, us]) => ({ function: fn, 'self ms per load': perLoad(us) })),
    packages: [...byPackage]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([source, us]) => ({ source, 'self ms per load': perLoad(us) })),
  };
}

/**
 * Profiles `loads` loads of each build, in turns (A B, B A, …: on a shared host, loads minutes apart compare the host,
 * not the builds), each build served by its own server. One warm-up load per build first.
 */
export async function profileFeed(distDirs: string[], loads = LOADS) {
  const servers = [];
  const chromium = await launchChromium();
  try {
    for (const distDir of distDirs) servers.push(await startBenchServer({ webDistDir: distDir }));
    const urls = servers.map((server) => `${server.baseUrl}/`);
    for (const url of urls) await profileLoad(chromium, url);
    const runs: LoadFigures[][] = distDirs.map(() => []);
    for (let round = 0; round < loads; round++) {
      const order = distDirs.map((_, i) => i);
      if (round % 2 === 1) order.reverse();
      for (const i of order) {
        const run = await profileLoad(chromium, urls[i]!);
        console.error(
          `${path.basename(distDirs[i]!)} load ${round + 1}: thread time ${run.thread.taskMs.toFixed(0)} ms (script ${run.thread.scriptMs.toFixed(0)} ms), ` +
            `after the unlock ${run.unlockThread.taskMs.toFixed(0)} ms (script ${run.unlockThread.scriptMs.toFixed(0)} ms, ` +
            `${run.unlockRestyles} style recalcs, ${run.unlockPaints} paints, ${run.unlockImagePaints} images painted, ` +
            `${run.unlockMainThreadAnimations} animations not composited: ${run.unlockMainThreadProperties.join(' ') || 'none'}); window ${run.windowMs.toFixed(0)} ms, ` +
            `after the unlock ${run.unlockWindowMs.toFixed(0)} ms; render delay ${run.renderDelayMs?.toFixed(0)} ms`,
        );
        runs[i]!.push(run);
      }
    }
    return distDirs.map((distDir, i) => ({ distDir, ...summarise(distDir, runs[i]!) }));
  } finally {
    await chromium.close();
    for (const server of servers) await server.close();
  }
}

if (isMain(import.meta.url)) {
  const args = process.argv.slice(2);
  const loadsArg = args.at(-1) !== undefined && /^\d+$/.test(args.at(-1)!) ? Number(args.pop()) : LOADS;
  if (args.length === 0)
    throw new Error('usage: node --import tsx bench/feed-profile.ts <vite build outDir> [<another outDir>…] [loads]');
  const results = await profileFeed(
    args.map((dir) => path.resolve(dir)),
    loadsArg,
  );
  for (const { distDir, top, packages, ...figures } of results) {
    const line = (label: string, { median: value, each }: { median: number; each: number[] }, unit = ' ms') =>
      `  ${label}: ${value}${unit} (each ${each.join(', ')})`;
    console.log(`\n${distDir}, median of ${figures.loads} loads`);
    console.log(line('main-thread thread time, gate answer → first card paint', figures.threadTaskMs));
    console.log(line('  of it script', figures.threadScriptMs));
    console.log(line('main-thread thread time, unlock → first card paint', figures.unlockThreadTaskMs));
    console.log(line('  of it script', figures.unlockThreadScriptMs));
    console.log(line('style recalcs, unlock → paint', figures.unlockRestyles, ''));
    console.log(line('paints, unlock → paint', figures.unlockPaints, ''));
    console.log(line('images painted (gradients too), unlock → paint', figures.unlockImagePaints, ''));
    console.log(line('animations the compositor could not run, by paint', figures.unlockMainThreadAnimations, ''));
    console.log(line('profile scripting (wall), gate answer → paint', figures.profileScriptingMs));
    console.log(line('profile scripting (wall), unlock → paint', figures.unlockProfileScriptingMs));
    console.log(line('gate answer → paint (wall)', figures.windowMs));
    console.log(line('unlock → paint (wall)', figures.unlockWindowMs));
    console.log(line('picture responseEnd → paint (wall)', figures.renderDelayMs));
    console.table(top);
    console.table(packages);
  }
}
