import { UPLOAD_MAX_PIXELS, type Mode } from '@dwellscape/shared';
import sharp from 'sharp';
import { EngineInputError } from '../errors';
import type { EngineImage, RenderedImage } from '../types';
import { cutOutProduct, type CutOut } from './cutout';
import { blendSprite, drawCord, drawEllipseShadow, drawWallShadow, footprint, warpToFloor } from './draw';
import { estimateFloorLine } from './floor';
import { applyGrade } from './grade';
import { isStrand, layOutProducts, placementRoleOf, prefersCentre, type Placement } from './layout';
import { gradeFromAnswers } from './palette';
import type { Raster } from './raster';

export const OUTPUT_WIDTH = 1024;
/** Panoramas and tall crops are trimmed to these aspect ratios before rendering. */
const MIN_ASPECT = 0.5;
const MAX_ASPECT = 2.4;
/** Cut-outs are made at this size: plenty for a product that ends up at most half the frame wide. */
const CUTOUT_SIZE = 400;
const WEBP_OPTIONS = { quality: 84, effort: 2 } as const;

export interface LocalDesignInput {
  spaceImage: Buffer;
  products: EngineImage[];
  answers: Record<string, string>;
  mode: Mode;
  spaceType: string;
  /** More style words to steer the grade (the see-in-space prompt, the person's notes). */
  styleText?: string;
}

const decodeOptions = { failOn: 'none', autoOrient: true, limitInputPixels: UPLOAD_MAX_PIXELS } as const;

async function loadScene(bytes: Buffer): Promise<Raster> {
  try {
    const meta = await sharp(bytes, decodeOptions).metadata();
    const rotated = (meta.orientation ?? 1) >= 5;
    const sourceWidth = (rotated ? meta.height : meta.width) ?? 0;
    const sourceHeight = (rotated ? meta.width : meta.height) ?? 0;
    if (!sourceWidth || !sourceHeight) throw new Error('no dimensions');
    const aspect = Math.min(MAX_ASPECT, Math.max(MIN_ASPECT, sourceWidth / sourceHeight));
    // resize first: JPEG shrink-on-load decodes a 12-megapixel photo at a fraction of the cost
    const { data, info } = await sharp(bytes, decodeOptions)
      .resize({ width: OUTPUT_WIDTH, height: Math.round(OUTPUT_WIDTH / aspect), fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: 3 };
  } catch {
    throw new EngineInputError('The space photo could not be read. Please upload a JPEG, PNG or WebP image.');
  }
}

/** A product that cannot be decoded is left out, as the UI hides an image that fails to load. */
async function loadCutOut(product: EngineImage): Promise<CutOut | null> {
  try {
    const { data, info } = await sharp(product.bytes, decodeOptions)
      .resize(CUTOUT_SIZE, CUTOUT_SIZE, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 4) return null;
    return cutOutProduct({ data, width: info.width, height: info.height, channels: 4 });
  } catch {
    return null;
  }
}

async function resizeSprite(sprite: Raster, width: number, height: number): Promise<Raster> {
  const data = await sharp(sprite.data, { raw: { width: sprite.width, height: sprite.height, channels: 4 } })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
  return { data, width, height, channels: 4 };
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
 */
export async function renderLocalDesign(input: LocalDesignInput): Promise<RenderedImage> {
  const [scene, ...cuts] = await Promise.all([loadScene(input.spaceImage), ...input.products.map(loadCutOut)]);
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
        aspect: cut.image.width / cut.image.height,
      },
    ];
  });
  const placements = layOutProducts(items, { width: scene.width, height: scene.height, floorY, mode: input.mode });
  const sprites = await Promise.all(placements.map((p) => resizeSprite(cuts[p.index]!.image, p.width, p.height)));
  placements.forEach((placement, n) => drawPlacement(scene, sprites[n]!, placement));

  applyGrade(scene, gradeFromAnswers(input.answers, input.mode, `${input.spaceType} ${input.styleText ?? ''}`));
  const bytes = await sharp(scene.data, { raw: { width: scene.width, height: scene.height, channels: 3 } })
    .webp(WEBP_OPTIONS)
    .toBuffer();
  return { bytes, contentType: 'image/webp', width: scene.width, height: scene.height };
}
