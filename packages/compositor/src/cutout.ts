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
 * How a picture is cut, so the cut can be drawn from a larger copy of the picture at the size it ends up in the
 * scene (see `cutOutSprite`). The cut-out picture itself is not made: the scene never draws it at this size.
 */
export interface CutOutPlan {
  method: CutOut['method'];
  /** The part of the picture that is kept (where `CutOut.image` lies in it). */
  box: Box;
  /** Size of the picture that was cut. */
  sourceWidth: number;
  sourceHeight: number;
  /** For 'background-removed': the object's alpha over the whole picture (0–1), and the background colour. */
  alpha?: Float32Array;
  background?: [number, number, number];
}

/**
 * How far (RGB distance) a pixel may be from the background colour and still count as background, on a clean
 * backdrop. It is small: a white sofa or a cream umbrella on an off-white backdrop is only 10–30 away from it, and
 * joining everything within 34 (as the fill once did) cut such products away to a ghost of their outline. A noisy
 * backdrop (a photo's grain) widens it (`fillThresholds`).
 */
const BACKGROUND_TOLERANCE = 4;
/**
 * A smooth gradient (a backdrop's fall-off, a soft shadow) may drift further than that, one small step at a time:
 * at most this much per channel from the neighbour it is reached from. A product's outline, however pale, steps by
 * more than this from one pixel to the next, so the fill stops there rather than walking into it.
 */
const GRADIENT_STEP = 1.5;
const GRADIENT_REACH = 75;
/** Backdrop the object encloses (between a chair's legs): a patch this wide (2r + 1) all within HOLE_TOLERANCE. */
const HOLE_RADIUS = 4;
const HOLE_TOLERANCE = 1.5;

/** The fill's thresholds for a backdrop whose corners vary by `noise` (RGB distance from their mean). */
function fillThresholds(noise: number): { tolerance: number; step: number; hole: number } {
  return {
    tolerance: clamp(2 + 1.25 * noise, BACKGROUND_TOLERANCE, 34),
    step: clamp(noise / 2, GRADIENT_STEP, 5),
    hole: clamp(noise / 2, HOLE_TOLERANCE, 8),
  };
}

/**
 * A soft shadow on the backdrop is the backdrop's colour, only darker (no hue of its own). It is
 * followed as far as it fades gently, so a catalogue photo's floor shadow goes with the backdrop:
 * in a scene it would be a pale grey blob, and the compositor casts shadows of its own.
 */
const SHADE_CHROMA = 14;
const SHADE_DARKEST = 0.45;

