/**
 * `npm run bench`: every benchmark in turn, one table of figures beside their limits, printed and
 * written to bench/RESULTS.md with the machine they were measured on. `npm run bench -- web images`
 * runs only the named modules, and writes bench/RESULTS.subset.md instead: RESULTS.md stays the last whole run,
 * which bench/README.md's figures are read from. A module that fails becomes a row saying so; the others still run.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { repoRoot } from './lib/child';
import { describeMachine, type Machine } from './lib/machine';
import type { BenchRow, Benchmark } from './lib/report';
import { ensureWebBuild } from './lib/web-build';

/** Run order: the API first, while nothing else has warmed or tired the machine; the browser work last. */
const modules = {
  'feed-api': () => import('./feed-api'),
  'live-fanout': () => import('./live-fanout'),
  web: () => import('./web'),
  lighthouse: () => import('./lighthouse'),
  images: () => import('./images'),
  render: () => import('./render'),
  variations: () => import('./variations'),
  'render-ops': () => import('./render-ops'),
  halo: () => import('./halo'),
  erase: () => import('./erase'),
  'render-under-load': () => import('./render-under-load'),
  geometry: () => import('./geometry'),
  adjust: () => import('./adjust'),
} satisfies Record<string, () => Promise<{ run: Benchmark }>>;

type ModuleName = keyof typeof modules;
const allNames = Object.keys(modules) as ModuleName[];
/** These load the built SPA; it is built once, up front, when missing or stale. */
const needsWebBuild = new Set<ModuleName>(['web', 'lighthouse', 'images']);

const wholeRunPath = path.join(repoRoot, 'bench/RESULTS.md');
const subsetPath = path.join(repoRoot, 'bench/RESULTS.subset.md');

/** Whether `selected` leaves some benchmarks out: such a run writes subsetPath, not RESULTS.md. */
const isSubset = (selected: ModuleName[]) => selected.length < allNames.length;

function selectedModules(args: string[]): ModuleName[] {
  if (args.length === 0) return allNames;
  const unknown = args.filter((name) => !(name in modules));
  if (unknown.length > 0) {
    console.error(
      `unknown benchmark${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}; choose from ${allNames.join(', ')}`,
    );
    process.exit(2);
  }
  return allNames.filter((name) => args.includes(name));
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const metCell = (met: boolean | null | undefined) => (met === true ? '✅' : met === false ? '❌' : '');

function table(rows: BenchRow[]): string {
  const lines = ['| area | metric | value | target | met | note |', '|---|---|---|---|---|---|'];
  for (const row of rows) {
    lines.push(
      `| ${[row.area, row.metric, row.value, row.target ?? '', metCell(row.met), row.note ?? ''].map(cell).join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function results(
  rows: BenchRow[],
  machine: Machine,
  timings: Array<[string, number]>,
  totalMs: number,
  selected: ModuleName[],
): string {
  const missed = rows.filter((row) => row.met === false).length;
  const subset = isSubset(selected);
  return `# Benchmark results${subset ? ' (a subset)' : ''}

Written by \`npm run bench${subset ? ` -- ${selected.join(' ')}` : ''}\` (bench/run.ts); see bench/README.md for what each figure measures.${subset ? '\nThe last whole run is in bench/RESULTS.md.' : ''}
${rows.length} figures, ${missed} of them missing their target.

${subset ? `Only these benchmarks ran: ${selected.join(', ')}.\n\n` : ''}${table(rows)}

## Machine

| | |
|---|---|
| CPU | ${cell(machine.cpu)} |
| cores | ${machine.cores} |
| RAM | ${machine.ramGb} GB |
| Node | ${machine.node} |
| Postgres | ${cell(machine.postgres)} |
| Chromium | ${cell(machine.chromium)} |
| date | ${machine.date} |
| git commit | ${cell(machine.commit)} |
| total wall time | ${seconds(totalMs)} (${timings.map(([name, ms]) => `${name} ${seconds(ms)}`).join(', ')}) |
`;
}

const started = performance.now();
const selected = selectedModules(process.argv.slice(2));
const rows: BenchRow[] = [];
const timings: Array<[string, number]> = [];

if (selected.some((name) => needsWebBuild.has(name))) {
  const buildStarted = performance.now();
  try {
    const build = await ensureWebBuild();
    if (build.rebuilt) timings.push(['SPA build', performance.now() - buildStarted]);
  } catch (err) {
    // the browser benchmarks report the same failure as their own rows
    console.error(`bench: ${err instanceof Error ? err.message : String(err)}`);
  }
}

for (const name of selected) {
  const moduleStarted = performance.now();
  console.error(`bench: ${name}…`);
  try {
    const { run } = await modules[name]();
    rows.push(...(await run()));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.error(`bench: ${name} failed:`, err);
    rows.push({
      area: name,
      metric: 'benchmark run',
      value: 'failed',
      met: false,
      note: message.split('\n')[0]!.slice(0, 300),
    });
  }
  const ms = performance.now() - moduleStarted;
  timings.push([name, ms]);
  console.error(`bench: ${name} done in ${seconds(ms)}`);
}

const totalMs = performance.now() - started;
const machine = await describeMachine();
console.log(table(rows));
const resultsPath = isSubset(selected) ? subsetPath : wholeRunPath;
writeFileSync(resultsPath, results(rows, machine, timings, totalMs, selected));
console.log(`\n${rows.length} figures in ${seconds(totalMs)}; written to ${path.relative(process.cwd(), resultsPath)}`);
// pools, child-process pipes and PGlite instances of finished benchmarks must not keep the run alive
process.exit(0);
