import type { Grade } from './palette';
import { clamp, luma, type Raster } from './raster';

/** Where the photo's tones lie (0–1 luma): its darks, its middle and its lights. */
export interface Tones {
  p5: number;
  p50: number;
  p95: number;
}

/** Luma percentiles of an RGB(A) picture, from about 40 000 of its pixels. */
export function tonesOf(image: Raster): Tones {
  const { data, width, height, channels } = image;
  const counts = new Uint32Array(256);
  const step = Math.max(1, Math.floor(Math.sqrt((width * height) / 40_000)));
  let n = 0;
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      const i = (y * width + x) * channels;
      counts[Math.round(luma(data[i]!, data[i + 1]!, data[i + 2]!))]!++;
      n++;
    }
  }
  const at = (q: number) => {
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += counts[v]!;
      if (seen > q * n) return v / 255;
    }
    return 1;
  };
  return { p5: at(0.05), p50: at(0.5), p95: at(0.95) };
}

/** Of the photo's spread from p5 to p95, at least this much is kept: a restyle must not fade it. */
const MIN_SPREAD = 0.95;
/** How far a bright style may lift the middle tones (0–1), in a photo with room for it; a bright room gets less. */
const MAX_LIFT = 0.035;
/** How far a moody style may sink them. */
const MAX_SINK = 0.16;

/**
 * The tone curve for this photo (0–1 → 0–1), black and white points kept. Brightness moves the photo's own middle
 * (its median) up or down, as far as the photo has room for: a bright style barely lifts a room that is already
 * bright, which is what once washed renders out. Contrast pivots on that middle, and the photo's spread from p5 to
 * p95 never falls below MIN_SPREAD of what it was, so the darks stay dark.
 */
export function toneCurve(grade: Pick<Grade, 'brightness' | 'contrast'>, tones: Tones): (x: number) => number {
  const mid = clamp(tones.p50, 0.04, 0.96);
  const shift =
    grade.brightness >= 0
      ? Math.min(MAX_LIFT, 0.06 * grade.brightness * (1 - mid))
      : Math.max(-MAX_SINK, 0.24 * grade.brightness * mid);
  const gamma = Math.log(clamp(mid + shift, 0.02, 0.98)) / Math.log(mid);
  const k0 = 1 + 0.3 * grade.contrast;
  const pivot = Math.pow(mid, gamma);
  const base = (x: number) => pivot + (Math.pow(clamp(x, 0, 1), gamma) - pivot) * k0;
  // a gamma above or below 1 squeezes one end of the range: stretch back to at least MIN_SPREAD of the photo's own
  const spread = tones.p95 - tones.p5;
  const graded = clamp(base(tones.p95), 0, 1) - clamp(base(tones.p5), 0, 1);
  const k = spread > 0.02 && graded < MIN_SPREAD * spread ? (MIN_SPREAD * spread) / Math.max(0.01, graded) : 1;
  return (x) => clamp(pivot + (base(x) - pivot) * k, 0, 1);
}

/**
 * Where a graded image lies in the picture whose grade it takes (a product's layer in its render, decision 0046):
 * the vignette is the whole picture's.
 */
export interface GradeFrame {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Re-grades the image in place toward the style: white balance (warm or cool, luma kept), the photo's own tone
 * curve (toneCurve: its contrast and black level kept), saturation, the style's accent washed into the mid-tones,
 * and a vignette that deepens as the mood darkens. sharp has no per-channel curve, and its linear + recomb (the
 * balance and saturation alone) take more CPU than this whole pass (bench/render-ops.ts).
 */
export function applyGrade(
  image: Raster,
  grade: Grade,
  tones: Tones = tonesOf(image),
  frame: GradeFrame = { left: 0, top: 0, width: image.width, height: image.height },
): void {
  const { data, width, height, channels } = image;
  // writes through a clamped view round and clamp to 0–255 natively: no Math.round per channel
  const out = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  const curve = toneCurve(grade, tones);
  const warm = [1 + 0.11 * grade.warmth, 1 + 0.02 * grade.warmth, 1 - 0.13 * grade.warmth];
  // the balance shifts the hue, not the brightness
  const norm = luma(warm[0]!, warm[1]!, warm[2]!);
  const gains = warm.map((g) => g / norm);
  const luts = gains.map((gain) => {
    const lut = new Float32Array(256);
    for (let v = 0; v < 256; v++) lut[v] = curve((v * gain) / 255) * 255;
    return lut;
  });
  const [lutR, lutG, lutB] = luts as [Float32Array, Float32Array, Float32Array];
  const saturation = 1 + 0.55 * grade.saturation;
  const [ar, ag, ab] = grade.accent;
  const accentLuma = luma(ar, ag, ab);
  const tintR = ar - accentLuma;
  const tintG = ag - accentLuma;
  const tintB = ab - accentLuma;
  // the accent peaks in the mid-tones: 4·t·(1 − t) for t = luma / 255, times the strength
  const midScale = (4 * grade.accentStrength) / (255 * 255);
  const vignette = 0.1 + 0.35 * Math.max(0, -grade.brightness);

  const cx = (frame.width - 1) / 2;
  const cy = (frame.height - 1) / 2;
  const colFalloff = new Float32Array(width);
  for (let x = 0; x < width; x++) colFalloff[x] = ((x + frame.left - cx) / cx) ** 2;
  for (let y = 0; y < height; y++) {
    const dy = ((y + frame.top - cy) / cy) ** 2;
    let i = y * width * channels;
    for (let x = 0; x < width; x++, i += channels) {
      const r = lutR[data[i]!]!;
      const g = lutG[data[i + 1]!]!;
      const b = lutB[data[i + 2]!]!;
      const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
      const mid = l * (255 - l) * midScale;
      const d = (colFalloff[x]! + dy) * 0.5;
      const shade = 1 - vignette * d * d;
      out[i] = (l + (r - l) * saturation + tintR * mid) * shade;
      out[i + 1] = (l + (g - l) * saturation + tintG * mid) * shade;
      out[i + 2] = (l + (b - l) * saturation + tintB * mid) * shade;
    }
  }
}
