import { PRODUCT_VIEWS, productImageSvg, productViewSvg, renderSvg, SEED_PRODUCTS } from '@dwellscape/sample-art';
import sharp from 'sharp';
import { cutOutProduct } from '../src/cutout';
import type { Raster } from '../src/raster';
import { productImage, productImageAlone, SYNTHETIC_PRODUCTS } from './fixtures/synthetic-images';

/**
 * The halo a cut-out leaves (decision 0045): the pixels it keeps (alpha 32 or more) where the picture's own
 * drawing has nothing (alpha under 8), as a share of the drawing's solid pixels (alpha 128 or more). A grey patch
 * under a lamp's base, white between a chair's legs or a pale square round a bulb all count.
 */
export const HALO_MAX = 0.005;

/**
 * The catalogue photos of pieces standing on a floor shadow (floor lamps, the potted trees), cut by the flood fill:
 * the shadow under their base peeled off (cutout.ts, peelShadow). Before it the arc lamp kept 47.7% and the globe lamp
 * 48.5% (a pale patch round the base); now 1.6% and 0.8%.
 */
export const FLOOR_SHADOW_HALO_MAX = 0.02;

/** Pictures are measured at half the catalogue's size (400 px): renders plan their cut-outs at that size too. */
const HALF = 0.5;

async function rgbaOf(bytes: Buffer): Promise<Raster> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height, channels: 4 };
}

/** An SVG document drawn at half its size (its viewBox kept), as the pixels sharp gives. */
async function halfOf(svg: string): Promise<Raster> {
  return rgbaOf(
    await sharp(Buffer.from(atHalf(svg)))
      .png()
      .toBuffer(),
  );
}

const atHalf = (svg: string) =>
  svg.replace(
    /^<svg([^>]*?) width="(\d+)" height="(\d+)"/,
    (_, rest: string, w: string, h: string) => `<svg${rest} width="${+w * HALF}" height="${+h * HALF}"`,
  );

/** The halo share of cutting `picture` against the drawing alone (`truth`), both of one size. */
export function haloOf(picture: Raster, truth: Raster): number {
  const cut = cutOutProduct(picture);
  const { left, top } = cut.box;
  let kept = 0;
  let solid = 0;
  for (let y = 0; y < truth.height; y++) {
    for (let x = 0; x < truth.width; x++) {
      const t = truth.data[(y * truth.width + x) * 4 + 3]!;
      if (t >= 128) solid++;
      const cx = x - left;
      const cy = y - top;
      if (cx < 0 || cy < 0 || cx >= cut.image.width || cy >= cut.image.height) continue;
      if (t < 8 && cut.image.data[(cy * cut.image.width + cx) * 4 + 3]! >= 32) kept++;
    }
  }
  return solid === 0 ? 1 : kept / solid;
}

export interface Halo {
  key: string;
  halo: number;
}

/**
 * Every catalogue product's views as the render gets them: encoded as the seed stores them (WebP with alpha), cut,
 * and measured against the drawing.
 */
export async function catalogueViewHalos(): Promise<Halo[]> {
  const halos: Halo[] = [];
  for (const product of SEED_PRODUCTS) {
    for (const view of PRODUCT_VIEWS) {
      const svg = productViewSvg(product.id, product.look, view);
      const stored = await renderSvg(atHalf(svg), undefined, true);
      halos.push({ key: `${product.id} ${view}`, halo: haloOf(await rgbaOf(stored.full.bytes), await halfOf(svg)) });
    }
  }
  return halos;
}

/** The catalogue photos (the product page's pictures, on their backdrop with a floor shadow), cut by the flood fill. */
export async function cataloguePhotoHalos(): Promise<Halo[]> {
  const halos: Halo[] = [];
  for (const product of SEED_PRODUCTS) {
    const picture = await halfOf(productImageSvg(product.id, product.look));
    const truth = await halfOf(productImageSvg(product.id, product.look, true));
    halos.push({ key: product.id, halo: haloOf(picture, truth) });
  }
  return halos;
}

/** Every own-item fixture (a picture on a plain backdrop, as a person's photo of their item), cut by the flood fill. */
export async function ownItemHalos(): Promise<Halo[]> {
  const halos: Halo[] = [];
  for (const kind of SYNTHETIC_PRODUCTS) {
    const truth = await rgbaOf(await productImageAlone(kind));
    for (const background of ['#ffffff', '#f4f1ec', '#e9e9e9']) {
      halos.push({
        key: `${kind} on ${background}`,
        halo: haloOf(await rgbaOf(await productImage(kind, background)), truth),
      });
    }
  }
  return halos;
}

export const worstOf = (halos: readonly Halo[]) => halos.reduce((a, b) => (b.halo > a.halo ? b : a));
