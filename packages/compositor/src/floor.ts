import { clamp, luma, type Raster } from './raster';

/** Where the floor meets the wall when the photo gives no clear answer (a fraction of the height). */
export const DEFAULT_FLOOR_LINE = 0.62;
const MIN_FLOOR_LINE = 0.45;
const MAX_FLOOR_LINE = 0.78;
const CHUNKS = 16;
/** A seam this strong (mean luma step across 7 of 16 chunks) is taken as the floor line for a perspective layout. */
const CONFIDENT_SEAM = 14;

/**
 * Estimates the floor (or ground) line: the row with the strongest horizontal change in colour
 * that runs across much of the width, favouring rows near the usual 62%. Furniture edges are
 * short and lose to the long wall-floor seam; a photo without a clear seam gets the default.
 */
export function estimateFloorLine(rgb: Raster): number {
  return estimateFloor(rgb).line;
}

/**
 * The floor line and whether the photo shows it clearly: a seam across most of the width that stands out
 * (`confident`), or the default when it does not.
 */
export function estimateFloor(rgb: Raster): { line: number; confident: boolean } {
  const step = 4;
  const cols = Math.floor(rgb.width / step);
  const rows = Math.floor(rgb.height / step);
  if (cols < CHUNKS || rows < 24) return { line: DEFAULT_FLOOR_LINE, confident: false };

  // a quarter-size luma map: cheap, and the seam is a large-scale feature anyway
  const small = new Float32Array(cols * rows);
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < cols; x++) {
      let sum = 0;
      for (let dy = 0; dy < step; dy += 2) {
        const i = ((y * step + dy) * rgb.width + x * step) * rgb.channels;
        sum += luma(rgb.data[i]!, rgb.data[i + 1]!, rgb.data[i + 2]!);
      }
      small[y * cols + x] = sum / (step / 2);
    }
  }

  const chunkWidth = Math.floor(cols / CHUNKS);
  const band = 3;
  const diffs = new Float32Array(CHUNKS);
  let best = DEFAULT_FLOOR_LINE;
  let bestScore = 0;
  let bestAcross = 0;
  const first = Math.max(band, Math.floor(rows * (MIN_FLOOR_LINE - 0.03)));
  const last = Math.min(rows - band - 1, Math.ceil(rows * (MAX_FLOOR_LINE + 0.03)));
  for (let y = first; y <= last; y++) {
    for (let c = 0; c < CHUNKS; c++) {
      let above = 0;
      let below = 0;
      for (let x = c * chunkWidth; x < (c + 1) * chunkWidth; x++) {
        for (let k = 1; k <= band; k++) {
          above += small[(y - k) * cols + x]!;
          below += small[(y + k) * cols + x]!;
        }
      }
      diffs[c] = Math.abs(above - below) / (chunkWidth * band);
    }
    diffs.sort();
    // the seam must show in at least 7 of 16 chunks
    const acrossWidth = diffs[CHUNKS - 7]!;
    const fraction = y / rows;
    const prior = Math.exp(-(((fraction - DEFAULT_FLOOR_LINE) / 0.16) ** 2) / 2);
    const score = acrossWidth * prior;
    if (acrossWidth >= 7 && score > bestScore) {
      bestScore = score;
      best = fraction;
      bestAcross = acrossWidth;
    }
  }
  // a seam that changes brightness clearly across at least 7 of 16 chunks, away from the clamp limits
  const line = clamp(best, MIN_FLOOR_LINE, MAX_FLOOR_LINE);
  return { line, confident: bestAcross >= CONFIDENT_SEAM && line === best };
}
