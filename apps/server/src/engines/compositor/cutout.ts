import { alphaBounds, clamp, clampByte, cropRaster, type Raster } from './raster';

export interface CutOut {
  /** RGBA, cropped to what is kept. */
  image: Raster;
  /** How it was cut: the background flood-filled away, an existing alpha kept, or a rounded frame. */
  method: 'background-removed' | 'transparent' | 'framed';
}

/** How far (RGB distance) a pixel may be from the background colour and still count as background. */
const BACKGROUND_TOLERANCE = 34;
/** A smooth gradient may drift further than that, one small step at a time. */
const GRADIENT_STEP = 5;
const GRADIENT_REACH = 2.2 * BACKGROUND_TOLERANCE;
/**
 * A soft shadow on the backdrop is the backdrop's colour, only darker (no hue of its own). It is
 * followed as far as it fades gently, so a catalogue photo's floor shadow goes with the backdrop:
 * in a scene it would be a pale grey blob, and the compositor casts shadows of its own.
 */
const SHADE_CHROMA = 14;
const SHADE_DARKEST = 0.45;

/** Whether a pixel is the background colour darkened evenly (a shadow on it) rather than a colour of its own. */
function isShadeOf(d: Uint8Array, i: number, bg: [number, number, number]): boolean {
  const k = (d[i]! + d[i + 1]! + d[i + 2]!) / Math.max(1, bg[0] + bg[1] + bg[2]);
  if (k < SHADE_DARKEST || k > 1.02) return false;
  return colourDistanceSq(d, i, bg[0] * k, bg[1] * k, bg[2] * k) <= SHADE_CHROMA * SHADE_CHROMA;
}

const colourDistanceSq = (d: Uint8Array, i: number, r: number, g: number, b: number) => {
  const dr = d[i]! - r;
  const dg = d[i + 1]! - g;
  const db = d[i + 2]! - b;
  return dr * dr + dg * dg + db * db;
};

interface PatchStats {
  mean: [number, number, number];
  spread: number;
  alpha: number;
}

function patchStats(img: Raster, x0: number, y0: number, size: number): PatchStats {
  const { data, width } = img;
  let r = 0;
  let g = 0;
  let b = 0;
  let a = 0;
  const n = size * size;
  for (let y = y0; y < y0 + size; y++) {
    for (let x = x0; x < x0 + size; x++) {
      const i = (y * width + x) * 4;
      r += data[i]!;
      g += data[i + 1]!;
      b += data[i + 2]!;
      a += data[i + 3]!;
    }
  }
  const mean: [number, number, number] = [r / n, g / n, b / n];
  let spread = 0;
  for (let y = y0; y < y0 + size; y++) {
    for (let x = x0; x < x0 + size; x++) {
      const i = (y * width + x) * 4;
      spread = Math.max(spread, Math.sqrt(colourDistanceSq(data, i, mean[0], mean[1], mean[2])));
    }
  }
  return { mean, spread, alpha: a / n };
}

function cornerPatches(img: Raster): PatchStats[] {
  const size = Math.max(2, Math.min(12, Math.round(Math.min(img.width, img.height) * 0.04)));
  const right = img.width - size;
  const bottom = img.height - size;
  return [
    patchStats(img, 0, 0, size),
    patchStats(img, right, 0, size),
    patchStats(img, 0, bottom, size),
    patchStats(img, right, bottom, size),
  ];
}

/** The shared background colour when all four corners are the same plain colour, else null. */
function uniformBackground(corners: PatchStats[]): [number, number, number] | null {
  if (corners.some((c) => c.spread > 18)) return null;
  for (const a of corners) {
    for (const b of corners) {
      const d = Math.hypot(a.mean[0] - b.mean[0], a.mean[1] - b.mean[1], a.mean[2] - b.mean[2]);
      if (d > 26) return null;
    }
  }
  const mean = (c: 0 | 1 | 2) => corners.reduce((s, p) => s + p.mean[c], 0) / corners.length;
  return [mean(0), mean(1), mean(2)];
}

/** Marks the background reachable from the border: close to the background colour, or a gentle gradient from it. */
function floodBackground(img: Raster, bg: [number, number, number]): Uint8Array {
  const { data, width, height } = img;
  const total = width * height;
  const isBackground = new Uint8Array(total);
  const queue = new Int32Array(total);
  let head = 0;
  let tail = 0;
  const tolSq = BACKGROUND_TOLERANCE * BACKGROUND_TOLERANCE;
  const reachSq = GRADIENT_REACH * GRADIENT_REACH;
  const stepSq = GRADIENT_STEP * GRADIENT_STEP * 3;

  const seed = (p: number) => {
    if (!isBackground[p] && colourDistanceSq(data, p * 4, bg[0], bg[1], bg[2]) <= tolSq) {
      isBackground[p] = 1;
      queue[tail++] = p;
    }
  };
  for (let x = 0; x < width; x++) {
    seed(x);
    seed((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    seed(y * width);
    seed(y * width + width - 1);
  }

  const visit = (from: number, q: number) => {
    if (isBackground[q]) return;
    const qi = q * 4;
    const toBg = colourDistanceSq(data, qi, bg[0], bg[1], bg[2]);
    if (toBg <= tolSq) {
      isBackground[q] = 1;
      queue[tail++] = q;
      return;
    }
    const fi = from * 4;
    const gentle = colourDistanceSq(data, qi, data[fi]!, data[fi + 1]!, data[fi + 2]!) <= stepSq;
    if (gentle && (toBg <= reachSq || isShadeOf(data, qi, bg))) {
      isBackground[q] = 1;
      queue[tail++] = q;
    }
  };
  while (head < tail) {
    const p = queue[head++]!;
    const x = p % width;
    if (x > 0) visit(p, p - 1);
    if (x < width - 1) visit(p, p + 1);
    if (p >= width) visit(p, p - width);
    if (p < total - width) visit(p, p + width);
  }
  return isBackground;
}

/** Alpha from the object mask: the outermost pixel ring eroded, then softened inward only, so no background halo survives. */
function featheredAlpha(isBackground: Uint8Array, width: number, height: number): Float32Array {
  const total = width * height;
  const eroded = new Float32Array(total);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (isBackground[p]) continue;
      const inside =
        x > 0 &&
        x < width - 1 &&
        y > 0 &&
        y < height - 1 &&
        !isBackground[p - 1] &&
        !isBackground[p + 1] &&
        !isBackground[p - width] &&
        !isBackground[p + width];
      eroded[p] = inside ? 1 : 0.35;
    }
  }
  const blurred = boxBlur3(boxBlur3(eroded, width, height), width, height);
  for (let p = 0; p < total; p++) blurred[p] = isBackground[p] ? 0 : Math.min(1, blurred[p]! * 1.15);
  return blurred;
}

