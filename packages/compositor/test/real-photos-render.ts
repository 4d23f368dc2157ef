/**
 * Rendering a labelled real photo with a product set as the server renders an upload, and checking the render: shared
 * by the harness (real-photos.test.ts) and its ratchet on the photos' own analysis (real-photos-ratchet.test.ts).
 */
import { UPLOAD_MAX_PIXELS } from '@dwellscape/shared';
import { SEED_PRODUCTS, productImageSvg } from '@dwellscape/sample-art';
import sharp from 'sharp';
import * as compositor from '../src/index';
import type { FidelityReceipt } from '../src/fidelity';
import { geometryOfLabel } from './label-geometry';
import {
  checkPlacedEnough,
  checkRender,
  photoPath,
  type CheckFailure,
  type CheckedPlacement,
  type LabelledPhoto,
  type LeftOutProduct,
} from './real-photos';

/** The server's render width for every local render (apps/server/src/engines/render-size.ts). */
export const RENDER_WIDTH = 1600;

/** Three product sets a mode, by catalogue id: a living room, a bedroom, a reading corner; a patio, a lounge, a bed. */
export const PRODUCT_SETS: Record<LabelledPhoto['mode'], Record<string, string[]>> = {
  interior: {
    living: [
      'p-velvet-sofa',
      'p-walnut-coffee-table',
      'p-jute-rug',
      'p-arc-floor-lamp',
      'p-abstract-canvas',
      'p-fiddle-leaf-fig',
    ],
    bedroom: ['p-upholstered-bed', 'p-walnut-nightstand', 'p-moroccan-rug', 'p-rattan-pendant', 'p-botanical-print'],
    reading: ['p-boucle-armchair', 'p-oak-bookshelf', 'p-snake-plant', 'p-arched-mirror'],
  },
  landscape: {
    patio: ['p-terracotta-planter', 'p-tall-planter', 'p-cafe-string-lights', 'p-cedar-bench', 'p-steel-fire-pit'],
    lounge: ['p-teak-outdoor-sofa', 'p-market-umbrella', 'p-bluestone-pavers'],
    garden: ['p-boxwood-ball', 'p-hydrangea', 'p-metal-lantern', 'p-cedar-raised-bed'],
  },
};

/** A product's real size in metres, [height, widest], from the catalogue's dimensions. */
const sizeOf = (id: string): readonly [number, number] => {
  const { width, depth, height } = catalogue.get(id)!.dimensions;
  return [height / 100, Math.max(width, depth) / 100];
};

const ANSWERS: Record<LabelledPhoto['mode'], Record<string, string>> = {
  interior: {
    'interior-vibe': 'Cozy',
    'interior-natural-light': 'Bright',
    'interior-color-preference': 'Warm neutrals',
  },
  landscape: { 'landscape-aesthetic': 'Modern', 'landscape-use-of-space': 'Relaxing' },
};

const catalogue = new Map(SEED_PRODUCTS.map((product) => [product.id, product]));
const pictures = new Map<string, Buffer>();

/** A catalogue product's picture, as the seed draws it. */
export async function pictureOf(id: string): Promise<Buffer> {
  const cached = pictures.get(id);
  if (cached) return cached;
  const product = catalogue.get(id);
  if (!product) throw new Error(`no catalogue product ${id}`);
  const bytes = await sharp(Buffer.from(productImageSvg(product.id, product.look)))
    .png()
    .toBuffer();
  pictures.set(id, bytes);
  return bytes;
}

export interface RealPhotoRender {
  width: number;
  height: number;
  bytes: Uint8Array;
  placements: CheckedPlacement[];
  leftOut: LeftOutProduct[];
  chosen: string[];
  layoutBasis: string;
  receipt: FidelityReceipt;
  hidden: number;
}

/** What the products are placed on: the photo's hand labels (a perfect analysis) or the analysis users get. */
export type Basis = 'labels' | 'analysis';

/**
 * Renders the photo with a set as the server renders an upload (no layout, no placements, seed 0), on the labels'
 * geometry or on the photo's own analysis, and measures its receipt as the render task does.
 */