/** Whether a pixel is the background colour darkened evenly (a shadow on it) rather than a colour of its own. */
function isShadeOf(d: Uint8Array, i: number, bg: [number, number, number], chroma = SHADE_CHROMA): boolean {
  const k = (d[i]! + d[i + 1]! + d[i + 2]!) / Math.max(1, bg[0] + bg[1] + bg[2]);
  if (k < SHADE_DARKEST || k > 1.02) return false;
  return colourDistanceSq(d, i, bg[0] * k, bg[1] * k, bg[2] * k) <= chroma * chroma;
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

/** A pixel of the fill's grid: not looked at yet, background, near enough to join by a gentle step, or never. */
const UNSEEN = 0;
const BACKGROUND = 1;
const GENTLE = 2;
const NEVER = 3;

interface Flooded {
  /** 1 where the pixel is background. */
  isBackground: Uint8Array;
  /** The smallest box holding every other pixel (right < 0 when there is none). */
  object: { left: number; right: number; top: number; bottom: number };
}

/** Marks the background reachable from the border: close to the background colour, or a gentle gradient from it. */
function floodBackground(img: Raster, bg: [number, number, number], noise: number): Flooded {
  const { data, width, height } = img;
  const thresholds = fillThresholds(noise);
  const tolSq = thresholds.tolerance ** 2;
  const reachSq = GRADIENT_REACH * GRADIENT_REACH;
  const stepSq = thresholds.step ** 2 * 3;
  const holeSq = thresholds.hole ** 2;
  // the fill runs on a grid with a one-pixel frame that never joins: no bounds checks, no division per pixel
  const stride = width + 2;
  const state = new Uint8Array(stride * (height + 2));
  state.fill(NEVER, 0, stride);
  state.fill(NEVER, (height + 1) * stride);
  for (let y = 1; y <= height; y++) {
    state[y * stride] = NEVER;
    state[y * stride + width + 1] = NEVER;
  }
  // pixels that joined by a gentle step rather than by being the backdrop's colour
  const stepped = new Uint8Array(state.length);
  // whether a pixel joins depends only on it and the neighbour it is reached from, never on the order of the fill:
  // its own test is done once, the first time it is reached
  const join = (c: number, i: number, r: number, g: number, b: number): boolean => {
    let s = state[c]!;
    if (s === UNSEEN) {
      const toBg = colourDistanceSq(data, i, bg[0], bg[1], bg[2]);
      if (toBg <= tolSq) {
        state[c] = BACKGROUND;
        return true;
      }
      s = toBg <= reachSq || isShadeOf(data, i, bg) ? GENTLE : NEVER;
      state[c] = s;
    }
    if (s === GENTLE && colourDistanceSq(data, i, r, g, b) <= stepSq) {
      state[c] = BACKGROUND;
      stepped[c] = 1;
      return true;
    }
    return false;
  };
  // a scanline fill: runs of background in a row, each run's rows above and below scanned once. Pending runs are
  // already marked; each holds its first cell, that pixel's byte offset and its length. Few are pending at a time.
  let pending = new Int32Array(3 * 1024);
  let runs = 0;
  const push = (c: number, i: number, length: number) => {
    if (3 * runs === pending.length) {
      const more = new Int32Array(pending.length * 2);
      more.set(pending);
      pending = more;
    }
    pending[3 * runs] = c;
    pending[3 * runs + 1] = i;
    pending[3 * runs + 2] = length;
    runs++;
  };
  const seed = (x: number, y: number) => {
    const c = (y + 1) * stride + x + 1;
    if (state[c] !== UNSEEN) return;
    const i = (y * width + x) * 4;
    // the border has no neighbour to step from: only pixels near the colour itself
    if (colourDistanceSq(data, i, bg[0], bg[1], bg[2]) <= tolSq) {
      state[c] = BACKGROUND;
      push(c, i, 1);
    }
  };
  // backdrop the object encloses (between a chair's legs, inside a frame): a flat patch of its exact colour
  const seedHoles = (rect: { x: number; y: number; width: number; height: number }) => {
    const r = HOLE_RADIUS;
    const exact = new Uint8Array(rect.width * rect.height);
    for (let y = 0, q = 0; y < rect.height; y++) {
      for (let x = 0, i = ((rect.y + y) * width + rect.x) * 4; x < rect.width; x++, q++, i += 4) {
        const dr = data[i]! - bg[0];
        const dg = data[i + 1]! - bg[1];
        const db = data[i + 2]! - bg[2];
        exact[q] = dr * dr + dg * dg + db * db <= holeSq ? 1 : 0;
      }
    }
    const sums = boxSums(exact, rect.width, rect.height, r);
    const full = (2 * r + 1) ** 2;
    for (let y = r, q = 0; y < rect.height - r; y++) {
      q = y * rect.width + r;
      for (let x = r; x < rect.width - r; x++, q++) {
        if (sums[q] !== full) continue;
        const c = (rect.y + y + 1) * stride + rect.x + x + 1;
        if (state[c] !== UNSEEN) continue;
        state[c] = BACKGROUND;
        push(c, ((rect.y + y) * width + rect.x + x) * 4, 1);
      }
    }
  };
  for (let x = 0; x < width; x++) {
    seed(x, 0);
    seed(x, height - 1);
  }
  for (let y = 0; y < height; y++) {
    seed(0, y);
    seed(width - 1, y);
  }
  const rowBytes = width * 4;
  const drain = () => {
    while (runs > 0) {
      runs--;
      let left = pending[3 * runs]!;
      let leftByte = pending[3 * runs + 1]!;
      let right = left + pending[3 * runs + 2]! - 1;
      let rightByte = leftByte + (right - left) * 4;
      // the frame never joins, so these stop at the picture's edge
      while (
        state[left - 1] !== BACKGROUND &&
        join(left - 1, leftByte - 4, data[leftByte]!, data[leftByte + 1]!, data[leftByte + 2]!)
      ) {
        left--;
        leftByte -= 4;
      }
      while (
        state[right + 1] !== BACKGROUND &&
        join(right + 1, rightByte + 4, data[rightByte]!, data[rightByte + 1]!, data[rightByte + 2]!)
      ) {
        right++;
        rightByte += 4;
      }
      for (let side = 0; side < 2; side++) {
        const cellStep = side === 0 ? -stride : stride;
        const byteStep = side === 0 ? -rowBytes : rowBytes;
        let start = -1;
        let startByte = 0;
        for (let c = left, i = leftByte; c <= right; c++, i += 4) {
          const q = c + cellStep;
          if (state[q] !== BACKGROUND && join(q, i + byteStep, data[i]!, data[i + 1]!, data[i + 2]!)) {
            if (start < 0) {
              start = q;
              startByte = i + byteStep;
            }
          } else if (start >= 0) {
            push(start, startByte, q - start);
            start = -1;
          }
        }
        if (start >= 0) push(start, startByte, right + cellStep + 1 - start);
      }
    }
  };
  drain();
  // what the fill left, with room around it for the closing: the passes below look only there
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0, c = (y + 1) * stride + 1; x < width; x++, c++) {
      if (state[c] === BACKGROUND) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (top === height) top = y;
      bottom = y;
    }
  }
  const margin = Math.max(CLOSE_RADIUS, HOLE_RADIUS) + 1;
  const rect = {
    x: Math.max(0, left - margin),
    y: Math.max(0, top - margin),
    width: right < 0 ? 0 : Math.min(width - 1, right + margin) - Math.max(0, left - margin) + 1,
    height: right < 0 ? 0 : Math.min(height - 1, bottom + margin) - Math.max(0, top - margin) + 1,
  };
  seedHoles(rect);
  drain();
  const isBackground = new Uint8Array(width * height);
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0, c = (y + 1) * stride + 1; x < width; x++, c++, p++)
      isBackground[p] = state[c] === BACKGROUND ? 1 : 0;
  }
  // a pale textured piece (a boucle chair, its dots on a cream barely off the backdrop) lets the fill seep between
  // its dots: what seeped in by gentle steps and lies within the object's closed outline is given back to it
  const solid = new Uint8Array(rect.width * rect.height);
  let objectPixels = 0;
  let seeped = 0;
  for (let y = 0, q = 0; y < rect.height; y++) {
    let c = (rect.y + y + 1) * stride + rect.x + 1;
    for (let x = 0, p = (rect.y + y) * width + rect.x; x < rect.width; x++, p++, q++, c++) {
      solid[q] = isBackground[p] ? 0 : 1;
      objectPixels += solid[q]!;
      seeped += stepped[c]!;
    }
  }
  // a piece with a crisp outline has next to nothing seeped in: nothing to give back
  if (seeped > SEEPED_SHARE * objectPixels) {
    const closed = closeObject(solid, rect.width, rect.height, CLOSE_RADIUS);
    const backdropSum = bg[0] + bg[1] + bg[2];
    for (let y = 0, q = 0; y < rect.height; y++) {
      let p = (rect.y + y) * width + rect.x;
      let c = (rect.y + y + 1) * stride + rect.x + 1;
      for (let x = 0; x < rect.width; x++, p++, c++, q++) {
        if (!closed[q] || !isBackground[p] || !stepped[c]) continue;
        // not the backdrop's shadow under the piece, which is darker than anything pale enough to seep through
        const i = p * 4;
        if (data[i]! + data[i + 1]! + data[i + 2]! >= PALE_SHARE * backdropSum) isBackground[p] = 0;
      }
    }
  }
  peelShadow(img, isBackground, bg);
  dropShadowScraps(img, isBackground, bg);
  const object = { left: width, right: -1, top: height, bottom: -1 };
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, p++) {
      if (isBackground[p]) continue;
      if (x < object.left) object.left = x;
      if (x > object.right) object.right = x;
      if (object.top === height) object.top = y;
      object.bottom = y;
    }
  }
  return { isBackground, object };
}