function boxBlur3(src: Float32Array, width: number, height: number): Float32Array {
  const tmp = new Float32Array(src.length);
  const out = new Float32Array(src.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const l = src[row + Math.max(0, x - 1)]!;
      const r = src[row + Math.min(width - 1, x + 1)]!;
      tmp[row + x] = (l + src[row + x]! + r) / 3;
    }
  }
  for (let y = 0; y < height; y++) {
    const up = Math.max(0, y - 1) * width;
    const down = Math.min(height - 1, y + 1) * width;
    const row = y * width;
    for (let x = 0; x < width; x++) out[row + x] = (tmp[up + x]! + tmp[row + x]! + tmp[down + x]!) / 3;
  }
  return out;
}

function removeBackground(img: Raster, bg: [number, number, number]): Raster | null {
  const { width, height, data } = img;
  const isBackground = floodBackground(img, bg);
  const alpha = featheredAlpha(isBackground, width, height);
  const out = new Uint8Array(data.length);
  let kept = 0;
  for (let p = 0; p < width * height; p++) {
    const a = alpha[p]!;
    if (a <= 0) continue;
    kept++;
    const i = p * 4;
    // edge pixels are part background: take the background's share back out so no pale fringe remains
    const unmix = a < 0.98 ? 1 / Math.max(a, 0.5) : 1;
    out[i] = clampByte(bg[0] + (data[i]! - bg[0]) * unmix);
    out[i + 1] = clampByte(bg[1] + (data[i + 1]! - bg[1]) * unmix);
    out[i + 2] = clampByte(bg[2] + (data[i + 2]! - bg[2]) * unmix);
    out[i + 3] = clampByte(a * (data[i + 3]! / 255) * 255);
  }
  // nothing (or everything) left means the "background" was the picture itself
  if (kept < width * height * 0.01 || kept > width * height * 0.995) return null;
  return { data: out, width, height, channels: 4 };
}

/** A photo with a busy background: keep it whole as a rounded, white-edged print. */
function framePhoto(img: Raster): Raster {
  const maxAspect = 1.3;
  let { width, height } = img;
  let left = 0;
  let top = 0;
  if (width / height > maxAspect) {
    const w = Math.round(height * maxAspect);
    left = Math.floor((width - w) / 2);
    width = w;
  } else if (height / width > maxAspect) {
    const h = Math.round(width * maxAspect);
    top = Math.floor((height - h) / 2);
    height = h;
  }
  const cropped = cropRaster(img, left, top, width, height);
  const data = cropped.data;
  const radius = Math.min(width, height) * 0.07;
  const border = Math.max(2, Math.min(width, height) * 0.035);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // signed distance inside a rounded rectangle
      const qx = Math.max(radius - x - 0.5, x + 0.5 - (width - radius), 0);
      const qy = Math.max(radius - y - 0.5, y + 0.5 - (height - radius), 0);
      const edgeDistance = Math.min(x + 0.5, y + 0.5, width - x - 0.5, height - y - 0.5);
      const inside = qx > 0 && qy > 0 ? radius - Math.hypot(qx, qy) : edgeDistance;
      const i = (y * width + x) * 4;
      data[i + 3] = clampByte(clamp(inside, 0, 1) * data[i + 3]!);
      if (inside < border) {
        const frame = clamp(border - inside, 0, 1);
        data[i] = clampByte(data[i]! + (246 - data[i]!) * frame);
        data[i + 1] = clampByte(data[i + 1]! + (244 - data[i + 1]!) * frame);
        data[i + 2] = clampByte(data[i + 2]! + (239 - data[i + 2]!) * frame);
      }
    }
  }
  return cropped;
}

function cropToContent(image: Raster): Raster {
  const box = alphaBounds(image, 8);
  if (!box) return image;
  return cropRaster(image, box.left, box.top, box.right - box.left + 1, box.bottom - box.top + 1);
}

/**
 * Cuts a product out of its photo: an existing transparent background is kept; a plain
 * background (all four corners alike) is flood-filled away from the border with a feathered
 * edge; anything else is kept whole as a framed print.
 */
export function cutOutProduct(rgba: Raster): CutOut {
  // too small to judge a background: keep it whole
  if (rgba.width < 16 || rgba.height < 16) return { image: framePhoto(rgba), method: 'framed' };
  const corners = cornerPatches(rgba);
  if (corners.filter((c) => c.alpha < 32).length >= 3) {
    return { image: cropToContent(rgba), method: 'transparent' };
  }
  const bg = uniformBackground(corners);
  const removed = bg ? removeBackground(rgba, bg) : null;
  if (removed) return { image: cropToContent(removed), method: 'background-removed' };
  return { image: framePhoto(rgba), method: 'framed' };
}
