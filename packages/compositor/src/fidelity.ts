import sharp from 'sharp';
import { maskShare } from './inpaint/erase-mask';
import type { Placement } from './layout';
import type { LayoutBasis } from './render-local-design';

/** A rectangle in the after image's pixels. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * What a render kept of the person's room and which chosen products it shows. `structureKept` is 0–1: how well the
 * lines of the photo (walls, windows, floor) and of the render agree outside the product regions.
 */
export interface FidelityReceipt {
  structureKept: number;
  productsPresent: number;
  productsChosen: number;
  /** `placed`: the local engine drew them, so they are there by construction; `matched`: found in the picture. */
  method: 'placed' | 'matched';
  /** The product count is a guess from picture matching, not a fact. */
  weakEstimate: boolean;
  /**
   * Where the local engine's placements came from: the seeded space's layout, an estimate of an uploaded photo's
   * floor, the safe row it falls back to when that estimate is weak, or the person's own adjustment.
   * Absent for a remote engine's picture.
   */
  layout?: LayoutBasis;
  /**
   * An uploaded photo's: the share (0–1) of its furniture and openings the products hide (the pieces they replace
   * left out). `structureKept` is already lowered by it, so a render pasted over the room's sofa cannot keep 100%.
   */
  hidden?: number;
  /** An uploaded photo's local render: how many products stand on the floor or ground. */
  onFloor?: number;
  /** Why products were left out ('no free floor for the sofa'), one reason each. */
  leftOut?: string[];
  /** How many regions of the photo were erased ('2 pieces removed'); absent when none were. */
  erased?: number;
  /** How many products the person removed in the adjuster: not among `productsChosen`; absent when none. */
  removedByYou?: number;
}

/** How the products are counted: drawn by the local engine, or to be found in a remote engine's picture. */
export type ProductEvidence =
  | {
      method: 'placed';
      chosen: number;
      placedIndexes: number[];
      layout: LayoutBasis;
      /** Placed on an uploaded photo's geometry: how many stand on the floor, and why any were left out. */
      onFloor?: number;
      leftOut?: string[];
      /**
       * How many of the chosen the person removed (not drawn, not among `placedIndexes`): a choice, so they are
       * counted apart from the chosen, not as missing.
       */
      removed?: number;
    }
  | {
      method: 'matched';
      /** Each chosen product's picture (its background is left out of the match), by index. */
      cutOuts: Uint8Array[];
      /** Where each product was allowed to go, by index; a product with none cannot be there. */
      regions: (Box | null)[];
    };

export interface FidelityInput {
  /** The space photo as the person sent it, encoded. */
  before: Uint8Array;
  /** The render, encoded. It shows the photo's middle at the render's shape, as the engines frame it. */
  after: Uint8Array;
  /** Where products stand in the after image: their pixels and shadows are meant to change. */
  productRegions: Box[];
  products: ProductEvidence;
  maxInputPixels: number;
  /**
   * The share (0–1) of the photo's furniture and openings the render hides (measured where it was drawn or
   * planned): the room kept is the edges' score times what is left of them.
   */
  hidden?: number;
  /**
   * What the render erased from the photo (decision 0047), its mask in the after picture's pixels: left out of the
   * edge comparison and counted as not kept, so the fill can never raise the room kept.
   */
  erased?: { mask: Uint8Array; width: number; height: number; regions: number };
}

/** Both pictures are compared this wide: a room's lines survive it, and the whole pass stays in milliseconds. */
const ANALYSIS_WIDTH = 320;
/** An edge in one picture counts as kept when the other has one this close (analysis pixels). */
const EDGE_TOLERANCE = 2;
/** Edges are the gradients above this share of the picture's strong ones, so a regrade does not erase lines. */
const RELATIVE_EDGE_THRESHOLD = 0.3;
/** …and never below this (0–255 per pixel), so the noise of a flat wall is not a line. */
const MIN_EDGE_STRENGTH = 10;
/** Product regions grow by this share of their size, and a few pixels, for the shadows drawn around them. */
const REGION_MARGIN = 0.12;
/** Products are looked for at this width: they are large, and the search is a brute-force correlation. */
const MATCH_WIDTH = 200;
/** Scene and cut-out are softened alike, so half a pixel of misalignment does not break a match. */
const MATCH_BLUR = 1;
/** The sizes a cut-out is tried at, as shares of the largest that fits its region. */
const MATCH_SIZES = [1, 0.9, 0.8, 0.7, 0.6, 0.5];
/** Places tried per template size along each axis, at most every this share of its size. */
const MATCH_STEPS = 20;
/** A product counts as present when its best place in its region scores this (`matchScore`). */
const MATCH_THRESHOLD = 0.5;
/** Colours this far apart (mean per channel, 0–255) score nothing. */
const MAX_COLOUR_DISTANCE = 80;
/** A region that differs from the photo by less than this (mean per channel) was left as it was. */
const MIN_REGION_CHANGE = 6;

