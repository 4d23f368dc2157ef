import type { Mode } from '@dwellscape/shared';
import sharp from 'sharp';
import { cutOutSprite, planCutOut, type CutOutPlan } from './cutout';
import { blendSprite, drawCord, drawEllipseShadow, drawWallShadow, footprint, warpToFloor } from './draw';
import { estimateFloorLine } from './floor';
import { applyGrade } from './grade';
import { isStrand, layOutProducts, placementRoleOf, prefersCentre, type Placement } from './layout';
import { gradeFromAnswers } from './palette';
import { halve, type Raster } from './raster';

/** Panoramas and tall crops are trimmed to these aspect ratios before rendering. */
const MIN_ASPECT = 0.5;
const MAX_ASPECT = 2.4;
/** Backgrounds are found (flood fill, feathered mask) on a copy at most this size: the mask's shape needs no more. */
const CUTOUT_MASK_SIZE = 400;
/**
 * Products are drawn from their pixels at up to this size, the catalogue pictures' own: a rug spans up to 62% of the
 * frame (990 px), a sofa half of it, so a 400 px copy would be enlarged and soft.
 */
const CUTOUT_DETAIL_SIZE = 2 * CUTOUT_MASK_SIZE;
const WEBP_OPTIONS = { quality: 84, effort: 1 } as const;

/** A product's picture and what it is: its catalogue category (sofa, rug, lamp, planter…) and name decide its place. */
export interface ProductImage {
  bytes: Uint8Array;
  category?: string;
  name?: string;
}

export interface LocalDesignInput {
  /** The space photo, encoded (JPEG, PNG, WebP…). */
  spaceImage: Uint8Array;
  products: ProductImage[];
  answers: Record<string, string>;
  mode: Mode;
  spaceType: string;
  /** More style words to steer the grade (the see-in-space prompt, the person's notes). */
  styleText?: string;
  /** How wide the render is; its height follows the photo's shape, trimmed to between 1:2 and 2.4:1. */
  width: number;
  /** A picture of more pixels than this is not decoded: the space photo is unreadable, a product left out. */
  maxInputPixels: number;
}

export interface LocalDesign {
  /** The WebP file. */
  bytes: Uint8Array;
  contentType: 'image/webp';
  width: number;
  height: number;
  /** Where each drawn product stands, by its index in `products`; one that could not be read is left out. */
  placements: Placement[];
}

/** The space photo could not be decoded: bad input, unlike a product picture, which is simply left out. */
export class UnreadableSpaceImageError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('The space photo could not be decoded', options);
    this.name = 'UnreadableSpaceImageError';
  }
}

const decodeOptions = (maxInputPixels: number) =>
  ({ failOn: 'none', autoOrient: true, limitInputPixels: maxInputPixels }) as const;