export async function renderWithSet(photo: LabelledPhoto, setName: string, basis: Basis): Promise<RealPhotoRender> {
  const ids = PRODUCT_SETS[photo.mode][setName]!;
  const products = await Promise.all(
    ids.map(async (id) => {
      const product = catalogue.get(id)!;
      return { bytes: await pictureOf(id), category: product.category, name: product.name, size: product.dimensions };
    }),
  );
  const spaceImage = await sharp(photoPath(photo)).toBuffer();
  const design = await compositor.renderLocalDesign({
    spaceImage,
    products,
    answers: ANSWERS[photo.mode],
    mode: photo.mode,
    spaceType: photo.mode === 'interior' ? 'Living room' : 'Front yard',
    seed: 0,
    width: RENDER_WIDTH,
    maxInputPixels: UPLOAD_MAX_PIXELS,
    ...(basis === 'labels' ? { geometry: geometryOfLabel(photo) } : {}),
  });
  const fx = (points: ReadonlyArray<readonly [number, number]>) =>
    points.map(([x, y]) => [x / design.width, y / design.height] as const);
  const placements = design.placements.map((p): CheckedPlacement => {
    const product = catalogue.get(ids[p.index]!)!;
    return {
      name: product.name,
      kind: product.look.kind,
      pose: p.pose,
      size: sizeOf(product.id),
      ...(p.quad ? { quad: fx(p.quad) } : {}),
      ...(p.cord ? { cordTop: (p.cord.top ?? 0) / design.height } : {}),
      ...(p.replaces ? { replaces: fx(p.replaces.polygon) } : {}),
      box: {
        x: p.x / design.width,
        y: p.y / design.height,
        width: p.width / design.width,
        height: p.height / design.height,
      },
    };
  });
  const leftOut = (design.geometry?.leftOut ?? []).map(({ index, reason }) => {
    const product = catalogue.get(ids[index]!)!;
    return { name: product.name, kind: product.look.kind, reason };
  });
  const receipt = await compositor.measureFidelity({
    before: spaceImage,
    after: design.bytes,
    productRegions: compositor.regionsOfPlacements(design.placements),
    products: {
      method: 'placed',
      chosen: ids.length,
      placedIndexes: design.placements.map((p) => p.index),
      layout: design.layoutBasis,
      ...(design.geometry
        ? { onFloor: design.geometry.onFloor, leftOut: design.geometry.leftOut.map((l) => l.reason) }
        : {}),
    },
    maxInputPixels: UPLOAD_MAX_PIXELS,
    ...(design.geometry ? { hidden: design.geometry.hidden } : {}),
  });
  return {
    width: design.width,
    height: design.height,
    bytes: design.bytes,
    placements,
    leftOut,
    chosen: ids.map((id) => catalogue.get(id)!.name),
    layoutBasis: design.layoutBasis,
    receipt,
    hidden: design.geometry?.hidden ?? 0,
  };
}

/**
 * The receipt is honest: it counts the products drawn, gives one reason for each left out, says how the layout was
 * found, counts those standing on the floor, and keeps the room below 100% while products cover its furniture.
 */
export function checkReceipt(render: RealPhotoRender, basis: string): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const { receipt } = render;
  const fail = (detail: string) => failures.push({ check: 'receipt', detail });
  if (receipt.productsPresent !== render.placements.length)
    fail(`counts ${receipt.productsPresent} products where ${render.placements.length} are drawn`);
  if (receipt.productsChosen - receipt.productsPresent !== (receipt.leftOut ?? []).length)
    fail(`${receipt.productsChosen - receipt.productsPresent} left out but ${(receipt.leftOut ?? []).length} reasons`);
  if (receipt.layout !== basis) fail(`says the layout was ${receipt.layout}, not ${basis}`);
  const standing = render.placements.filter((p) => p.pose === 'standing' || p.pose === 'flat').length;
  if (receipt.onFloor === undefined || receipt.onFloor > standing)
    fail(`says ${receipt.onFloor} stand on the floor of ${standing} standing or lying`);
  // what the products hide of the room is not kept: the figure is at most what is left of it
  if (receipt.structureKept > 1 - render.hidden + 1e-9)
    fail(`keeps ${receipt.structureKept.toFixed(3)} of the room while hiding ${render.hidden.toFixed(3)} of it`);
  return failures;
}

/**
 * How many of a set's products a perfect analysis stands or lays on the floor: placement alone (no drawing) on the
 * labels' geometry, each product at its catalogue size and its picture's shape (its drawing trimmed of the
 * transparent margin), in the render's frame.
 */
export async function onLabelledFloor(photo: LabelledPhoto, setName: string): Promise<number> {
  const ids = PRODUCT_SETS[photo.mode][setName]!;
  const items = await Promise.all(
    ids.map(async (id, index) => {
      const product = catalogue.get(id)!;
      const { info } = await sharp(await pictureOf(id))
        .trim()
        .toBuffer({ resolveWithObject: true });
      return {
        index,
        role: compositor.placementRoleOf(product.category, product.name),
        kind: compositor.seedKindOf(product.category, product.name),
        aspect: info.width / info.height,
        size: product.dimensions,
      };
    }),
  );
  const frame = { width: RENDER_WIDTH, height: Math.round((RENDER_WIDTH * photo.height) / photo.width) };
  return compositor.placeOnGeometry(items, geometryOfLabel(photo), frame).onFloor;
}

/** One photo × set rendered on a basis and checked: the render, every check's failures, and the floor counts. */
export async function checkCase(photo: LabelledPhoto, setName: string, basis: Basis) {
  const render = await renderWithSet(photo, setName, basis);
  const onFloor = render.placements.filter((p) => p.pose === 'standing' || p.pose === 'flat').length;
  const labelledOnFloor = basis === 'analysis' ? await onLabelledFloor(photo, setName) : onFloor;
  const failures = [
    ...checkRender(photo, render.chosen, render.placements, render.width / render.height, render.leftOut),
    ...checkReceipt(render, basis === 'labels' ? 'found' : render.layoutBasis),
    ...(basis === 'analysis' ? checkPlacedEnough(onFloor, labelledOnFloor) : []),
  ];
  return { render, failures, onFloor, labelledOnFloor };
}