interface Grey {
  data: Uint8Array;
  width: number;
  height: number;
}

const decode = (bytes: Uint8Array, maxInputPixels: number) =>
  sharp(bytes, { failOn: 'none', autoOrient: true, limitInputPixels: maxInputPixels });

async function greyOf(bytes: Uint8Array, width: number, height: number, maxInputPixels: number): Promise<Grey> {
  const data = await decode(bytes, maxInputPixels)
    .resize(width, height, { fit: 'cover' })
    .flatten({ background: '#ffffff' })
    .toColourspace('b-w')
    // a light blur: JPEG blocks and sensor grain are not lines
    .blur(0.8)
    .raw()
    .toBuffer();
  return { data, width, height };
}

/** Sobel gradient magnitude (0–255 scale) of each inner pixel; the one-pixel border stays 0. */
function gradientOf({ data, width, height }: Grey): Float32Array {
  const out = new Float32Array(width * height);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1, i = y * width + 1; x < width - 1; x++, i++) {
      const a = data[i - width - 1]!;
      const b = data[i - width]!;
      const c = data[i - width + 1]!;
      const d = data[i - 1]!;
      const f = data[i + 1]!;
      const g = data[i + width - 1]!;
      const h = data[i + width]!;
      const k = data[i + width + 1]!;
      const gx = c + 2 * f + k - (a + 2 * d + g);
      const gy = g + 2 * h + k - (a + 2 * b + c);
      out[i] = Math.sqrt(gx * gx + gy * gy) / 4;
    }
  }
  return out;
}

/**
 * Pixels whose gradient is strong for this picture: a share of the 98th percentile of the room's gradients (the
 * product regions left out, so a high-contrast sofa does not raise the bar for the walls), with a floor.
 */
function edgesOf(gradient: Float32Array, room: Uint8Array): Uint8Array {
  const sorted = gradient.filter((_, i) => room[i] === 1).sort();
  const strong = sorted[Math.floor(sorted.length * 0.98)] ?? 0;
  const threshold = Math.max(MIN_EDGE_STRENGTH, strong * RELATIVE_EDGE_THRESHOLD);
  const edges = new Uint8Array(gradient.length);
  for (let i = 0; i < gradient.length; i++) edges[i] = gradient[i]! >= threshold ? 1 : 0;
  return edges;
}

/**
 * Every pixel within `radius` (a square) of an edge. Two running-max passes over a map of some 80 000 pixels cost
 * less than a round trip through sharp's dilate.
 */
function grow(edges: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const rows = new Uint8Array(edges.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      let on = 0;
      for (let dx = Math.max(0, x - radius); dx <= Math.min(width - 1, x + radius) && !on; dx++) on = edges[row + dx]!;
      rows[row + x] = on;
    }
  }
  const out = new Uint8Array(edges.length);
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) {
      let on = 0;
      for (let dy = Math.max(0, y - radius); dy <= Math.min(height - 1, y + radius) && !on; dy++) {
        on = rows[dy * width + x]!;
      }
      out[y * width + x] = on;
    }
  }
  return out;
}

/** Clears the room mask wherever any erased pixel falls in the analysis cell. */
function leaveOutErased(
  room: Uint8Array,
  width: number,
  height: number,
  erased: { mask: Uint8Array; width: number; height: number },
): void {
  const kx = width / erased.width;
  const ky = height / erased.height;
  for (let y = 0; y < erased.height; y++) {
    const row = Math.min(height - 1, Math.floor(y * ky)) * width;
    for (let x = 0; x < erased.width; x++) {
      if (erased.mask[y * erased.width + x]) room[row + Math.min(width - 1, Math.floor(x * kx))] = 0;
    }
  }
}