/**
 * A floor shadow's steep inner part is walked by steps up to this far (RGB distance) from the pixel it is reached
 * from, as long as it is a shade of the backdrop and grows darker or stays level. A product's outline steps by far more
 * (a pale lamp's base on its shadow steps brighter, a dark one by much more), so the walk stops at it.
 */
const SHADOW_STEP = 24;
/** Its first step off the backdrop: a shadow fades in, a pale product's outline steps at once. */
const SHADOW_ENTRY = 6;
/** The lowest share of the object's height a floor shadow is looked for in. */
const SHADOW_BAND = 0.15;
/** The darkest a floor shadow's pixel is, a share of the backdrop's brightness: a darker pixel is the product's. */
const SHADOW_DARKEST = 0.68;
/** How far from the backdrop's colour darkened (RGB distance) a shadow's pixel may be: a shadow has no hue. */
const SHADOW_CHROMA = 3;
/** How much brighter (summed over RGB) a shadow's pixel may be than the one it is reached from: the grain of a photo. */
const SHADOW_BRIGHTER = 6;
/** A shadow is peeled only where it is this much darker than the backdrop (a share of its brightness) at its core. */
const SHADOW_CORE = 0.97;

/**
 * Peels a catalogue photo's floor shadow off the product it touches (the pale patch under a lamp's base that the
 * fill's small steps could not walk, since its inner part falls off steeply): from the backdrop, in the object's lowest
 * rows (SHADOW_BAND), through pixels that are a hueless shade of it (SHADOW_CHROMA) no darker than SHADOW_DARKEST, each
 * as dark as the one before or darker and within SHADOW_STEP of it (SHADOW_ENTRY off the backdrop itself). A grey
 * stone bowl or a white mattress is a shade of the backdrop too: the band, the darkest share and the gentle entry keep
 * the walk out of them (the catalogue photos keep every pixel they kept before). A walk that found no real shadow
 * (nothing darker than SHADOW_CORE of the backdrop) gives its pixels back.
 */
