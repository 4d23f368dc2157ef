import type { Mode } from '@dwellscape/shared';
import sharp from 'sharp';
import { arrangeInLayout, overlapShare, seedKindOf, type ArrangeItem, type Replacement } from './arrange';
import { cutOutSprite, planCutOut, type CutOutPlan } from './cutout';
import {
  blendSprite,
  drawCord,
  drawEllipseShadow,
  drawSilhouetteShadow,
  drawWallShadow,
  footprint,
  matchLight,
  warpToFloor,
  warpToQuad,
} from './draw';
import { brighterSide, estimateLayout } from './estimate-layout';
import { estimateFloorLine } from './floor';
import { analyzePhoto } from './geometry';
import type { PhotoGeometry } from './geometry/types';
import { guessedGeometry } from './guessed-geometry';
import { keptRegionsOf, placeOnGeometry, type LeftOut, type SizeCm } from './place-on-geometry';
import { boundsOf, CellMask, polygonArea, scalePolygon } from './polygon';
import { applyGrade } from './grade';
import { isStrand, layOutProducts, placementRoleOf, prefersCentre, type Placement } from './layout';
import type { PixelBox, SpaceLayout } from './space-layout';
import { gradeFromAnswers } from './palette';
import { halve, type Raster } from './raster';
import { eraseScene, type EraseInput, type ErasedScene } from './inpaint';
import { gradeForSeed } from './variation';

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
  /** Its real size (a catalogue product's own, or the one a person gave their item); its kind's when absent. */
  size?: SizeCm;
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
  /**
   * What the space photo shows (a seeded space): products go where its pieces stand, in its perspective. Without
   * it the layout is estimated from the photo, or the safe layout is used when the estimate is weak.
   */
  layout?: SpaceLayout;
  /**
   * The room's pieces the products take the place of (planReplacements); `spaceImage` must already be drawn
   * without them.
   */
  replacements?: Replacement[];
  /**
   * Placements a person adjusted (moved, scaled, removed): each listed product is drawn in its box, in output
   * pixels; a product not listed is left out.
   */
  placements?: Array<{ index: number; box: PixelBox; replaced?: string }>;
  /** Which variation (variation.ts): the same seed gives the same bytes; 0 or none is the plain render. */
  seed?: number;
  /**
   * An uploaded photo's geometry (floor, walls, openings, pieces), in any pixel size of the photo's frame: products
   * are placed on it. Without it (and without `layout`) it is worked out from the photo.
   */
  geometry?: PhotoGeometry;
  /**
   * What the person erased (brush strokes, pieces the geometry found), in fractions of the render: filled from the
   * rest of the photo before products are drawn (decision 0044).
   */
  erase?: EraseInput;
}

/** A piece the photo's geometry found, in fractions of the picture, for a person to tap and erase. */
export interface FoundPiece {
  id: string;
  polygon: Array<{ x: number; y: number }>;
  /** The render erased it: a product took its place. */
  erased: boolean;
}

/**
 * How the products were placed: by the space's own layout, on the photo's geometry as found or as guessed, or as a
 * person adjusted them. 'estimated' and 'fallback' are older renders' (a floor line, the safe row).
 */
export type LayoutBasis = 'seeded' | 'found' | 'guessed' | 'estimated' | 'fallback' | 'adjusted';

/** What placing on an uploaded photo's geometry found: what the receipt and a remote edit's prompt say. */
export interface GeometryOutcome {
  source: PhotoGeometry['source'];
  /** How many drawn products stand on the floor or ground. */
  onFloor: number;
  /** Products left out, and why ('no free floor for the sofa'). */
  leftOut: LeftOut[];
  /** The room's pieces products took the place of, in output pixels: to be erased (a later issue). */
  erase: Array<{ id: string; polygon: Array<readonly [number, number]> }>;
  /** Where each drawn product stands, in words, by its index. */
  where: Array<{ index: number; words: string }>;
  /** The share (0–1) of the photo's furniture and openings (the replaced pieces left out) the products hide. */
  hidden: number;
}