/** 1 where the room is to be compared, 0 inside the (grown) product regions. */
function roomMask(width: number, height: number, regions: Box[], scale: number): Uint8Array {
  const mask = new Uint8Array(width * height).fill(1);
  for (const region of regions) {
    const marginX = region.width * REGION_MARGIN + 3 / scale;
    const marginY = region.height * REGION_MARGIN + 3 / scale;
    const left = Math.max(0, Math.floor((region.x - marginX) * scale));
    const top = Math.max(0, Math.floor((region.y - marginY) * scale));
    const right = Math.min(width, Math.ceil((region.x + region.width + marginX) * scale));
    const bottom = Math.min(height, Math.ceil((region.y + region.height + marginY) * scale));
    for (let y = top; y < bottom; y++) mask.fill(0, y * width + left, y * width + Math.max(left, right));
  }
  return mask;
}

/**
 * How much of the room's structure the render kept, 0–1: the edges of the photo and of the render outside the
 * product regions, each looked for in the other within a couple of pixels; the F1 of the two shares. A repaint
 * that keeps every line scores near 1; a moved window loses its old lines and adds new ones, and scores lower.
 */
export async function measureStructureKept(
  before: Uint8Array,
  after: Uint8Array,
  productRegions: Box[],
  maxInputPixels: number,
  erased?: { mask: Uint8Array; width: number; height: number },
): Promise<number> {
  const meta = await decode(after, maxInputPixels).metadata();
  const afterWidth = meta.autoOrient?.width ?? meta.width;
  const afterHeight = meta.autoOrient?.height ?? meta.height;
  if (!afterWidth || !afterHeight) throw new Error('The render has no dimensions');
  const width = Math.min(ANALYSIS_WIDTH, afterWidth);
  const height = Math.max(8, Math.round((afterHeight * width) / afterWidth));
  const [beforeGrey, afterGrey] = await Promise.all([
    greyOf(before, width, height, maxInputPixels),
    greyOf(after, width, height, maxInputPixels),
  ]);
  const room = roomMask(width, height, productRegions, width / afterWidth);
  if (erased) leaveOutErased(room, width, height, erased);
  const beforeEdges = edgesOf(gradientOf(beforeGrey), room);
  const afterEdges = edgesOf(gradientOf(afterGrey), room);
  const nearBefore = grow(beforeEdges, width, height, EDGE_TOLERANCE);
  const nearAfter = grow(afterEdges, width, height, EDGE_TOLERANCE);

  let beforeCount = 0;
  let beforeKept = 0;
  let afterCount = 0;
  let afterKept = 0;
  for (let i = 0; i < room.length; i++) {
    if (!room[i]) continue;
    if (beforeEdges[i]) {
      beforeCount++;
      beforeKept += nearAfter[i]!;
    }
    if (afterEdges[i]) {
      afterCount++;
      afterKept += nearBefore[i]!;
    }
  }
  // a blank wall in both: nothing to lose
  if (beforeCount === 0 && afterCount === 0) return 1;
  const recall = beforeCount === 0 ? 0 : beforeKept / beforeCount;
  const precision = afterCount === 0 ? 0 : afterKept / afterCount;
  return recall + precision === 0 ? 0 : (2 * recall * precision) / (recall + precision);
}

/** The boxes a local render changed: each product with its shadow, and the cord of one hung from the top. */
export function regionsOfPlacements(placements: Placement[]): Box[] {
  return placements.map(({ x, y, width, height, cord }) => {
    if (!cord) return { x, y, width, height };
    const left = Math.min(x, cord.x);
    const right = Math.max(x + width, cord.x);
    return { x: left, y: 0, width: right - left, height: y + height };
  });
}

interface Rgb {
  data: Uint8Array;
  width: number;
  height: number;
}