function peelShadow(img: Raster, isBackground: Uint8Array, bg: [number, number, number]): void {
  const { data, width } = img;
  const n = data.length / 4;
  const stepSq = SHADOW_STEP * SHADOW_STEP;
  const entrySq = SHADOW_ENTRY * SHADOW_ENTRY;
  const backdropSum = bg[0] + bg[1] + bg[2];
  const peeled = new Uint8Array(n);
  const queue = new Int32Array(n);
  let tail = 0;
  // the walk starts from the object's edge: its pixels that touch the backdrop
  for (let p = 0; p < n; p++) {
    if (!isBackground[p]) continue;
    const x = p % width;
    if (
      (x > 0 && !isBackground[p - 1]) ||
      (x < width - 1 && !isBackground[p + 1]) ||
      (p >= width && !isBackground[p - width]) ||
      (p + width < n && !isBackground[p + width])
    ) {
      queue[tail++] = p;
    }
  }
  const sumOf = (p: number) => data[p * 4]! + data[p * 4 + 1]! + data[p * 4 + 2]!;
  // a floor shadow lies at the object's foot: only its lowest rows are walked
  let top = -1;
  let bottom = -1;
  for (let p = 0; p < n; p++) {
    if (isBackground[p]) continue;
    const y = Math.floor(p / width);
    if (top < 0) top = y;
    bottom = y;
  }
  if (top < 0) return;
  const firstRow = bottom - (bottom - top + 1) * SHADOW_BAND;
  const darkestSum = SHADOW_DARKEST * backdropSum;
  let head = 0;
  let darkest = backdropSum;
  const visit = (from: number, p: number) => {
    if (isBackground[p] || peeled[p] || p < firstRow * width) return;
    if (sumOf(p) < darkestSum) return;
    const i = p * 4;
    if (!isShadeOf(data, i, bg, SHADOW_CHROMA)) return;
    const j = from * 4;
    if (sumOf(p) > sumOf(from) + SHADOW_BRIGHTER) return;
    const step = colourDistanceSq(data, i, data[j]!, data[j + 1]!, data[j + 2]!);
    // it steps off the backdrop gently, as a shadow fades in; steeply only further in
    if (step > (isBackground[from] ? entrySq : stepSq)) return;
    peeled[p] = 1;
    darkest = Math.min(darkest, sumOf(p));
    queue[tail++] = p;
  };
  while (head < tail) {
    const p = queue[head++]!;
    const x = p % width;
    if (x > 0) visit(p, p - 1);
    if (x < width - 1) visit(p, p + 1);
    if (p >= width) visit(p, p - width);
    if (p + width < n) visit(p, p + width);
  }
  if (darkest > SHADOW_CORE * backdropSum) return;
  for (let p = 0; p < n; p++) if (peeled[p]) isBackground[p] = 1;
}

