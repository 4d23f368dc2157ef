/** Nearest-rank percentile of an ascending array; NaN when it is empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(rank, 1)) - 1]!;
}

export function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** '4,210 req/s' */
export const perSecond = (value: number, unit: string) => `${integer.format(value)} ${unit}/s`;

/** '12.4 ms' (one decimal under 100 ms, none above). */
export const millis = (value: number) => `${value < 100 ? value.toFixed(1) : integer.format(value)} ms`;
