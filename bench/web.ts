/**
 * The built SPA's weight: gzip (node:zlib, level 9) of the JS and CSS files a phone really fetches,
 * in Chromium against the real server: first for the gate (the first load), then for the feed after
 * the password (the first load plus the shell, the feed screen and whatever they load on mount).
 * Files are matched to apps/web/dist, so the figure is the build's, whatever the server sends.
 * Also checks that no other screen's chunk rides along, and sums the whole dist. kB of 1,000 bytes.
 * Run alone: node --import tsx bench/web.ts
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { benchPassword, startBenchServer } from './lib/app-server';
import { launchChromium } from './lib/browser';
import { openFeedAsPhone, type ObservedResponse } from './lib/feed-page';
import { isMain } from './lib/main';
import type { BenchRow, Benchmark } from './lib/report';
import { ensureWebBuild, webDistDir, webManifestPath } from './lib/web-build';

const AREA = 'Web';
const FEED_JS_BUDGET_KB = 120;
/** A screen module of the router: src/features/<name>/components/<name>-screen.tsx. */
const SCREEN_MODULE = /^src\/features\/([\w-]+)\/components\/\1-screen\.tsx$/;
/** What the named chunks of apps/web/vite.config.ts hold. */
const CHUNK_CONTENTS: Record<string, string> = {
  react: 'React DOM',
  'react-router': 'React Router',
  data: 'zod + TanStack Query',
  router: 'app shell + feed screen',
};
/** The library chunks of the stack ARCHITECTURE.md fixes, which every screen needs. */
const STACK_CHUNKS = ['react', 'react-router', 'data'];

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

const gzipCache = new Map<string, number>();
function gzipBytes(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(webDistDir, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + gzipBytes(file), 0);

/**
 * What index.html carries inline (decision 0030: the gate's script and the stylesheet), gzip of each part as if
 * it were a file of its own: part of every first load, so it counts with the files.
 */
function inlineBytes(tag: 'script' | 'style'): number {
  const html = readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
  return [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].reduce(
    (total, [, text]) => total + gzipSync(text!, { level: 9 }).length,
    0,
  );
}

/** The dist files (relative paths) behind the responses of one kind, up to and including `phase`. */
function distFiles(
  responses: ObservedResponse[],
  type: 'script' | 'stylesheet',
  phases: ObservedResponse['phase'][],
): Set<string> {
  const files = new Set<string>();
  for (const r of responses) {
    if (r.type !== type || !phases.includes(r.phase) || r.status >= 400) continue;
    const file = decodeURIComponent(new URL(r.url).pathname).replace(/^\//, '');
    if (!existsSync(path.join(webDistDir, file)))
      throw new Error(`the browser loaded ${r.url}, which is not in apps/web/dist`);
    files.add(file);
  }
  return files;
}

function describeChunk(manifest: Manifest, file: string): string {
  const chunk = Object.values(manifest).find((c) => c.file === file);
  const name = chunk?.isEntry ? 'entry' : (chunk?.name ?? path.basename(file));
  const contents = chunk?.name ? CHUNK_CONTENTS[chunk.name] : undefined;
  return `${name} ${kB(gzipBytes(file))}${contents ? ` (${contents})` : ''}`;
}

export async function measureWeb(): Promise<BenchRow[]> {
  const build = await ensureWebBuild();
  const manifest = JSON.parse(readFileSync(webManifestPath, 'utf8')) as Manifest;

  const server = await startBenchServer({ webDistDir });
  const chromium = await launchChromium();
  let responses: ObservedResponse[];
  try {
    responses = (await openFeedAsPhone(chromium.browser, server.baseUrl, benchPassword)).responses;
  } finally {
    await chromium.close();
    await server.close();
  }

  const gateJs = distFiles(responses, 'script', ['gate']);
  const feedJs = distFiles(responses, 'script', ['gate', 'feed']);
  const feedCss = distFiles(responses, 'stylesheet', ['gate', 'feed']);
  const inlineJs = inlineBytes('script');
  const inlineCss = inlineBytes('style');
  const feedJsBytes = sum(feedJs) + inlineJs;
  const overBy = feedJsBytes / 1000 - FEED_JS_BUDGET_KB;
  const stackBytes = sum(
    [...feedJs].filter((file) =>
      STACK_CHUNKS.includes(Object.values(manifest).find((c) => c.file === file)?.name ?? ''),
    ),
  );
  const biggest = [...feedJs]
    .sort((a, b) => gzipBytes(b) - gzipBytes(a))
    .slice(0, 4)
    .map((file) => describeChunk(manifest, file));

  // other screens must not ride along: their chunks stay unloaded until someone opens them
  const screens = Object.entries(manifest)
    .filter(([key]) => SCREEN_MODULE.test(key))
    .map(([key, chunk]) => ({ name: SCREEN_MODULE.exec(key)![1]!, file: chunk.file }));
  if (screens.length === 0) throw new Error('no screen is a lazy chunk of its own: are the routes split?');
  const riding = screens
    .filter((screen) => screen.name !== 'feed' && feedJs.has(screen.file))
    .map((screen) => screen.name);

  const allFiles = readdirSync(webDistDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.parentPath.includes('.vite') && !/\.(br|gz)$/.test(entry.name))
    .map((entry) => path.relative(webDistDir, path.join(entry.parentPath, entry.name)));
  const byKind = (pattern: RegExp) => sum(allFiles.filter((file) => pattern.test(file)));

  const builtNote = build.rebuilt ? `; built now (${build.rebuilt})` : '';
  return [
    {
      area: AREA,
      metric: 'gate (first load) JS, gzip',
      value: kB(sum(gateJs) + inlineJs),
      met: null,
      note: `the gate's script inline in index.html (${kB(inlineJs)}) and ${gateJs.size} files a 390×844 phone fetches (preloads, not run) before the password${builtNote}`,
    },
    {
      area: AREA,
      metric: 'feed route JS, gzip',
      value: kB(feedJsBytes),
      target: `≤ ${FEED_JS_BUDGET_KB} kB`,
      met: overBy <= 0,
      note:
        (overBy > 0
          ? `over by ${overBy.toFixed(1)} kB; React DOM, React Router, zod and TanStack Query alone are ${kB(stackBytes)}; `
          : '') +
        `${feedJs.size} files and the gate's inline script up to the first card's picture; largest: ${biggest.join(', ')}`,
    },
    {
      area: AREA,
      metric: 'feed route CSS, gzip',
      value: kB(sum(feedCss) + inlineCss),
      met: null,
      note: `inline in index.html ${kB(inlineCss)}; ${feedCss.size} stylesheet file${feedCss.size === 1 ? '' : 's'} fetched`,
    },
    {
      area: AREA,
      metric: 'other routes split off',
      value:
        riding.length === 0
          ? `yes (${screens.filter((screen) => screen.name !== 'feed').length} screens lazy)`
          : `no: ${riding.join(', ')}`,
      target: 'yes',
      met: riding.length === 0,
      note: 'no other screen’s chunk is fetched on the way to the feed',
    },
    {
      area: AREA,
      metric: 'whole dist, gzip',
      value: kB(sum(allFiles)),
      met: null,
      note: `${allFiles.length} files: JS ${kB(byKind(/\.js$/))}, CSS ${kB(byKind(/\.css$/))}, fonts ${kB(byKind(/\.woff2?$/))} (.br/.gz copies not counted)`,
    },
  ];
}

export const run: Benchmark = measureWeb;

if (isMain(import.meta.url)) console.table(await measureWeb());