/** A scrap smaller than this share of the object's pixels, and only shadow, goes with the backdrop. */
const SCRAP_SHARE = 0.03;

/**
 * The steep inner part of a catalogue photo's floor shadow, which the fill's small steps cannot walk, is left as
 * scraps apart from the product: pieces in which every pixel is the backdrop's colour or a shade of it. Small ones
 * go with the backdrop (in place); a pale product in one piece is far larger than a scrap.
 */
function dropShadowScraps(img: Raster, isBackground: Uint8Array, bg: [number, number, number]): void {
  const { data, width, height } = img;
  const label = new Int32Array(width * height).fill(-1);
  const pieces: Array<{ size: number; ownColour: boolean }> = [];
  const queue = new Int32Array(width * height);
  let total = 0;
  for (let start = 0; start < label.length; start++) {
    if (isBackground[start] || label[start] !== -1) continue;
    const id = pieces.length;
    const piece = { size: 0, ownColour: false };
    pieces.push(piece);
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    label[start] = id;
    while (head < tail) {
      const p = queue[head++]!;
      piece.size++;
      if (!piece.ownColour && !isShadeOf(data, p * 4, bg)) {
        piece.ownColour = colourDistanceSq(data, p * 4, bg[0], bg[1], bg[2]) > 4 * BACKGROUND_TOLERANCE ** 2;
      }
      const x = p % width;
      if (x > 0 && !isBackground[p - 1] && label[p - 1] === -1) {
        label[p - 1] = id;
        queue[tail++] = p - 1;
      }
      if (x < width - 1 && !isBackground[p + 1] && label[p + 1] === -1) {
        label[p + 1] = id;
        queue[tail++] = p + 1;
      }
      if (p >= width && !isBackground[p - width] && label[p - width] === -1) {
        label[p - width] = id;
        queue[tail++] = p - width;
      }
      if (p + width < label.length && !isBackground[p + width] && label[p + width] === -1) {
        label[p + width] = id;
        queue[tail++] = p + width;
      }
    }
    total += piece.size;
  }
  const scrap = pieces.map((piece) => !piece.ownColour && piece.size < SCRAP_SHARE * total);
  if (!scrap.some(Boolean)) return;
  for (let p = 0; p < label.length; p++) if (label[p]! >= 0 && scrap[label[p]!]) isBackground[p] = 1;
}

/** How wide a gap between parts of the object (2r + 1 pixels) is closed, where the fill only seeped into it. */
const CLOSE_RADIUS = 4;
/** The closing runs when the fill reached more than this share of the object's size by gentle steps. */
const SEEPED_SHARE = 0.02;
/** Only pixels at least this bright (a share of the backdrop's brightness) are given back by the closing. */
const PALE_SHARE = 0.9;

/**
 * How many pixels are set in the (2r + 1)² square around each pixel (at most 255), beyond the edges counting none:
 * a running sum along each row, then down the columns, one row at a time.
 */
function boxSums(src: Uint8Array, width: number, height: number, r: number): Uint8Array {
  const rows = new Uint8Array(src.length);
  for (let y = 0; y < height; y++) {
    const o = y * width;
    let sum = 0;
    for (let x = 0; x < Math.min(r, width); x++) sum += src[o + x]!;
    for (let x = 0; x < width; x++) {
      if (x + r < width) sum += src[o + x + r]!;
      rows[o + x] = sum;
      if (x - r >= 0) sum -= src[o + x - r]!;
    }
  }
  const out = new Uint8Array(src.length);
  const acc = new Int32Array(width);
  const add = (row: number, sign: number) => {
    const o = row * width;
    for (let x = 0; x < width; x++) acc[x]! += sign * rows[o + x]!;
  };
  for (let y = 0; y < Math.min(r, height); y++) add(y, 1);
  for (let y = 0; y < height; y++) {
    if (y + r < height) add(y + r, 1);
    const o = y * width;
    for (let x = 0; x < width; x++) out[o + x] = acc[x]!;
    if (y - r >= 0) add(y - r, -1);
  }
  return out;
}

