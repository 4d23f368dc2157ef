import sharp from 'sharp';
import type { Box } from './fidelity';
import { dilate } from './inpaint/erase-mask';
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

/** A pixel mask (1 set) of any size: a remote edit's erased regions, in the frame it was made in. */
export interface OpenMask {
  mask: Uint8Array;
  width: number;
  height: number;
}

/** The mask at width × height, each pixel the one under its centre. */
export function resampleMask(open: OpenMask, width: number, height: number): Uint8Array {
  if (open.width === width && open.height === height) return open.mask;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = Math.min(open.height - 1, Math.floor(((y + 0.5) * open.height) / height)) * open.width;
    for (let x = 0; x < width; x++) {
      out[y * width + x] = open.mask[row + Math.min(open.width - 1, Math.floor(((x + 0.5) * open.width) / width))]!;
    }
  }
  return out;
}

/**
 * The mask an image-edit API takes with the photo (OpenAI's `mask`): a PNG of the photo's size, transparent where
 * the edit may paint, opaque elsewhere. `open` (the erased regions) is transparent too.
 */
export function editMaskPng(
  width: number,
  height: number,
  regions: Box[],
  footprints?: ReadonlyArray<ReadonlyArray<readonly [number, number]>>,
  open?: OpenMask,
): Promise<Buffer> {
  const rgba = Buffer.alloc(width * height * 4);
  for (let p = 3; p < rgba.length; p += 4) rgba[p] = 255;
  if (open) {
    const opened = resampleMask(open, width, height);
    for (let i = 0; i < opened.length; i++) if (opened[i]) rgba[i * 4 + 3] = 0;
  }
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
  /**
   * More of the frame the edit may change, in any pixel size of it: the erased regions, where `original` is already
   * the local fill. Its edge fades inside it too.
   */
  open?: OpenMask;
  maxInputPixels: number;
}

/**
 * An open mask as 0–255 levels at width × height, fading to 0 at its edge over `FEATHER_PX`, all inside it: shrunk by
 * the feather, then blurred with σ = feather / 3.
 */
async function featheredOpen(open: OpenMask, width: number, height: number): Promise<Buffer> {
  const mask = resampleMask(open, width, height);
  const outside = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) outside[i] = mask[i] ? 0 : 1;
  const grown = dilate(outside, width, height, FEATHER_PX);
  const levels = Buffer.alloc(mask.length);
  for (let i = 0; i < mask.length; i++) levels[i] = grown[i] ? 0 : 255;
  return sharp(levels, { raw: { width, height, channels: 1 } })
    .blur(FEATHER_PX / 3)
    .extractChannel(0)
    .raw()
    .toBuffer();
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
    featheredMask(width, height, input.allowedRegions).then(async (regions) => {
      if (!input.open) return regions;
      const open = await featheredOpen(input.open, width, height);
      for (let i = 0; i < regions.length; i++) if (open[i]! > regions[i]!) regions[i] = open[i]!;
      return regions;
    }),
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
