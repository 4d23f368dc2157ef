/**
 * The shape every benchmark hands to `bench/run.ts`, which prints them as one table and writes
 * `bench/RESULTS.md`. A row is one figure beside its limit: `target` is the limit as people read it
 * ("≥ 50% of floor", "< 20 ms"), `met` says whether the figure meets it (null when the row is context,
 * like the SQL floor itself, and has no target).
 */
export interface BenchRow {
  /** The section of the table: 'Feed API (Postgres, 100k)', 'Live fan-out', 'Web', 'Images'… */
  area: string;
  /** What was measured: 'throughput', 'p99 at 500 req/s', 'initial JS (gzip)'… */
  metric: string;
  /** The figure, already rounded, with its unit: '4,210 req/s', '12.4 ms', '96 kB'. */
  value: string;
  target?: string;
  met?: boolean | null;
  /** One short line of context: how it was measured, or why a target is missed. */
  note?: string;
}

/** A benchmark module: `run` measures and returns its rows; it must clean up what it started. */
export type Benchmark = () => Promise<BenchRow[]>;