/** An object mask (1 = object) closed by a square of side 2r + 1: dilated, then eroded. */
function closeObject(object: Uint8Array, width: number, height: number, r: number): Uint8Array {
  const n = width * height;
  const near = boxSums(object, width, height, r);
  const dilated = new Uint8Array(n);
  for (let p = 0; p < n; p++) dilated[p] = near[p]! > 0 ? 1 : 0;
  const full = (2 * r + 1) ** 2;
  const inside = boxSums(dilated, width, height, r);
  const closed = new Uint8Array(n);
  for (let p = 0; p < n; p++) closed[p] = inside[p] === full ? 1 : 0;
  return closed;
}

interface Feathered {
  /** The object's alpha, 0–1 per pixel. */
  alpha: Float32Array;
  /** How many pixels are not fully transparent. */
  kept: number;
  /** The smallest box holding every pixel that shows once cut out (alpha above 8 of 255), or null. */
  visible: Box | null;
}

/**
 * Alpha from the object mask: the outermost pixel ring eroded, then softened inward only, so no background halo
 * survives. Worked out only around the object (two pixels of margin, as far as the blurs reach): the rest is 0.
 */
function featheredAlpha(img: Raster, { isBackground, object }: Flooded): Feathered {
  const { width, height } = img;
  const alpha = new Float32Array(width * height);
  if (object.right < 0) return { alpha, kept: 0, visible: null };
  const x0 = Math.max(0, object.left - 2);
  const y0 = Math.max(0, object.top - 2);
  const w = Math.min(width - 1, object.right + 2) - x0 + 1;
  const h = Math.min(height - 1, object.bottom + 2) - y0 + 1;
  const eroded = new Float32Array(w * h);
  for (let y = y0; y < y0 + h; y++) {
    for (let x = x0; x < x0 + w; x++) {
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
      eroded[(y - y0) * w + x - x0] = inside ? 1 : 0.35;
    }
  }
  const blurred = boxBlur3(boxBlur3(eroded, w, h), w, h);
  let kept = 0;
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = (y + y0) * width + x + x0;
      if (isBackground[p]) continue;
      const a = Math.min(1, blurred[y * w + x]! * 1.15);
      alpha[p] = a;
      if (a <= 0) continue;
      kept++;
      // what `applyAlpha` writes, rounded to a byte, is above 8 exactly when this is above 8.5
      if (a * img.data[p * 4 + 3]! > 8.5) {
        const px = x + x0;
        if (px < left) left = px;
        if (px > right) right = px;
        if (top === height) top = y + y0;
        bottom = y + y0;
      }
    }
  }
  const visible = right < 0 ? null : { left, top, width: right - left + 1, height: bottom - top + 1 };
  return { alpha, kept, visible };
}

/**
 * A 3 × 3 box blur of a one-channel float mask, edges repeated: less CPU than a round trip through sharp
 * (bench/render-ops.ts).
 */
export function boxBlur3(src: Float32Array, width: number, height: number): Float32Array {
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
    if (a >= 0.98) {
      // solid: the colour as it is
      out[i] = data[i]!;
      out[i + 1] = data[i + 1]!;
      out[i + 2] = data[i + 2]!;
      clamped[i + 3] = a * data[i + 3]!;
      continue;
    }
    unmixEdge(clamped, data, i, a, bg);
  }
  return { data: out, width, height, channels: 4 };
}

/**
 * Writes pixel `i` of `from` with opacity `a` into `to`: edge pixels are part background, so the background's share
 * is taken back out and no pale fringe remains.
 */
function unmixEdge(to: Uint8ClampedArray, from: Uint8Array, i: number, a: number, bg: [number, number, number]): void {
  const unmix = 1 / Math.max(a, 0.5);
  to[i] = bg[0] + (from[i]! - bg[0]) * unmix;
  to[i + 1] = bg[1] + (from[i + 1]! - bg[1]) * unmix;
  to[i + 2] = bg[2] + (from[i + 2]! - bg[2]) * unmix;
  to[i + 3] = a * from[i + 3]!;
}

