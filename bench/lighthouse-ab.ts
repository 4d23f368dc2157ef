/**
 * The feed after the gate, two (or more) builds in turns on one host: on the shared machine a score from one run and a
 * score from another an hour later compare the host, not the builds (bench/history/0016). Each build is served by
 * its own checkout's server, so an older commit runs against the API it was written for:
 *
 *   node --import tsx bench/lighthouse-ab.ts old=/tmp/old-checkout:/tmp/old-dist new=.:apps/web/dist
 *
 * (a checkout is a repository root with node_modules; a dist is its `vite build --outDir …`). Rounds alternate the
 * order (A B, B A, …), LIGHTHOUSE_AB_ROUNDS of them (3), every load bench/lighthouse.ts's own feed scenario at one
 * CPU slowdown for all (LIGHTHOUSE_CPU_SLOWDOWN, else calibrated once). Beside Lighthouse's score, TBT and long
 * tasks, each load's trace gives the main thread's thread time from the password's submission on: the work done,
 * which the host's other load does not stretch the way it stretches wall time. Each load's Lighthouse report is kept as
 * bench/out/lighthouse-ab/<label>-<round>.json, to read its long tasks and LCP element afterwards.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';
import { launchChromium } from './lib/browser';
import type { BenchServer } from './lib/app-server';
import { median } from './lib/stats';
import { calibratedSlowdown, hostBenchmarkIndex, runScenario, scenarios, type RunFigures } from './lighthouse';

interface Variant {
  label: string;
  checkout: string;
  dist: string;
}

function parseVariant(arg: string): Variant {
  const match = /^([^=]+)=([^:]+):(.+)$/.exec(arg);
  if (!match) throw new Error(`expected label=checkout:dist, got ${arg}`);
  return { label: match[1]!, checkout: path.resolve(match[2]!), dist: path.resolve(match[3]!) };
}

interface TraceEvent {
  ph: string;
  name: string;
  ts: number;
  dur?: number;
  tdur?: number;
}

/** The main thread's top-level tasks from `fromMs` into the load on: their thread time summed, and how many took over 12.5 ms. */
function mainThreadWork(trace: unknown, fromMs: number): { threadMs: number; over12: number } {
  const processed = TraceProcessor.processTrace(trace as never) as unknown as {
    timeOriginEvt: { ts: number };
    mainThreadEvents: TraceEvent[];
  };
  const origin = processed.timeOriginEvt.ts;
  const events = processed.mainThreadEvents
    .filter((event) => event.ph === 'X' && event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  let openUntil = -Infinity;
  let threadMs = 0;
  let over12 = 0;
  for (const event of events) {
    // nested events lie inside the top-level task that is still open
    if (event.ts < openUntil) continue;
    openUntil = event.ts + event.dur!;
    if ((event.ts - origin) / 1000 < fromMs) continue;
    const ms = (event.tdur ?? event.dur!) / 1000;
    threadMs += ms;
    if (ms > 12.5) over12 += 1;
  }
  return { threadMs, over12 };
}

interface Load {
  figures: RunFigures;
  threadMs: number;
  over12: number;
}

const feed = scenarios.find((scenario) => scenario.name === 'feed')!;
const rounds = Number(process.env.LIGHTHOUSE_AB_ROUNDS ?? 3);
const variants = process.argv.slice(2).map(parseVariant);
if (variants.length < 2) throw new Error('give at least two builds: label=checkout:dist …');

const outDir = path.resolve(import.meta.dirname, 'out/lighthouse-ab');
mkdirSync(outDir, { recursive: true });

const servers: Array<Variant & { server: BenchServer }> = [];
const chromium = await launchChromium();
try {
  for (const variant of variants) {
    const { startBenchServer } = (await import(path.join(variant.checkout, 'bench/lib/app-server.ts'))) as {
      startBenchServer: (options: { webDistDir: string }) => Promise<BenchServer>;
    };
    servers.push({ ...variant, server: await startBenchServer({ webDistDir: variant.dist }) });
  }
  // a warm-up load each fills the servers' caches
  for (const { server } of servers) await runScenario(chromium, `${server.baseUrl}/`, feed, 4);
  const cpuSlowdown = calibratedSlowdown(await hostBenchmarkIndex(chromium));
  console.log(`CPU ${cpuSlowdown}× for every load`);
  const loads = new Map<string, Load[]>(variants.map((variant) => [variant.label, []]));
  for (let round = 0; round < rounds; round++) {
    for (const variant of round % 2 === 0 ? servers : [...servers].reverse()) {
      const figures = await runScenario(chromium, `${variant.server.baseUrl}/`, feed, cpuSlowdown);
      const work = mainThreadWork(figures.trace, figures.submitMs ?? 0);
      loads.get(variant.label)!.push({ figures, ...work });
      writeFileSync(path.join(outDir, `${variant.label}-${round + 1}.json`), JSON.stringify(figures.lhr));
      const lcpMs = figures.lhr.audits['largest-contentful-paint']?.numericValue ?? NaN;
      console.log(
        `${variant.label} round ${round + 1}: score ${Math.round(figures.score)}, LCP ${Math.round(lcpMs)} ms, TBT ${Math.round(figures.tbtMs)} ms, ` +
          `long tasks ${Math.round(figures.longTasks.ms)} ms, thread time after the password ${Math.round(work.threadMs)} ms, ` +
          `benchmark index ${Math.round(figures.lhr.environment.benchmarkIndex)}`,
      );
    }
  }
  const ms = (values: number[]) => `${Math.round(median(values))} ms`;
  console.table(
    [...loads].map(([label, list]) => ({
      build: label,
      'score (median)': Math.round(median(list.map((load) => load.figures.score))),
      scores: list.map((load) => Math.round(load.figures.score)).join(', '),
      TBT: ms(list.map((load) => load.figures.tbtMs)),
      'long tasks, summed': ms(list.map((load) => load.figures.longTasks.ms)),
      'thread time after the password': ms(list.map((load) => load.threadMs)),
      'tasks over 12.5 ms': list.map((load) => load.over12).join(', '),
      'benchmark index': list.map((load) => Math.round(load.figures.lhr.environment.benchmarkIndex)).join(', '),
    })),
  );
} finally {
  await chromium.close();
  for (const { server } of servers) await server.close();
}
