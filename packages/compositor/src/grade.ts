import type { Grade } from './palette';
import { clamp, luma, type Raster } from './raster';

function toneCurve(grade: Grade): (x: number) => number {
  // brightness bends the mid-tones (gamma) and lifts or sinks the blacks; contrast pivots on mid-grey
  const gamma = 1 - 0.4 * grade.brightness;
  const lift = 0.04 * grade.brightness;
  const contrast = 1 + 0.35 * grade.contrast;
  return (x) => {
    const toned = Math.pow(clamp(x, 0, 1), gamma);
    const lifted = lift > 0 ? lift + toned * (1 - lift) : toned * (1 + lift);
    return clamp(0.5 + (lifted - 0.5) * contrast, 0, 1);
  };
}

/**
 * Re-grades the image in place toward the style: white balance (warm or cool), a tone curve
 * (bright or moody), saturation, the style's accent washed into the mid-tones, and a vignette
 * that deepens as the mood darkens. sharp has no per-channel curve, and its linear + recomb (the balance and
 * saturation alone) take more CPU than this whole pass (bench/render-ops.ts).
 */
export function applyGrade(image: Raster, grade: Grade): void {
  const { data, width, height, channels } = image;
  // writes through a clamped view round and clamp to 0–255 natively: no Math.round per channel
  const out = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  const curve = toneCurve(grade);
  const gains = [1 + 0.11 * grade.warmth, 1 + 0.02 * grade.warmth, 1 - 0.13 * grade.warmth];
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
  const vignette = 0.12 + 0.4 * Math.max(0, -grade.brightness);

  const cx = (width - 1) / 2;
  const cy = (height - 1) / 2;
  const colFalloff = new Float32Array(width);
  for (let x = 0; x < width; x++) colFalloff[x] = ((x - cx) / cx) ** 2;
  for (let y = 0; y < height; y++) {
    const dy = ((y - cy) / cy) ** 2;
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