/** The object's alpha once the background is taken away, or null when that leaves nothing (or everything). */
function backgroundAlpha(img: Raster, bg: [number, number, number], noise: number): Feathered | null {
  const { width, height } = img;
  const feathered = featheredAlpha(img, floodBackground(img, bg, noise));
  const { kept } = feathered;
  // nothing (or everything) left means the "background" was the picture itself
  if (kept < width * height * 0.01 || kept > width * height * 0.995) return null;
  return feathered;
}

/**
 * `applyAlpha` with the part `box` of a mask (`width` × `height`) resampled bilinearly (pixel centres aligned) to
 * the picture's size, in one pass and in place (each pixel depends only on itself).
 */
function applyResampledAlpha(
  img: Raster,
  mask: Float32Array,
  width: number,
  height: number,
  box: Box,
  bg: [number, number, number],
): Raster {
  const { data, width: toWidth, height: toHeight } = img;
  // writes through a clamped view round and clamp to 0–255 natively
  const clamped = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
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
    let i = y * toWidth * 4;
    for (let x = 0; x < toWidth; x++, i += 4) {
      const x0 = x0s[x]!;
      const x1 = x1s[x]!;
      const fx = fxs[x]!;
      const top = mask[row0 + x0]! + (mask[row0 + x1]! - mask[row0 + x0]!) * fx;
      const bottom = mask[row1 + x0]! + (mask[row1 + x1]! - mask[row1 + x0]!) * fx;
      // the mask value at 32-bit precision, as a resampled mask array would hold it
      const a = Math.fround(top + (bottom - top) * fy);
      if (a <= 0) {
        data[i] = data[i + 1] = data[i + 2] = data[i + 3] = 0;
        continue;
      }
      if (a >= 0.98) {
        clamped[i + 3] = a * data[i + 3]!;
        continue;
      }
      unmixEdge(clamped, data, i, a, bg);
    }
  }
  return img;
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
function framePlan(img: Raster): CutOutPlan {
  return { method: 'framed', box: printBox(img.width, img.height), sourceWidth: img.width, sourceHeight: img.height };
}

/** The smallest box holding what is visible (alpha above 8), or the whole picture when nothing is. */
function contentBox(image: Raster): Box {
  const bounds = alphaBounds(image, 8);
  return bounds
    ? {
        left: bounds.left,
        top: bounds.top,
        width: bounds.right - bounds.left + 1,
        height: bounds.bottom - bounds.top + 1,
      }
    : { left: 0, top: 0, width: image.width, height: image.height };
}

/**
 * How to cut a product out of its photo: an existing transparent background is kept; a plain
 * background (all four corners alike) is flood-filled away from the border with a feathered
 * edge; anything else is kept whole as a framed print.
 */
export function planCutOut(rgba: Raster): CutOutPlan {
  const source = { sourceWidth: rgba.width, sourceHeight: rgba.height };
  // too small to judge a background: keep it whole
  if (rgba.width < 16 || rgba.height < 16) return framePlan(rgba);
  const corners = cornerPatches(rgba);
  if (corners.filter((c) => c.alpha < 32).length >= 3) {
    return { method: 'transparent', box: contentBox(rgba), ...source };
  }
  const bg = uniformBackground(corners);
  const noise = Math.max(...corners.map((c) => c.spread));
  const cut = bg ? backgroundAlpha(rgba, bg, noise) : null;
  if (bg && cut) {
    const box = cut.visible ?? { left: 0, top: 0, width: rgba.width, height: rgba.height };
    return { method: 'background-removed', box, alpha: cut.alpha, background: bg, ...source };
  }
  return framePlan(rgba);
}

/** Cuts a product out of its photo as `planCutOut` says, cropped to what is kept. */
export function cutOutProduct(rgba: Raster): CutOut & CutOutPlan {
  const plan = planCutOut(rgba);
  const { left, top, width, height } = plan.box;
  if (plan.method === 'framed') return { ...plan, image: frameInPlace(cropRaster(rgba, left, top, width, height)) };
  const kept = plan.alpha && plan.background ? applyAlpha(rgba, plan.alpha, plan.background) : rgba;
  return { ...plan, image: cropRaster(kept, left, top, width, height) };
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
  return applyResampledAlpha(pixels, plan.alpha, plan.sourceWidth, plan.sourceHeight, plan.box, plan.background);
}