export interface LocalDesign {
  /** The WebP file. */
  bytes: Uint8Array;
  contentType: 'image/webp';
  width: number;
  height: number;
  /** Where each drawn product stands, by its index in `products`; one that could not be read is left out. */
  placements: Placement[];
  /** How the placements were found. */
  layoutBasis: LayoutBasis;
  /** For an uploaded photo placed on its geometry. */
  geometry?: GeometryOutcome;
  /** What was erased from the photo (asked for, or replaced by a product), when anything was. */
  erased?: ErasedScene;
  /** An uploaded photo's pieces, as its geometry found them (large enough to tap). */
  pieces?: FoundPiece[];
}

/** A found piece smaller than this share of the picture is too small to offer for erasing. */
const MIN_OFFERED_PIECE = 0.002;

/** The geometry's pieces in fractions of the picture, those products replaced marked erased. */
function foundPiecesOf(geometry: PhotoGeometry, replaced: ReadonlySet<string>): FoundPiece[] {
  const area = geometry.width * geometry.height;
  return geometry.pieces.flatMap((piece, n) => {
    const id = `piece-${n + 1}`;
    if (polygonArea(piece.polygon) < area * MIN_OFFERED_PIECE) return [];
    const polygon = piece.polygon.map(([x, y]) => ({
      x: Math.round((x / geometry.width) * 10_000) / 10_000,
      y: Math.round((y / geometry.height) * 10_000) / 10_000,
    }));
    return [{ id, polygon, erased: replaced.has(id) }];
  });
}

/** The geometry's pieces no product replaced, in the scene's pixels: erasing a replaced one leaves them standing. */
function otherPiecesOf(geometry: PhotoGeometry, erase: GeometryOutcome['erase'], scene: Raster) {
  const replaced = new Set(erase.map((e) => e.id));
  const kx = scene.width / geometry.width;
  const ky = scene.height / geometry.height;
  return geometry.pieces.flatMap((piece, n) =>
    replaced.has(`piece-${n + 1}`) ? [] : [scalePolygon(piece.polygon, kx, ky)],
  );
}

/**
 * The room's pieces the products take the place of, in the scene's pixels: the ones placement put in `erase`, and
 * any placement naming the polygon it replaces (fractions of the picture).
 */
function replacedPiecesOf(
  scene: Raster,
  placements: readonly Placement[],
  erase: GeometryOutcome['erase'] | undefined,
): Array<{ polygon: Array<readonly [number, number]> }> {
  const named = placements.flatMap((p) => {
    const replaces = (p as { replaces?: { polygon?: Array<{ x: number; y: number }> } }).replaces;
    return replaces?.polygon && replaces.polygon.length >= 3
      ? [{ polygon: replaces.polygon.map(({ x, y }) => [x * scene.width, y * scene.height] as const) }]
      : [];
  });
  return [...(erase ?? []).map((e) => ({ polygon: [...e.polygon] })), ...named];
}

/** The space photo could not be decoded: bad input, unlike a product picture, which is simply left out. */
export class UnreadableSpaceImageError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('The space photo could not be decoded', options);
    this.name = 'UnreadableSpaceImageError';
  }
}

/** The shape a render of a width × height photo has: the photo's, trimmed to between 1:2 and 2.4:1. */
export const renderAspectOf = (width: number, height: number) =>
  Math.min(MAX_ASPECT, Math.max(MIN_ASPECT, width / height));

const decodeOptions = (maxInputPixels: number) =>
  ({ failOn: 'none', autoOrient: true, limitInputPixels: maxInputPixels }) as const;

