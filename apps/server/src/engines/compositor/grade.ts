import type { Grade } from './palette';
import { clamp, clampByte, luma, type Raster } from './raster';

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
 * that deepens as the mood darkens.
 */
export function applyGrade(image: Raster, grade: Grade): void {
  const { data, width, height, channels } = image;
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
  const tint = [ar - accentLuma, ag - accentLuma, ab - accentLuma];
  const vignette = 0.12 + 0.4 * Math.max(0, -grade.brightness);

  const cx = (width - 1) / 2;
  const cy = (height - 1) / 2;
  const colFalloff = new Float32Array(width);
  for (let x = 0; x < width; x++) colFalloff[x] = ((x - cx) / cx) ** 2;
  for (let y = 0; y < height; y++) {
    const dy = ((y - cy) / cy) ** 2;
    let i = y * width * channels;
    for (let x = 0; x < width; x++, i += channels) {
      let r = lutR[data[i]!]!;
      let g = lutG[data[i + 1]!]!;
      let b = lutB[data[i + 2]!]!;
      const l = luma(r, g, b);
      r = l + (r - l) * saturation;
      g = l + (g - l) * saturation;
      b = l + (b - l) * saturation;
      const t = l / 255;
      const mid = 4 * t * (1 - t) * grade.accentStrength;
      r += tint[0]! * mid;
      g += tint[1]! * mid;
      b += tint[2]! * mid;
      const d = (colFalloff[x]! + dy) * 0.5;
      const shade = 1 - vignette * d * d;
      data[i] = clampByte(r * shade);
      data[i + 1] = clampByte(g * shade);
      data[i + 2] = clampByte(b * shade);
    }
  }
}