/** A product's picture at a size, with a mask of its own pixels: those unlike the colour of its corners. */
async function templateOf(
  cutOut: Uint8Array,
  width: number,
  height: number,
  maxInputPixels: number,
): Promise<{ rgb: Rgb; mask: Uint8Array; count: number }> {
  const data = await decode(cutOut, maxInputPixels)
    .resize(width, height, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer();
  const blurred = await sharp(data, { raw: { width, height, channels: 3 } })
    .blur(MATCH_BLUR)
    .raw()
    .toBuffer();
  const corner = (x: number, y: number) => (y * width + x) * 3;
  const corners = [corner(0, 0), corner(width - 1, 0), corner(0, height - 1), corner(width - 1, height - 1)];
  const bg = [0, 1, 2].map((c) => corners.reduce((sum, i) => sum + data[i + c]!, 0) / corners.length);
  const mask = new Uint8Array(width * height);
  let count = 0;
  for (let p = 0; p < mask.length; p++) {
    const distance =
      Math.abs(data[p * 3]! - bg[0]!) + Math.abs(data[p * 3 + 1]! - bg[1]!) + Math.abs(data[p * 3 + 2]! - bg[2]!);
    if (distance > 36) {
      mask[p] = 1;
      count++;
    }
  }
  return { rgb: { data: blurred, width, height }, mask, count };
}

/**
 * Normalised cross-correlation of the template's own pixels with the scene at (ox, oy), each channel about its own
 * mean: a match of shape and shading, which a beige wall cannot earn by merely sharing a yellow sofa's hue order.
 */
function matchAt(
  scene: Rgb,
  template: Rgb,
  mask: Uint8Array,
  count: number,
  ox: number,
  oy: number,
): { correlation: number; colourDistance: number } {
  const sumS = [0, 0, 0];
  const sumT = [0, 0, 0];
  for (let y = 0; y < template.height; y++) {
    for (let x = 0; x < template.width; x++) {
      if (!mask[y * template.width + x]) continue;
      const s = ((oy + y) * scene.width + ox + x) * 3;
      const t = (y * template.width + x) * 3;
      for (let c = 0; c < 3; c++) {
        sumS[c]! += scene.data[s + c]!;
        sumT[c]! += template.data[t + c]!;
      }
    }
  }
  const meanS = sumS.map((sum) => sum / count);
  const meanT = sumT.map((sum) => sum / count);
  let cross = 0;
  let varS = 0;
  let varT = 0;
  let distance = 0;
  for (let y = 0; y < template.height; y++) {
    for (let x = 0; x < template.width; x++) {
      if (!mask[y * template.width + x]) continue;
      const s = ((oy + y) * scene.width + ox + x) * 3;
      const t = (y * template.width + x) * 3;
      for (let c = 0; c < 3; c++) {
        distance += Math.abs(scene.data[s + c]! - template.data[t + c]!);
        const ds = scene.data[s + c]! - meanS[c]!;
        const dt = template.data[t + c]! - meanT[c]!;
        cross += ds * dt;
        varS += ds * ds;
        varT += dt * dt;
      }
    }
  }
  return {
    correlation: varS === 0 || varT === 0 ? 0 : cross / Math.sqrt(varS * varT),
    colourDistance: distance / (count * 3),
  };
}

/** The template's match at one place, 0–1: shape and shading agree (correlation) and so do the colours. */
const matchScore = (correlation: number, colourDistance: number) =>
  Math.max(0, correlation) * Math.max(0, 1 - colourDistance / MAX_COLOUR_DISTANCE);

/** Mean absolute difference (0–255, all channels) of two same-size pictures inside a box of their pixels. */
function meanDifference(a: Rgb, b: Rgb, left: number, top: number, right: number, bottom: number): number {
  let sum = 0;
  for (let y = top; y < bottom; y++) {
    for (let i = (y * a.width + left) * 3; i < (y * a.width + right) * 3; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
  }
  const n = (right - left) * (bottom - top) * 3;
  return n === 0 ? 0 : sum / n;
}

/**
 * Whether the product's picture appears in its region of the render. A region the render left as the photo had it
 * holds nothing new; otherwise the cut-out, at a few sizes that fit the region, is slid over the region (and a
 * margin around it) and the best place scored on shape and colour.
 */
async function isProductInRegion(
  scene: Rgb,
  photo: Rgb,
  scale: number,
  cutOut: Uint8Array,
  region: Box,
  maxInputPixels: number,
): Promise<boolean> {
  const meta = await decode(cutOut, maxInputPixels)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) return false;
  const clampX = (v: number) => Math.max(0, Math.min(scene.width, v));
  const clampY = (v: number) => Math.max(0, Math.min(scene.height, v));
  const inLeft = clampX(Math.floor(region.x * scale));
  const inTop = clampY(Math.floor(region.y * scale));
  const inRight = clampX(Math.ceil((region.x + region.width) * scale));
  const inBottom = clampY(Math.ceil((region.y + region.height) * scale));
  if (meanDifference(scene, photo, inLeft, inTop, inRight, inBottom) < MIN_REGION_CHANGE) return false;

  const left = clampX(Math.floor((region.x - region.width * 0.25) * scale));
  const top = clampY(Math.floor((region.y - region.height * 0.25) * scale));
  const right = clampX(Math.ceil((region.x + region.width * 1.25) * scale));
  const bottom = clampY(Math.ceil((region.y + region.height * 1.25) * scale));
  const aspect = meta.width / meta.height;
  const fit = Math.min(region.width * scale, region.height * scale * aspect);
  for (const size of MATCH_SIZES) {
    const width = Math.round(fit * size);
    const height = Math.round((fit * size) / aspect);
    if (width < 6 || height < 6 || width > right - left || height > bottom - top) continue;
    const template = await templateOf(cutOut, width, height, maxInputPixels);
    if (template.count < 12) continue;
    // a large template moved by a twentieth of its size still lines up after the blur: no need to try every pixel
    const stepX = Math.max(1, Math.floor(width / MATCH_STEPS));
    const stepY = Math.max(1, Math.floor(height / MATCH_STEPS));
    for (let oy = top; oy + height <= bottom; oy += stepY) {
      for (let ox = left; ox + width <= right; ox += stepX) {
        const { correlation, colourDistance } = matchAt(scene, template.rgb, template.mask, template.count, ox, oy);
        if (matchScore(correlation, colourDistance) >= MATCH_THRESHOLD) return true;
      }
    }
  }
  return false;
}

async function rgbAt(bytes: Uint8Array, width: number, height: number, maxInputPixels: number): Promise<Rgb> {
  const data = await decode(bytes, maxInputPixels)
    .resize(width, height, { fit: 'cover' })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .removeAlpha()
    .blur(MATCH_BLUR)
    .raw()
    .toBuffer();
  return { data, width, height };
}

async function countMatchedProducts(
  before: Uint8Array,
  after: Uint8Array,
  cutOuts: Uint8Array[],
  regions: (Box | null)[],
  maxInputPixels: number,
): Promise<number> {
  const meta = await decode(after, maxInputPixels).metadata();
  const afterWidth = meta.autoOrient?.width ?? meta.width ?? 0;
  const afterHeight = meta.autoOrient?.height ?? meta.height ?? 0;
  const width = Math.min(MATCH_WIDTH, afterWidth);
  const height = Math.max(1, Math.round((afterHeight * width) / afterWidth));
  const [scene, photo] = await Promise.all([
    rgbAt(after, width, height, maxInputPixels),
    rgbAt(before, width, height, maxInputPixels),
  ]);
  let present = 0;
  for (const [index, cutOut] of cutOuts.entries()) {
    const region = regions[index];
    if (region && (await isProductInRegion(scene, photo, width / afterWidth, cutOut, region, maxInputPixels))) {
      present++;
    }
  }
  return present;
}

/**
 * The fidelity receipt of one render: how much of the room survived outside the product regions, and how many of
 * the chosen products the render shows. Pure: encoded pictures and boxes in, numbers out.
 */
export async function measureFidelity(input: FidelityInput): Promise<FidelityReceipt> {
  const { erased } = input;
  const edgesKept = await measureStructureKept(
    input.before,
    input.after,
    input.productRegions,
    input.maxInputPixels,
    erased,
  );
  const hidden = input.hidden === undefined ? undefined : Math.min(1, Math.max(0, input.hidden));
  // what the products hide of the room's furniture and openings is not kept, however well the edges around it are;
  // nor is what was erased, by its share of the picture
  const erasedShare = erased ? maskShare(erased.mask) : 0;
  const structureKept = (hidden === undefined ? edgesKept : edgesKept * (1 - hidden)) * (1 - erasedShare);
  const seen = {
    ...(hidden === undefined ? {} : { hidden: Math.round(hidden * 1000) / 1000 }),
    ...(erased && erased.regions > 0 ? { erased: erased.regions } : {}),
  };
  const { products } = input;
  if (products.method === 'placed') {
    const removed = Math.max(0, Math.min(products.chosen, products.removed ?? 0));
    return {
      structureKept,
      productsPresent: new Set(products.placedIndexes).size,
      productsChosen: products.chosen - removed,
      ...(removed > 0 ? { removedByYou: removed } : {}),
      method: 'placed',
      weakEstimate: false,
      layout: products.layout,
      ...seen,
      ...(products.onFloor !== undefined ? { onFloor: products.onFloor } : {}),
      ...(products.leftOut && products.leftOut.length > 0 ? { leftOut: products.leftOut } : {}),
    };
  }
  const productsPresent = await countMatchedProducts(
    input.before,
    input.after,
    products.cutOuts,
    products.regions,
    input.maxInputPixels,
  );
  return {
    structureKept,
    productsPresent,
    productsChosen: products.cutOuts.length,
    method: 'matched',
    weakEstimate: true,
    ...seen,
  };
}