async function loadScene(bytes: Uint8Array, width: number, maxInputPixels: number): Promise<Raster> {
  try {
    const meta = await sharp(bytes, decodeOptions(maxInputPixels)).metadata();
    const rotated = (meta.orientation ?? 1) >= 5;
    const sourceWidth = (rotated ? meta.height : meta.width) ?? 0;
    const sourceHeight = (rotated ? meta.width : meta.height) ?? 0;
    if (!sourceWidth || !sourceHeight) throw new Error('no dimensions');
    const aspect = Math.min(MAX_ASPECT, Math.max(MIN_ASPECT, sourceWidth / sourceHeight));
    // resize first: JPEG shrink-on-load decodes a 12-megapixel photo at a fraction of the cost
    const { data, info } = await sharp(bytes, decodeOptions(maxInputPixels))
      .resize({ width, height: Math.round(width / aspect), fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: 3 };
  } catch (err) {
    throw new UnreadableSpaceImageError({ cause: err });
  }
}

interface LoadedCutOut {
  /** How the product is cut, worked out on a copy `shrink` times smaller than `detail`. */
  plan: CutOutPlan;
  detail: Raster;
  shrink: number;
}

/** A product that cannot be decoded is left out, as the UI hides an image that fails to load. */
async function loadCutOut(product: ProductImage, maxInputPixels: number): Promise<LoadedCutOut | null> {
  try {
    const { data, info } = await sharp(product.bytes, decodeOptions(maxInputPixels))
      .resize(CUTOUT_DETAIL_SIZE, CUTOUT_DETAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 4) return null;
    const detail: Raster = { data, width: info.width, height: info.height, channels: 4 };
    // the detail copy is at most twice the mask size, so the mask is made on it or on its half
    const shrink = Math.max(detail.width, detail.height) > CUTOUT_MASK_SIZE ? 2 : 1;
    return { plan: planCutOut(shrink === 2 ? halve(detail) : detail), detail, shrink };
  } catch {
    return null;
  }
}

/** The cut-out at its drawn size: its part of the large copy resized once, then cut as the plan says. */
async function spriteOf(cut: LoadedCutOut, width: number, height: number): Promise<Raster> {
  const { plan, detail, shrink } = cut;
  const { box } = plan;
  const data = await sharp(detail.data, { raw: { width: detail.width, height: detail.height, channels: 4 } })
    .extract({ left: box.left * shrink, top: box.top * shrink, width: box.width * shrink, height: box.height * shrink })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
  return cutOutSprite(plan, { data, width, height, channels: 4 });
}

/** Draws one placed product, with the shadow its pose casts, onto the scene. */
function drawPlacement(scene: Raster, resized: Raster, placement: Placement): void {
  const { x, y, width, height } = placement;
  if (placement.pose === 'flat') {
    drawEllipseShadow(scene, x + width / 2, y + height * 0.55, width * 0.5, height * 0.6, 0.12);
    blendSprite(scene, warpToFloor(resized, 0.78), x, y);
    return;
  }
  if (placement.pose === 'suspended') {
    if (placement.cord) drawCord(scene, placement.cord.x, placement.cord.y, Math.max(1.5, scene.width / 512));
    blendSprite(scene, resized, x, y);
    return;
  }
  if (placement.pose === 'hung') {
    drawWallShadow(scene, x + width * 0.03, y + height * 0.05, width, height, 0.28);
    blendSprite(scene, resized, x, y);
    return;
  }
  const feet = footprint(resized);
  const cx = x + (feet.left + feet.right) / 2;
  const rx = (feet.right - feet.left) / 2 + width * 0.06;
  const base = y + height;
  // a wide faint pool of ambient occlusion, then a tight dark contact line under the feet
  drawEllipseShadow(scene, cx, base - height * 0.01, rx * 1.25, Math.max(4, rx * 0.22), 0.22);
  drawEllipseShadow(scene, cx, base - height * 0.005, rx * 1.02, Math.max(3, rx * 0.08), 0.5);
  blendSprite(scene, resized, x, y, 0.12);
}

/**
 * The local image engine: restyles the space photo toward the palette the answers describe and
 * stands the products in it, scaled by kind, shadowed and never stacked. Same input, same bytes.
 * Throws `UnreadableSpaceImageError` when the space photo cannot be decoded.
 */
export async function renderLocalDesign(input: LocalDesignInput): Promise<LocalDesign> {
  const [scene, ...cuts] = await Promise.all([
    loadScene(input.spaceImage, input.width, input.maxInputPixels),
    ...input.products.map((product) => loadCutOut(product, input.maxInputPixels)),
  ]);
  const floorY = Math.round(scene.height * estimateFloorLine(scene));

  const items = cuts.flatMap((cut, index) => {
    if (!cut) return [];
    const product = input.products[index]!;
    return [
      {
        index,
        role: placementRoleOf(product.category, product.name),
        centre: prefersCentre(product.category, product.name),
        strand: isStrand(product.category, product.name),
        aspect: cut.plan.box.width / cut.plan.box.height,
      },
    ];
  });
  const placements = layOutProducts(items, { width: scene.width, height: scene.height, floorY, mode: input.mode });
  const sprites = await Promise.all(placements.map((p) => spriteOf(cuts[p.index]!, p.width, p.height)));
  placements.forEach((placement, n) => drawPlacement(scene, sprites[n]!, placement));

  applyGrade(scene, gradeFromAnswers(input.answers, input.mode, `${input.spaceType} ${input.styleText ?? ''}`));
  const bytes = await sharp(scene.data, { raw: { width: scene.width, height: scene.height, channels: 3 } })
    .webp(WEBP_OPTIONS)
    .toBuffer();
  return { bytes, contentType: 'image/webp', width: scene.width, height: scene.height, placements };
}