async function loadScene(bytes: Uint8Array, width: number, maxInputPixels: number): Promise<Raster> {
  try {
    const meta = await sharp(bytes, decodeOptions(maxInputPixels)).metadata();
    const rotated = (meta.orientation ?? 1) >= 5;
    const sourceWidth = (rotated ? meta.height : meta.width) ?? 0;
    const sourceHeight = (rotated ? meta.width : meta.height) ?? 0;
    if (!sourceWidth || !sourceHeight) throw new Error('no dimensions');
    const aspect = renderAspectOf(sourceWidth, sourceHeight);
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

/** Draws one placed product, with the shadow its pose casts (away from the light), onto the scene. */
function drawPlacement(scene: Raster, resized: Raster, placement: Placement, lightFrom: 'left' | 'right'): void {
  const { x, y, width, height } = placement;
  const away = lightFrom === 'left' ? 1 : -1;
  if (placement.pose === 'flat') {
    drawEllipseShadow(scene, x + width / 2, y + height * 0.55, width * 0.5, height * 0.6, 0.12);
    blendSprite(scene, warpToFloor(resized, placement.farScale ?? 0.78), x, y);
    return;
  }
  if (placement.pose === 'suspended') {
    if (placement.cord) {
      drawCord(scene, placement.cord.x, placement.cord.y, Math.max(1.5, scene.width / 512), placement.cord.top ?? 0);
    }
    blendSprite(scene, resized, x, y);
    return;
  }
  if (placement.pose === 'hung') {
    drawWallShadow(scene, x + width * 0.03 * away, y + height * 0.05, width, height, 0.28);
    blendSprite(scene, resized, x, y);
    return;
  }
  // the piece's own shadow on the wall and floor behind it, away from the light: its outline reads however pale it is
  const soft = Math.max(4, Math.min(width, height) * 0.07);
  drawSilhouetteShadow(scene, resized, x, y, { dx: away * width * 0.05, dy: -height * 0.015 }, soft, 0.22);
  const feet = footprint(resized);
  const cx = x + (feet.left + feet.right) / 2;
  const rx = (feet.right - feet.left) / 2 + width * 0.06;
  const base = y + height;
  // the light's cast shadow falls away from it; under the feet a wide faint pool, then a tight dark contact line
  drawEllipseShadow(scene, cx + rx * 0.35 * away, base - height * 0.02, rx * 1.15, Math.max(4, rx * 0.16), 0.16);
  drawEllipseShadow(scene, cx + rx * 0.08 * away, base - height * 0.01, rx * 1.2, Math.max(4, rx * 0.22), 0.2);
  drawEllipseShadow(scene, cx, base - height * 0.005, rx * 1.02, Math.max(3, rx * 0.08), 0.5);
  blendSprite(scene, resized, x, y, 0.12);
}

/**
 * The room's own pieces that stand in front of a product are drawn again over it (a coffee table before the new
 * sofa): each from its drawing, only where it overlaps a product standing further back.
 */
async function drawOccluders(
  scene: Raster,
  layout: SpaceLayout,
  placements: readonly Placement[],
  replacements: readonly { placeId: string }[],
): Promise<void> {
  const gone = new Set(replacements.map((r) => r.placeId));
  const kx = scene.width / layout.width;
  const ky = scene.height / layout.height;
  const standing = placements.filter((p) => p.pose === 'standing' || p.pose === 'hung');
  const depthOf = (p: Placement) => p.z ?? Infinity;
  const occluders = layout.places.filter((place) => {
    if (!place.drawing || !place.box || gone.has(place.id)) return false;
    const box = {
      x: place.box.x * kx,
      y: place.box.y * ky,
      width: place.box.width * kx,
      height: place.box.height * ky,
    };
    return standing.some((p) => depthOf(p) > place.z + 0.05 && overlapShare(p, box) > 0);
  });
  // far ones first, so nearer pieces stay on top of them
  occluders.sort((a, b) => b.z - a.z);
  for (const place of occluders) {
    // only the piece's own box is rasterised: the drawing's frame cropped to it by its viewBox
    const box = place.box!;
    const left = Math.floor(box.x * kx);
    const top = Math.floor(box.y * ky);
    const width = Math.max(1, Math.min(scene.width - left, Math.ceil(box.width * kx) + 1));
    const height = Math.max(1, Math.min(scene.height - top, Math.ceil(box.height * ky) + 1));
    const cropped = place.drawing!.replace(
      /^<svg([^>]*?) width="[^"]*" height="[^"]*" viewBox="[^"]*"/,
      `<svg$1 width="${width}" height="${height}" viewBox="${left / kx} ${top / ky} ${width / kx} ${height / ky}"`,
    );
    const { data, info } = await sharp(Buffer.from(cropped))
      .resize(width, height, { fit: 'fill' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    blendSprite(scene, { data, width: info.width, height: info.height, channels: 4 }, left, top);
  }
}

interface Arrangement {
  placements: Placement[];
  basis: LayoutBasis;
  lightFrom: 'left' | 'right';
  /** An uploaded photo's: the geometry the products were placed on, and what placing found. */
  onGeometry?: { geometry: PhotoGeometry; leftOut: LeftOut[]; erase: GeometryOutcome['erase']; onFloor: number };
}

/**
 * An uploaded photo's geometry: the one given, else the analysis's (decision 0041), else a guess from the photo's
 * floor line that the receipt calls a guess.
 */
export function photoGeometryOf(
  scene: Raster,
  mode: Mode,
  given?: PhotoGeometry,
  analyse: (scene: Raster, mode: Mode) => PhotoGeometry = analyzePhoto,
): PhotoGeometry {
  if (given) return given;
  let analysed: PhotoGeometry;
  try {
    analysed = analyse(scene, mode);
  } catch {
    // an analysis that fails on a photo must not fail the render: the guess places the products, and says so
    return guessedGeometry(scene, mode);
  }
  const floorShare =
    analysed.floor.reduce((sum, polygon) => sum + polygonArea(polygon), 0) / (scene.width * scene.height);
  if (floorShare >= MIN_FOUND_FLOOR) return analysed;
  // no floor found: the floor line's guess places the products (the receipt says to adjust them), kept off whatever
  // the analysis did find (windows, doors, pieces, anchors)
  const guess = guessedGeometry(scene, mode);
  return {
    ...guess,
    openings: analysed.openings,
    pieces: analysed.pieces,
    anchors: analysed.anchors.length > 0 ? analysed.anchors : guess.anchors,
  };
}

/** An analysis that finds less floor than this share of the picture has found none to place on. */
const MIN_FOUND_FLOOR = 0.02;

/** Where the products go: as adjusted, by the space's layout, by an estimated one, or the safe layout. */
function arrange(input: LocalDesignInput, scene: Raster, items: Array<ArrangeItem & LayoutItemExtras>): Arrangement {
  const layout = input.layout ?? null;
  if (input.placements) {
    const known = new Map(items.map((item) => [item.index, item]));
    const placements = input.placements.flatMap(({ index, box, replaced }): Placement[] => {
      const item = known.get(index);
      if (!item) return [];
      const fitted = fitBox(box, scene);
      const pose = item.pose;
      return [
        {
          index,
          role: item.role,
          ...fitted,
          pose,
          ...(replaced ? { replaced } : {}),
          ...(pose === 'suspended' && !item.strand
            ? { cord: { x: Math.round(fitted.x + fitted.width / 2), y: fitted.y + 2, top: 0 } }
            : {}),
        },
      ];
    });
    const layer = (p: Placement) => ({ flat: 0, hung: 1, standing: 2, suspended: 3 })[p.pose];
    // back to front by where they stand: lower in the frame is nearer
    placements.sort((a, b) => layer(a) - layer(b) || a.y + a.height - (b.y + b.height) || a.index - b.index);
    return { placements, basis: 'adjusted', lightFrom: layout?.lightFrom ?? 'left' };
  }
  if (!layout) {
    // an uploaded photo: placed on its geometry, found or guessed; never the old row
    const geometry = photoGeometryOf(scene, input.mode, input.geometry);
    const placed = placeOnGeometry(
      items.map(({ index, role, kind, aspect }) => ({
        index,
        role,
        kind,
        aspect,
        ...(input.products[index]?.size ? { size: input.products[index].size } : {}),
      })),
      geometry,
      scene,
    );
    return {
      placements: placed.placements,
      basis: geometry.source,
      lightFrom: brighterSide(scene),
      onGeometry: { geometry, leftOut: placed.leftOut, erase: placed.erase, onFloor: placed.onFloor },
    };
  }
  const estimated = layout ? null : estimateLayout(scene, input.mode);
  const known = layout ?? estimated;
  if (known) {
    const arranged = arrangeInLayout(items, known, layout ? (input.replacements ?? []) : [], scene);
    const placements = arranged.map(({ index, role, x, y, width, height, pose, replaced, cord, farScale, z }) => ({
      index,
      role,
      x,
      y,
      width,
      height,
      pose,
      z,
      ...(replaced ? { replaced } : {}),
      ...(cord ? { cord } : {}),
      ...(farScale !== undefined ? { farScale } : {}),
    }));
    return { placements, basis: layout ? 'seeded' : 'estimated', lightFrom: known.lightFrom };
  }
  const floorY = Math.round(scene.height * estimateFloorLine(scene));
  const placements = layOutProducts(items, { width: scene.width, height: scene.height, floorY, mode: input.mode });
  return { placements, basis: 'fallback', lightFrom: brighterSide(scene) };
}

interface LayoutItemExtras {
  centre: boolean;
  strand: boolean;
  pose: Placement['pose'];
}

/** A box kept inside the picture, in whole pixels. */
function fitBox(box: PixelBox, scene: Raster): PixelBox {
  const width = Math.max(1, Math.min(scene.width, Math.round(box.width)));
  const height = Math.max(1, Math.min(scene.height, Math.round(box.height)));
  return {
    x: Math.min(Math.max(0, Math.round(box.x)), scene.width - width),
    y: Math.min(Math.max(0, Math.round(box.y)), scene.height - height),
    width,
    height,
  };
}

const poseOfRole = (role: Placement['role']): Placement['pose'] =>
  role === 'rug' ? 'flat' : role === 'wall' ? 'hung' : role === 'overhead' ? 'suspended' : 'standing';

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
  const items = cuts.flatMap((cut, index) => {
    if (!cut) return [];
    const product = input.products[index]!;
    const role = placementRoleOf(product.category, product.name);
    return [
      {
        index,
        role,
        kind: seedKindOf(product.category, product.name),
        centre: prefersCentre(product.category, product.name),
        strand: isStrand(product.category, product.name),
        pose: poseOfRole(role),
        aspect: cut.plan.box.width / cut.plan.box.height,
      },
    ];
  });
  const seed = input.seed ?? 0;
  const { placements, basis, lightFrom, onGeometry } = arrange(input, scene, items);
  // the room as the person wants it, before any product is drawn: what they erased and what a product replaces
  const erased = eraseScene(
    scene,
    input.erase,
    replacedPiecesOf(scene, placements, onGeometry?.erase),
    onGeometry ? otherPiecesOf(onGeometry.geometry, onGeometry.erase, scene) : [],
  );
  const sprites = await Promise.all(placements.map((p) => spriteOf(cuts[p.index]!, p.width, p.height)));
  // each product takes the light of the room where it stands, read before anything is drawn over it
  sprites.forEach((sprite, n) => matchLight(sprite, scene, placements[n]!, lightFrom));
  let geometry: GeometryOutcome | undefined;
  if (onGeometry) {
    const hidden = drawOnGeometry(scene, sprites, placements, onGeometry.geometry, onGeometry.erase, lightFrom);
    geometry = {
      source: onGeometry.geometry.source,
      onFloor: onGeometry.onFloor,
      leftOut: onGeometry.leftOut,
      erase: onGeometry.erase,
      where: placements.map((p) => ({ index: p.index, words: (p as { where?: string }).where ?? '' })),
      hidden,
    };
  } else {
    placements.forEach((placement, n) => drawPlacement(scene, sprites[n]!, placement, lightFrom));
  }
  if (input.layout) await drawOccluders(scene, input.layout, placements, input.replacements ?? []);

  applyGrade(
    scene,
    gradeForSeed(gradeFromAnswers(input.answers, input.mode, `${input.spaceType} ${input.styleText ?? ''}`), seed),
  );
  const bytes = await sharp(scene.data, { raw: { width: scene.width, height: scene.height, channels: 3 } })
    .webp(WEBP_OPTIONS)
    .toBuffer();
  return {
    bytes,
    contentType: 'image/webp',
    width: scene.width,
    height: scene.height,
    placements,
    layoutBasis: basis,
    ...(geometry ? { geometry } : {}),
    ...(erased ? { erased } : {}),
    ...(onGeometry ? { pieces: foundPiecesOf(onGeometry.geometry, new Set(onGeometry.erase.map((e) => e.id))) } : {}),
  };
}

/**
 * Draws products on an uploaded photo's geometry, far to near. After each product, the room's own pieces that stand
 * in front of it get their own pixels back over it, column by column (where the piece's bottom edge is nearer than
 * the product's base), so the new sofa stands behind the old coffee table and a rug lies under the chairs. Answers
 * the share of the photo's furniture and openings (the pieces replaced left out) that the products still hide.
 */
function drawOnGeometry(
  scene: Raster,
  sprites: Raster[],
  placements: readonly Placement[],
  geometry: PhotoGeometry,
  erase: GeometryOutcome['erase'],
  lightFrom: 'left' | 'right',
): number {
  const { width, height } = scene;
  const kx = width / geometry.width;
  const ky = height / geometry.height;
  const original = Uint8Array.from(scene.data);
  const cover = new Uint8Array(width * height);
  const replaced = new Set(erase.map((e) => e.id));
  // a sliver (a floorboard's seam taken for a piece) stands in front of nothing: only solid pieces are redrawn
  const solid = (polygon: ReadonlyArray<readonly [number, number]>) => {
    const b = boundsOf(polygon);
    const area = polygonArea(polygon);
    return area >= width * height * 0.001 && area >= (b.right - b.left) * (b.bottom - b.top) * 0.25;
  };
  const pieces = geometry.pieces.flatMap((piece, n) => {
    const polygon = scalePolygon(piece.polygon, kx, ky);
    return replaced.has(`piece-${n + 1}`) || !solid(polygon) ? [] : [pieceMaskOf(polygon, width, height)];
  });
  placements.forEach((placement, n) => {
    const sprite = sprites[n]!;
    let box = {
      left: placement.x,
      top: placement.y,
      right: placement.x + placement.width,
      bottom: placement.y + placement.height,
    };
    if (placement.pose === 'flat' && placement.quad) {
      const warped = warpToQuad(sprite, placement.quad);
      const b = boundsOf(placement.quad);
      drawEllipseShadow(
        scene,
        (b.left + b.right) / 2,
        b.top + (b.bottom - b.top) * 0.55,
        (b.right - b.left) * 0.5,
        (b.bottom - b.top) * 0.6,
        0.1,
      );
      blendSprite(scene, warped.sprite, warped.left, warped.top);
      markCover(cover, width, height, warped.sprite, warped.left, warped.top);
      box = b;
    } else {
      drawPlacement(scene, sprite, placement, lightFrom);
      markCover(cover, width, height, sprite, placement.x, placement.y);
      // its shadows reach a little past its box
      box = {
        ...box,
        left: box.left - placement.width * 0.2,
        right: box.right + placement.width * 0.2,
        bottom: box.bottom + placement.height * 0.06,
      };
    }
    // a wall piece is behind everything that stands; a pendant hangs in front of it
    if (placement.pose === 'hung' || placement.pose === 'suspended') return;
    const base = placement.baseY ?? placement.y + placement.height;
    for (const piece of pieces) restoreInFront(scene, original, cover, piece, box, base);
  });
  return hiddenShare(cover, width, height, keptRegionsOf(geometry, [...replaced], scene));
}

interface PieceMask {
  mask: CellMask;
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** Per column (from `left`), the piece's lowest row there: where it stands. */
  bottoms: Int32Array;
}

function pieceMaskOf(polygon: ReadonlyArray<readonly [number, number]>, width: number, height: number): PieceMask {
  const mask = new CellMask(width, height, 1).fill(polygon);
  const b = boundsOf(polygon);
  const left = Math.max(0, Math.floor(b.left));
  const right = Math.min(width, Math.ceil(b.right));
  const top = Math.max(0, Math.floor(b.top));
  const bottom = Math.min(height, Math.ceil(b.bottom));
  const bottoms = new Int32Array(Math.max(0, right - left)).fill(-1);
  for (let x = left; x < right; x++) {
    for (let y = bottom - 1; y >= top; y--) {
      if (mask.cells[y * width + x]) {
        bottoms[x - left] = y;
        break;
      }
    }
  }
  return { mask, left, right, top, bottom, bottoms };
}

/** Puts a piece's own pixels back inside a drawn box, in the columns where the piece stands nearer than `base`. */
function restoreInFront(
  scene: Raster,
  original: Uint8Array,
  cover: Uint8Array,
  piece: PieceMask,
  box: { left: number; top: number; right: number; bottom: number },
  base: number,
) {
  const x0 = Math.max(piece.left, Math.floor(box.left));
  const x1 = Math.min(piece.right, Math.ceil(box.right));
  const y0 = Math.max(piece.top, Math.floor(box.top));
  const y1 = Math.min(piece.bottom, Math.ceil(box.bottom));
  if (x0 >= x1 || y0 >= y1) return;
  const { width } = scene;
  for (let x = x0; x < x1; x++) {
    if (piece.bottoms[x - piece.left]! <= base + 2) continue;
    for (let y = y0; y < y1; y++) {
      const i = y * width + x;
      if (!piece.mask.cells[i]) continue;
      cover[i] = 0;
      scene.data[i * 3] = original[i * 3]!;
      scene.data[i * 3 + 1] = original[i * 3 + 1]!;
      scene.data[i * 3 + 2] = original[i * 3 + 2]!;
    }
  }
}

/** Marks the scene pixels a sprite covers (more than half opaque). */
function markCover(cover: Uint8Array, width: number, height: number, sprite: Raster, left: number, top: number) {
  for (let y = Math.max(0, -top); y < sprite.height && top + y < height; y++) {
    for (let x = Math.max(0, -left); x < sprite.width && left + x < width; x++) {
      if (sprite.data[(y * sprite.width + x) * 4 + 3]! > 127) cover[(top + y) * width + left + x] = 1;
    }
  }
}

/** The share of the regions' area (sampled every few pixels) that the drawn products cover. */
function hiddenShare(
  cover: Uint8Array,
  width: number,
  height: number,
  regions: ReadonlyArray<ReadonlyArray<readonly [number, number]>>,
): number {
  if (regions.length === 0) return 0;
  const mask = new CellMask(width, height, 4);
  for (const region of regions) mask.fill(region);
  let inside = 0;
  let covered = 0;
  for (let r = 0; r < mask.rows; r++) {
    for (let c = 0; c < mask.cols; c++) {
      if (!mask.cells[r * mask.cols + c]) continue;
      inside++;
      const x = Math.min(width - 1, c * 4 + 2);
      const y = Math.min(height - 1, r * 4 + 2);
      covered += cover[y * width + x]!;
    }
  }
  return inside === 0 ? 0 : covered / inside;
}
