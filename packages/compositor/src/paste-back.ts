import sharp from 'sharp';
import type { Box } from './fidelity';
import { CellMask } from './polygon';
import type { Raster } from './raster';

/**
 * The edge of an allowed region fades over this many pixels, all inside the region: the model's pixels blend into
 * the photo's instead of ending at a hard seam, and nothing outside the region is touched.
 */
const FEATHER_PX = 12;

/** An allowed region: a product's box grown by this share of its size for the shadow and contact around it. */
const ALLOWED_MARGIN = 0.12;

const decodeOptions = (maxInputPixels: number) =>
  ({ failOn: 'none', autoOrient: true, limitInputPixels: maxInputPixels }) as const;

/** The regions an edit may change: each product box grown for its shadow, clipped to the frame, in whole pixels. */
export function allowedRegionsOf(productBoxes: Box[], width: number, height: number): Box[] {
  return productBoxes.map((box) => {
    const left = Math.max(0, Math.floor(box.x - box.width * ALLOWED_MARGIN));
    const top = Math.max(0, Math.floor(box.y - box.height * ALLOWED_MARGIN));
    const right = Math.min(width, Math.ceil(box.x + box.width * (1 + ALLOWED_MARGIN)));
    const bottom = Math.min(height, Math.ceil(box.y + box.height * (1 + ALLOWED_MARGIN)));
    return { x: left, y: top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
  });
}

/** The same boxes in a frame `factor` times the size, still covering every pixel they covered. */
export function scaleBoxes(boxes: Box[], factor: number): Box[] {
  return boxes.map((box) => {
    const left = Math.floor(box.x * factor);
    const top = Math.floor(box.y * factor);
    return {
      x: left,
      y: top,
      width: Math.ceil((box.x + box.width) * factor) - left,
      height: Math.ceil((box.y + box.height) * factor) - top,
    };
  });
}

/**
 * A one-channel mask of the frame: 255 well inside the regions, 0 outside them, fading between over `FEATHER_PX`.
 * Each rectangle is drawn shrunk by the feather and blurred with σ = feather / 3, so what spills past its edge is
 * under half a level and rounds to 0.
 */
async function featheredMask(width: number, height: number, regions: Box[]): Promise<Buffer> {
  const inset = FEATHER_PX;
  const rects = regions
    .filter((r) => r.width > 2 * inset && r.height > 2 * inset)
    .map(
      (r) =>
        `<rect x="${r.x + inset}" y="${r.y + inset}" width="${r.width - 2 * inset}" height="${r.height - 2 * inset}" fill="#fff"/>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#000"/>${rects}</svg>`;
  return sharp(Buffer.from(svg))
    .toColourspace('b-w')
    .blur(FEATHER_PX / 3)
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/**
 * The mask an image-edit API takes with the photo (OpenAI's `mask`): a PNG of the photo's size, transparent where
 * the edit may paint, opaque elsewhere.
 */
export function editMaskPng(
  width: number,
  height: number,
  regions: Box[],
  footprints?: ReadonlyArray<ReadonlyArray<readonly [number, number]>>,
): Promise<Buffer> {
  const rgba = Buffer.alloc(width * height * 4);
  for (let p = 3; p < rgba.length; p += 4) rgba[p] = 255;
  if (footprints && footprints.length > 0) {
    // the placements' own outlines (a rug's floor quad, a sofa's box and the floor under it), not their boxes grown
    const mask = new CellMask(width, height, 1);
    for (const polygon of footprints) mask.fill(polygon);
    for (let i = 0; i < mask.cells.length; i++) if (mask.cells[i]) rgba[i * 4 + 3] = 0;
  } else {
    for (const r of regions) {
      for (let y = r.y; y < r.y + r.height; y++) {
        for (let x = r.x; x < r.x + r.width; x++) rgba[(y * width + x) * 4 + 3] = 0;
      }
    }
  }
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

export interface PasteBackInput {
  /** The space photo, encoded. */
  original: Uint8Array;
  /** What the image-edit API answered, encoded; it is stretched onto the photo's frame. */
  edited: Uint8Array;
  /** The frame of the result: the photo's middle at this size, as the local engine frames it. */
  width: number;
  height: number;
  /** Where the edit was allowed to change the photo, in the result's pixels (`allowedRegionsOf`). */
  allowedRegions: Box[];
  maxInputPixels: number;
}

/**
 * The edit with the photo's own pixels put back everywhere outside the allowed regions, so the walls, windows and
 * floor the person photographed come back exactly, whatever the model did to them. Throws when the edit cannot be
 * decoded.
 */
export async function pasteOriginalOutside(input: PasteBackInput): Promise<Raster> {
  const { width, height } = input;
  const [original, edited, mask] = await Promise.all([
    sharp(input.original, decodeOptions(input.maxInputPixels))
      .resize(width, height, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer(),
    sharp(input.edited, { ...decodeOptions(input.maxInputPixels), failOn: 'error' })
      .resize(width, height, { fit: 'fill' })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer(),
    featheredMask(width, height, input.allowedRegions),
  ]);
  const raw = { width, height, channels: 3 } as const;
  const editedInRegions = await sharp(edited, { raw })
    .joinChannel(mask, { raw: { width, height, channels: 1 } })
    .raw()
    .toBuffer();
  const data = await sharp(original, { raw })
    .composite([{ input: editedInRegions, raw: { width, height, channels: 4 } }])
    .removeAlpha()
    .raw()
    .toBuffer();
  return { data, width, height, channels: 3 };
}
