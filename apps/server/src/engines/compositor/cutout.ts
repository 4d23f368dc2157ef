import { alphaBounds, clamp, clampByte, cropRaster, type Raster } from './raster';

export interface CutOut {
  /** RGBA, cropped to what is kept. */
  image: Raster;
  /** How it was cut: the background flood-filled away, an existing alpha kept, or a rounded frame. */
  method: 'background-removed' | 'transparent' | 'framed';
}

/** A part of a picture, in its pixels. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * A cut-out and how it was made, so the same cut can be drawn again from a larger copy of the
 * picture at the size it ends up in the scene (see `cutOutSprite`).
 */
export interface CutOutPlan extends CutOut {
  /** Where `image` lies in the picture that was cut. */
  box: Box;
  /** Size of the picture that was cut. */
  sourceWidth: number;
  sourceHeight: number;
  /** For 'background-removed': the object's alpha over the whole picture (0–1), and the background colour. */
  alpha?: Float32Array;
  background?: [number, number, number];
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

/** The picture with the background's share taken out of every pixel, `alpha` (0–1 per pixel) as its transparency. */
function applyAlpha(img: Raster, alpha: Float32Array, bg: [number, number, number]): Raster {
  const { width, height, data } = img;
  const out = new Uint8Array(width * height * 4);
  // writes through a clamped view round and clamp to 0–255 natively
  const clamped = new Uint8ClampedArray(out.buffer);
  for (let p = 0; p < width * height; p++) {
    const a = alpha[p]!;
    if (a <= 0) continue;
    const i = p * 4;
    // edge pixels are part background: take the background's share back out so no pale fringe remains
    const unmix = a < 0.98 ? 1 / Math.max(a, 0.5) : 1;
    clamped[i] = bg[0] + (data[i]! - bg[0]) * unmix;
    clamped[i + 1] = bg[1] + (data[i + 1]! - bg[1]) * unmix;
    clamped[i + 2] = bg[2] + (data[i + 2]! - bg[2]) * unmix;
    clamped[i + 3] = a * data[i + 3]!;
  }
  return { data: out, width, height, channels: 4 };
}

/** The object's alpha (0–1 per pixel) once the background is taken away, or null when that leaves nothing (or everything). */
function backgroundAlpha(img: Raster, bg: [number, number, number]): Float32Array | null {
  const { width, height } = img;
  const alpha = featheredAlpha(floodBackground(img, bg), width, height);
  let kept = 0;
  for (let p = 0; p < alpha.length; p++) if (alpha[p]! > 0) kept++;
  // nothing (or everything) left means the "background" was the picture itself
  if (kept < width * height * 0.01 || kept > width * height * 0.995) return null;
  return alpha;
}

/** The part `box` of a mask (`width` wide), resampled bilinearly (pixel centres aligned) to toWidth × toHeight. */
function resampleMask(
  mask: Float32Array,
  width: number,
  height: number,
  box: Box,
  toWidth: number,
  toHeight: number,
): Float32Array {
  const out = new Float32Array(toWidth * toHeight);
  const sx = box.width / toWidth;
  const sy = box.height / toHeight;
  const x0s = new Int32Array(toWidth);
  const x1s = new Int32Array(toWidth);
  const fxs = new Float32Array(toWidth);
  for (let x = 0; x < toWidth; x++) {
    const u = clamp(box.left + (x + 0.5) * sx - 0.5, 0, width - 1);
    x0s[x] = Math.floor(u);
    x1s[x] = Math.min(width - 1, x0s[x]! + 1);
    fxs[x] = u - x0s[x]!;
  }
  for (let y = 0; y < toHeight; y++) {
    const v = clamp(box.top + (y + 0.5) * sy - 0.5, 0, height - 1);
    const y0 = Math.floor(v);
    const fy = v - y0;
    const row0 = y0 * width;
    const row1 = Math.min(height - 1, y0 + 1) * width;
    const o = y * toWidth;
    for (let x = 0; x < toWidth; x++) {
      const x0 = x0s[x]!;
      const x1 = x1s[x]!;
      const fx = fxs[x]!;
      const a = mask[row0 + x0]! + (mask[row0 + x1]! - mask[row0 + x0]!) * fx;
      const b = mask[row1 + x0]! + (mask[row1 + x1]! - mask[row1 + x0]!) * fx;
      out[o + x] = a + (b - a) * fy;
    }
  }
  return out;
}

/** The centre of a photo, trimmed to at most 1.3:1 either way: what a framed print shows. */
function printBox(width: number, height: number): Box {
  const maxAspect = 1.3;
  if (width / height > maxAspect) {
    const w = Math.round(height * maxAspect);
    return { left: Math.floor((width - w) / 2), top: 0, width: w, height };
  }
  if (height / width > maxAspect) {
    const h = Math.round(width * maxAspect);
    return { left: 0, top: Math.floor((height - h) / 2), width, height: h };
  }
  return { left: 0, top: 0, width, height };
}

/** Rounds the corners of an RGBA picture and gives it a white edge, in place: a print. */
function frameInPlace(img: Raster): Raster {
  const { data, width, height } = img;
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
  return img;
}

/** A photo with a busy background: keep it whole as a rounded, white-edged print. */
function framePhoto(img: Raster): CutOutPlan {
  const box = printBox(img.width, img.height);
  const image = frameInPlace(cropRaster(img, box.left, box.top, box.width, box.height));
  return { image, method: 'framed', box, sourceWidth: img.width, sourceHeight: img.height };
}

/** The smallest box holding what is visible, and the picture cropped to it. */
function cropToContent(image: Raster): { image: Raster; box: Box } {
  const bounds = alphaBounds(image, 8);
  const box = bounds
    ? {
        left: bounds.left,
        top: bounds.top,
        width: bounds.right - bounds.left + 1,
        height: bounds.bottom - bounds.top + 1,
      }
    : { left: 0, top: 0, width: image.width, height: image.height };
  return { image: bounds ? cropRaster(image, box.left, box.top, box.width, box.height) : image, box };
}

/**
 * Cuts a product out of its photo: an existing transparent background is kept; a plain
 * background (all four corners alike) is flood-filled away from the border with a feathered
 * edge; anything else is kept whole as a framed print.
 */
export function cutOutProduct(rgba: Raster): CutOutPlan {
  const source = { sourceWidth: rgba.width, sourceHeight: rgba.height };
  // too small to judge a background: keep it whole
  if (rgba.width < 16 || rgba.height < 16) return framePhoto(rgba);
  const corners = cornerPatches(rgba);
  if (corners.filter((c) => c.alpha < 32).length >= 3) {
    return { ...cropToContent(rgba), method: 'transparent', ...source };
  }
  const bg = uniformBackground(corners);
  const alpha = bg ? backgroundAlpha(rgba, bg) : null;
  if (bg && alpha) {
    return {
      ...cropToContent(applyAlpha(rgba, alpha, bg)),
      method: 'background-removed',
      alpha,
      background: bg,
      ...source,
    };
  }
  return framePhoto(rgba);
}

/**
 * The cut-out at the size it is drawn, made the same way as `plan` but from `pixels`: the
 * part of a larger copy of the picture the plan was made on (the plan's box, scaled up), already
 * resized to the drawn size. A product drawn large stays sharp while the background is still
 * found on the small copy.
 */
export function cutOutSprite(plan: CutOutPlan, pixels: Raster): Raster {
  if (plan.method === 'framed') return frameInPlace(pixels);
  if (plan.method === 'transparent' || !plan.alpha || !plan.background) return pixels;
  const mask = resampleMask(plan.alpha, plan.sourceWidth, plan.sourceHeight, plan.box, pixels.width, pixels.height);
  return applyAlpha(pixels, mask, plan.background);
}
