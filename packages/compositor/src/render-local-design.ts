import type { DrawnView, FloorQuad, Mode } from '@dwellscape/shared';
import sharp from 'sharp';
import { arrangeInLayout, overlapShare, seedKindOf, type ArrangeItem, type Replacement } from './arrange';
import { cutOutSprite, planCutOut, type CutOutPlan } from './cutout';
import { baseSpanOfPlan, type BaseSpan } from './contact';
import {
  blendSprite,
  blurMask,
  drawContactShadow,
  drawCord,
  drawSilhouetteShadow,
  drawWallShadow,
  matchLight,
  warpToQuad,
  topFaceOf,
} from './draw';
import { brighterSide, estimateLayout } from './estimate-layout';
import { estimateFloorLine } from './floor';
import { analyzePhoto } from './geometry';
import type { PhotoGeometry } from './geometry/types';
import { guessedGeometry } from './guessed-geometry';
import {
  checkSizeCm,
  keptRegionsOf,
  placeOnGeometry,
  placeOnPersonsFloor,
  type LeftOut,
  type SizeCm,
} from './place-on-geometry';
import { boundsOf, CellMask, polygonArea, scalePolygon } from './polygon';
import { applyGrade, tonesOf } from './grade';
import { floorQuadOfCamera, layersOf, type RenderLayers } from './layers';
import { isStrand, layOutProducts, placementRoleOf, prefersCentre, type Placement } from './layout';
import type { PixelBox, SpaceLayout } from './space-layout';
import { gradeFromAnswers } from './palette';
import { clamp, halve, type Raster } from './raster';
import { worldXAt } from './space-layout';
import {
  turnedBox,
  turnedChoice,
  viewInLayout,
  viewOnGeometry,
  warpToVanishingPoint,
  type ProductView,
  type ViewChoice,
} from './views';
import { arrangeVariation, gradeForSeed, type LabelContext } from './variation';
import { eraseScene, planeMapOf, planesOfFloorLine, type EraseInput, type ErasedScene } from './inpaint';
import { Memo, memoKey } from './memo';

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
  /**
   * A catalogue product's pictures for the render (decision 0045): alone on a transparent frame, from the front and
   * turned to show its side on the picture's left or right. Drawn instead of `bytes` when given; the view is the one
   * that faces the camera as the wall behind the product does.
   */
  views?: Partial<Record<ProductView, Uint8Array>>;
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
   * pixels; a product not listed is left out. A standing one is drawn from `view` (the view its render answered: a
   * variation's turn or the wall's, with its warp), else from the front.
   */
  placements?: Array<{ index: number; box: PixelBox; replaced?: string; view?: DrawnView }>;
  /**
   * With `placements`: the floor a person set (near left, near right, far right, far left, output pixels) and the
   * products the render left out, by index, to place on it (placeOnPersonsFloor) beside the adjusted ones.
   */
  personsFloor?: { corners: Array<[number, number]>; indices: number[] };
  /**
   * Which variation (variation.ts): its own arrangement and light; the same seed gives the same bytes; 0 or none is
   * the plain render. Adjusted placements are drawn as they are, in the seed's light.
   */
  seed?: number;
  /**
   * An uploaded photo's geometry (floor, walls, openings, pieces), in any pixel size of the photo's frame: products
   * are placed on it. Without it (and without `layout`) it is worked out from the photo.
   */
  geometry?: PhotoGeometry;
  /** Also answer the pictures to adjust the render live (decision 0046); the render's bytes are the same either way. */
  layers?: boolean;
  /**
   * What the person erased (brush strokes, pieces the geometry found), in fractions of the render: filled from the
   * rest of the photo before products are drawn (decision 0047).
   */
  erase?: EraseInput;
  /**
   * Also answer the scene as erased, before any product is drawn or the grade is applied (`erasedScene`), when
   * anything was erased: what a remote edit sends and pastes back (decision 0060).
   */
  keepErasedScene?: boolean;
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
  /**
   * What this variation's arrangement changes from the first's, in a few words ('Sofa by the window', 'Rug turned');
   * the first's says where its main product stands. None for adjusted placements.
   */
  label?: string;
  /** For an uploaded photo placed on its geometry. */
  geometry?: GeometryOutcome;
  /**
   * The floor the products stand on, in output pixels (near left, near right, far right, far left): from the space's
   * or the photo's camera; none for adjusted placements (the request carries the plane they stand on).
   */
  plane?: Array<[number, number]>;
  /**
   * Adjusted placements on a floor the person set: the left-out products that still found no room on it, and why.
   */
  leftOut?: LeftOut[];
  /** When asked (`layers`): the render without its products and each product as drawn, to adjust it live. */
  layers?: RenderLayers;
  /** What was erased from the photo (asked for, or replaced by a product), when anything was. */
  erased?: ErasedScene;
  /** When asked (`keepErasedScene`) and anything was erased: the photo in the render's frame, erased, ungraded. */
  erasedScene?: Raster;
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
    // a piece's outline may run past the picture's edge (a silhouette's hull): the tool offers the part inside it
    const fraction = (v: number, size: number) => Math.round(Math.min(1, Math.max(0, v / size)) * 10_000) / 10_000;
    const polygon = piece.polygon.map(([x, y]) => ({
      x: fraction(x, geometry.width),
      y: fraction(y, geometry.height),
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
 * For the erase, which pixels lie on the floor or ground (the geometry's, in the scene's pixels; without a geometry,
 * below the picture's floor line) and which off it, so that the fill takes the floor from the floor and the wall from
 * the wall (decision 0064). None when nothing is erased.
 */
function floorPlanesOf(
  geometry: PhotoGeometry | undefined,
  scene: Raster,
  asked: EraseInput | undefined,
  replaced: GeometryOutcome['erase'],
): Uint8Array | undefined {
  if (replaced.length === 0 && (!asked || (asked.strokes.length === 0 && asked.pieces.length === 0))) return undefined;
  if (!geometry) return planesOfFloorLine(scene);
  const { width, height } = scene;
  const kx = width / geometry.width;
  const ky = height / geometry.height;
  const floors = [...geometry.floor, ...geometry.ground.map((region) => region.polygon)];
  return planeMapOf(
    floors.map((polygon) => scalePolygon(polygon, kx, ky)),
    width,
    height,
  );
}

/**
 * The room's pieces the products take the place of, in the scene's pixels: the ones placement put in `erase` (each
 * placement's `replaces` names the same piece, decision 0042).
 */
function replacedPiecesOf(
  erase: GeometryOutcome['erase'] | undefined,
): Array<{ polygon: Array<readonly [number, number]> }> {
  return (erase ?? []).map((e) => ({ polygon: [...e.polygon] }));
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

/**
 * Cut-outs kept per thread (decoded detail copy and plan): a job's four variations, a re-composite and the next job
 * with the same catalogue products cut each picture once. A cut-out is at most 800² RGBA and its 400² alpha, some
 * 3 MB: the budget holds a job's six products with their turned views.
 */
const cutOuts = new Memo<LoadedCutOut>(64 * 1024 * 1024);
/** A photo's analysis, kept per thread for the other variations of the same picture: small, the analysis is not. */
const analyses = new Memo<PhotoGeometry>(8 * 1024 * 1024);

/** Forgets what the memos keep (tests that count the work done). */
export function forgetRenderMemos(): void {
  cutOuts.clear();
  analyses.clear();
}

/** A product that cannot be decoded is left out, as the UI hides an image that fails to load. */
async function loadCutOut(product: ProductImage, maxInputPixels: number): Promise<LoadedCutOut | null> {
  const key = memoKey(product.bytes, maxInputPixels);
  const kept = cutOuts.get(key);
  if (kept) return kept;
  const loaded = await cutOutOf(product, maxInputPixels);
  if (loaded) {
    const bytes = loaded.detail.data.byteLength + (loaded.plan.alpha?.byteLength ?? 0);
    cutOuts.set(key, loaded, bytes);
  }
  return loaded;
}

async function cutOutOf(product: ProductImage, maxInputPixels: number): Promise<LoadedCutOut | null> {
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
    // a layout's rug: its far edge narrower than its near one by farScale, about its box's centre
    const inset = (width * (1 - (placement.farScale ?? 0.78))) / 2;
    const quad = [
      [x + inset, y],
      [x + width - inset, y],
      [x + width, y + height],
      [x, y + height],
    ] as const;
    drawFlatOnQuad(scene, resized, quad);
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
  // on the floor it follows the piece's own footprint, darkest where it touches, a softer copy away from the light
  drawContactShadow(scene, resized, x, y, away);
  blendSprite(scene, resized, x, y, 0.12);
}

/** The view a standing product is drawn from: by the photo's walls, or by a drawn space's camera. */
function viewOf(
  input: LocalDesignInput,
  scene: Raster,
  p: Placement,
  geometry: PhotoGeometry | undefined,
): ViewChoice | null {
  if (geometry) return viewOnGeometry(geometry, p, scene.width / geometry.width, scene.height / geometry.height);
  const layout = input.layout;
  if (!layout || p.z === undefined) return null;
  const kx = scene.width / layout.width;
  return viewInLayout(layout.camera, worldXAt(layout.camera, (p.x + p.width / 2) / kx, p.z), p.z);
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
  /** What the variation changes (variation.ts). */
  label?: string;
  /** An uploaded photo's: the geometry the products were placed on, and what placing found. */
  onGeometry?: { geometry: PhotoGeometry; leftOut: LeftOut[]; erase: GeometryOutcome['erase']; onFloor: number };
  plane?: Array<[number, number]>;
  /** Adjusted on a person's floor: the products still left out. */
  leftOut?: LeftOut[];
}

/**
 * An uploaded photo's geometry: the one given, else the analysis's (decision 0041), else a guess from the photo's
 * floor line that the receipt calls a guess.
 */
/**
 * The photo's analysis (analyzePhoto is a function of the picture and the mode), worked out once per thread for the
 * same picture: each variation of a job gets its own copy of the one analysis.
 */
function analysedOnce(scene: Raster, mode: Mode): PhotoGeometry {
  const key = memoKey(scene.data, scene.width, scene.height, mode);
  const kept = analyses.get(key);
  if (kept) return structuredClone(kept);
  const analysed = analyzePhoto(scene, mode);
  analyses.set(key, structuredClone(analysed), JSON.stringify(analysed).length * 2);
  return analysed;
}

export function photoGeometryOf(
  scene: Raster,
  mode: Mode,
  given?: PhotoGeometry,
  analyse: (scene: Raster, mode: Mode) => PhotoGeometry = analyzePhoto,
): PhotoGeometry {
  if (given) return given;
  let analysed: PhotoGeometry;
  try {
    analysed = analyse === analyzePhoto ? analysedOnce(scene, mode) : analyse(scene, mode);
  } catch {
    // an analysis that fails on a photo must not fail the render: the guess gives the floor plane to correct, and
    // stands nothing on it (decision 0052)
    return { ...guessedGeometry(scene, mode), floorGuessed: true };
  }
  const floorShare =
    analysed.floor.reduce((sum, polygon) => sum + polygonArea(polygon), 0) / (scene.width * scene.height);
  if (floorShare >= MIN_FOUND_FLOOR) return analysed;
  // no floor found: the floor line's guess gives the floor plane a person corrects (the receipt says to adjust it),
  // but nothing says what stands on it, so no product stands, lies or hangs there (decision 0052); what the analysis
  // did find (windows, doors, pieces, anchors) is kept
  const guess = guessedGeometry(scene, mode);
  return {
    ...guess,
    floorGuessed: true,
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
    const placements = input.placements.flatMap(({ index, box, replaced, view }): Placement[] => {
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
          ...(view && pose === 'standing' ? { view: drawnViewOf(view, scene) } : {}),
          ...(pose === 'suspended' && !item.strand
            ? { cord: { x: Math.round(fitted.x + fitted.width / 2), y: fitted.y + 2, top: 0 } }
            : {}),
        },
      ];
    });
    let leftOut: LeftOut[] | undefined;
    const floor = input.personsFloor;
    if (floor && floor.corners.length === 4 && !layout) {
      // the products the render left out, on the floor the person set, clear of the found pieces and of the products
      // already standing (an uploaded photo's analysis gives the same pieces it gave the render)
      const listed = new Set(placements.map((p) => p.index));
      const wanted = new Set(floor.indices.filter((index) => !listed.has(index)));
      const geometry = photoGeometryOf(scene, input.mode, input.geometry);
      const onPersonsFloor = placeOnPersonsFloor(
        items
          .filter((item) => wanted.has(item.index))
          .map(({ index, role, kind, aspect }) => ({
            index,
            role,
            kind,
            aspect,
            ...(input.products[index]?.size ? { size: input.products[index].size } : {}),
          })),
        floor.corners as unknown as FloorQuad,
        geometry,
        scene,
        placements.filter((p) => p.pose === 'standing'),
      );
      for (const p of onPersonsFloor.placements) {
        const { index, role, x, y, width, height, pose, quad, farScale } = p;
        placements.push({
          index,
          role,
          x,
          y,
          width,
          height,
          pose,
          ...(quad ? { quad } : {}),
          ...(farScale !== undefined ? { farScale } : {}),
        });
      }
      leftOut = onPersonsFloor.leftOut;
    }
    const layer = (p: Placement) => ({ flat: 0, hung: 1, standing: 2, suspended: 3 })[p.pose];
    // back to front by where they stand: lower in the frame is nearer
    placements.sort((a, b) => layer(a) - layer(b) || a.y + a.height - (b.y + b.height) || a.index - b.index);
    return { placements, basis: 'adjusted', lightFrom: layout?.lightFrom ?? 'left', ...(leftOut ? { leftOut } : {}) };
  }
  if (!layout) {
    // an uploaded photo: placed on its geometry, found or guessed; never the old row
    const geometry = photoGeometryOf(scene, input.mode, input.geometry);
    const geometryItems = items.map(({ index, role, kind, aspect, base }) => ({
      index,
      role,
      kind,
      aspect,
      base,
      ...(input.products[index]?.size ? { size: input.products[index].size } : {}),
    }));
    // every variation's arrangement up to this one, in order: the last is this one's
    const runs: ReturnType<typeof placeOnGeometry>[] = [];
    const kx = scene.width / geometry.width;
    const ky = scene.height / geometry.height;
    const windows = geometry.openings
      .filter((o) => o.kind === 'window')
      .map((o) => {
        const b = boundsOf(scalePolygon(o.polygon, kx, ky));
        return { x: b.left, y: b.top, width: b.right - b.left, height: b.bottom - b.top };
      });
    const variation = arrangeVariation(
      input.seed ?? 0,
      (options) => {
        runs.push(placeOnGeometry(geometryItems, geometry, scene, options));
        return runs.at(-1)!.placements;
      },
      labelContext(
        items,
        scene,
        windows,
        (id) => geometry.pieces[Number(id.replace('piece-', '')) - 1]?.kind ?? null,
        input,
        (p) => viewOf(input, scene, p, geometry)?.view ?? null,
      ),
    );
    const placed = runs.at(-1)!;
    const floorTop = geometry.floor.flat().reduce((top, [, y]) => Math.min(top, y * ky), Infinity);
    const plane = floorQuadOfCamera(
      { cx: geometry.camera.cx * kx, horizon: geometry.camera.horizonY * ky, roll: geometry.camera.roll },
      scene.width,
      scene.height,
      Number.isFinite(floorTop) ? floorTop : null,
    );
    return {
      placements: variation.placements,
      basis: geometry.source,
      lightFrom: brighterSide(scene),
      label: variation.label,
      onGeometry: { geometry, leftOut: placed.leftOut, erase: placed.erase, onFloor: placed.onFloor },
      ...(plane ? { plane } : {}),
    };
  }
  const estimated = layout ? null : estimateLayout(scene, input.mode);
  const known = layout ?? estimated;
  if (known) {
    const replacements = layout ? (input.replacements ?? []) : [];
    const kindOfPlace = new Map(known.places.map((p) => [p.id, p.kind]));
    const { placements: arranged, label } = arrangeVariation(
      input.seed ?? 0,
      (options) => arrangeInLayout(items, known, replacements, scene, options),
      labelContext(
        items,
        scene,
        [],
        (id) => kindOfPlace.get(id) ?? null,
        input,
        (p) => viewOf(input, scene, p, undefined)?.view ?? null,
      ),
    );
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
    // a variation's product turned on its spot (variation.ts)
    arranged.forEach((p: Placement, n) => Object.assign(placements[n]!, turnedOf(p)));
    const ky = scene.height / known.height;
    const { camera } = known;
    const plane = floorQuadOfCamera(
      { cx: camera.cx * (scene.width / known.width), horizon: camera.horizon * ky },
      scene.width,
      scene.height,
      (camera.horizon + (camera.f * camera.eye) / known.backZ) * ky,
    );
    return {
      placements,
      basis: layout ? 'seeded' : 'estimated',
      lightFrom: known.lightFrom,
      label,
      ...(plane ? { plane } : {}),
    };
  }
  const floorY = Math.round(scene.height * estimateFloorLine(scene));
  const placements = layOutProducts(items, { width: scene.width, height: scene.height, floorY, mode: input.mode });
  return { placements, basis: 'fallback', lightFrom: brighterSide(scene) };
}

const turnedOf = (p: Pick<Placement, 'turned'>) => (p.turned ? { turned: p.turned } : {});

/**
 * A view an adjustment brought back, as it is drawn. Its warp is left off when its numbers are not finite, or when its
 * horizon lies further than `MAX_HORIZON_OFF` picture heights above or below the picture: the warp scales about the
 * horizon, and one that far would draw the sprite thousands of rows tall: a request could ask for one.
 */
function drawnViewOf({ view, recede }: DrawnView, scene: Raster): DrawnView {
  const reach = MAX_HORIZON_OFF * scene.height;
  return recede &&
    Number.isFinite(recede.vanishingX) &&
    Number.isFinite(recede.horizonY) &&
    recede.horizonY >= -reach &&
    recede.horizonY <= scene.height + reach
    ? { view, recede: { vanishingX: recede.vanishingX, horizonY: recede.horizonY } }
    : { view };
}

/** How many picture heights above or below the picture an adjusted placement's warp may put the horizon. */
const MAX_HORIZON_OFF = 4;

function labelContext(
  items: readonly ArrangeItem[],
  scene: Raster,
  windows: LabelContext['windows'],
  pieceKindOf: LabelContext['pieceKindOf'],
  input: LocalDesignInput,
  viewOfPlacement: (p: Placement) => ProductView | null,
): LabelContext {
  const kinds = new Map(items.map((item) => [item.index, item.kind]));
  return {
    kindOf: (index) => kinds.get(index) ?? null,
    pieceKindOf,
    windows,
    frameWidth: scene.width,
    // a product can be turned on its spot when it comes drawn from both three-quarter views
    canTurn: (index) => Boolean(input.products[index]?.views?.left && input.products[index]?.views?.right),
    viewOf: viewOfPlacement,
  };
}

interface LayoutItemExtras {
  centre: boolean;
  strand: boolean;
  pose: Placement['pose'];
  /** Where its picture's base lies across its width (contact.ts). */
  base: BaseSpan;
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
  for (const product of input.products) if (product.size) checkSizeCm(product.size);
  const [scene, ...cuts] = await Promise.all([
    loadScene(input.spaceImage, input.width, input.maxInputPixels),
    ...input.products.map((product) =>
      loadCutOut(product.views?.front ? { bytes: product.views.front } : product, input.maxInputPixels),
    ),
  ]);
  const turnedCuts = await Promise.all(
    input.products.map(async (product) => ({
      left: product.views?.left ? await loadCutOut({ bytes: product.views.left }, input.maxInputPixels) : null,
      right: product.views?.right ? await loadCutOut({ bytes: product.views.right }, input.maxInputPixels) : null,
    })),
  );
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
        base: baseSpanOfPlan(cut.plan, cut.detail, cut.shrink),
      },
    ];
  });
  const seed = input.seed ?? 0;
  const { placements, basis, lightFrom, label, onGeometry, plane, leftOut } = arrange(input, scene, items);
  // the room as the person wants it, before any product is drawn: what they erased and what a product replaces
  const otherPieces = onGeometry ? otherPiecesOf(onGeometry.geometry, onGeometry.erase, scene) : [];
  const erased = eraseScene(
    scene,
    input.erase,
    replacedPiecesOf(onGeometry?.erase),
    otherPieces,
    floorPlanesOf(onGeometry?.geometry, scene, input.erase, onGeometry?.erase ?? []),
    otherPieces,
  );
  const erasedScene: Raster | null =
    erased && input.keepErasedScene ? { ...scene, data: Uint8Array.from(scene.data) } : null;
  // standing products are drawn from the view that faces the camera, warped to the wall's perspective
  const drawn = await Promise.all(
    placements.map(async (p) => {
      // a variation's turn is drawn whatever the wall says (its answered view says the same). Otherwise an adjusted
      // placement is drawn from the view its render drew it from (`view`, what the live adjuster showed), with the
      // same warp: moved or scaled, its rows still run to the same vanishing point, from its new near edge and base,
      // though the wall behind its new spot may be another. One saved before renders said their view is drawn from
      // the front
      const choice: Pick<ViewChoice, 'view' | 'recede'> | null =
        p.pose !== 'standing'
          ? null
          : p.turned
            ? turnedChoice(p.turned)
            : p.view
              ? p.view
              : basis === 'adjusted'
                ? null
                : viewOf(input, scene, p, onGeometry?.geometry);
      const turned = choice && choice.view !== 'front' ? turnedCuts[p.index]![choice.view] : null;
      let placement = p;
      let sprite: Raster;
      if (turned) {
        // the turned picture keeps the box's base; its shape is its own (views.ts, turnedBox)
        const kind = items.find((item) => item.index === p.index)?.kind ?? null;
        placement = turnedBox(p, turned.plan.box.width / turned.plan.box.height, kind);
        sprite = await spriteOf(turned, placement.width, placement.height);
      } else {
        sprite = await spriteOf(cuts[p.index]!, p.width, p.height);
      }
      if (choice?.recede) {
        const warped = warpToVanishingPoint(sprite, placement.x, placement.y, choice.recede);
        placement = { ...placement, y: warped.top, height: warped.sprite.height };
        sprite = warped.sprite;
      }
      // the view as drawn: a product without the turned picture is drawn from its front, warped all the same
      const view: DrawnView | null =
        p.pose === 'standing'
          ? { view: turned ? choice!.view : 'front', ...(choice?.recede ? { recede: { ...choice.recede } } : {}) }
          : null;
      return { placement, sprite, view };
    }),
  );
  // the placements answered say each standing product's view, for an adjustment to bring back
  const answered = placements.map((p, n): Placement => {
    const view = drawn[n]!.view;
    return view ? { ...p, view } : p;
  });
  const sprites = drawn.map((d) => d.sprite);
  const drawnAt = drawn.map((d) => d.placement);
  // each product takes the light of the room where it stands, read before anything is drawn over it
  sprites.forEach((sprite, n) => matchLight(sprite, scene, drawnAt[n]!, lightFrom));
  // the scene before any product is drawn: the live adjuster's base
  const empty = input.layers ? Uint8Array.from(scene.data) : null;
  let geometry: GeometryOutcome | undefined;
  if (onGeometry) {
    const hidden = drawOnGeometry(scene, sprites, drawnAt, onGeometry.geometry, onGeometry.erase, lightFrom);
    geometry = {
      source: onGeometry.geometry.source,
      onFloor: onGeometry.onFloor,
      leftOut: onGeometry.leftOut,
      erase: onGeometry.erase,
      where: placements.map((p) => ({ index: p.index, words: (p as { where?: string }).where ?? '' })),
      hidden,
    };
  } else {
    drawnAt.forEach((placement, n) => drawPlacement(scene, sprites[n]!, placement, lightFrom));
  }
  if (input.layout) await drawOccluders(scene, input.layout, placements, input.replacements ?? []);

  const grade = gradeForSeed(
    gradeFromAnswers(input.answers, input.mode, `${input.spaceType} ${input.styleText ?? ''}`),
    seed,
  );
  // the layers take the finished picture's grade: its tones, read before it is graded
  const layers = empty
    ? await layersOf({
        empty: { data: empty, width: scene.width, height: scene.height, channels: 3 },
        sprites,
        // where each product is drawn: a turned view's box follows its own shape
        placements: drawnAt,
        grade,
        tones: tonesOf(scene),
        draw: (target, sprite, placement) =>
          onGeometry
            ? drawOnFloor(target, sprite, placement, lightFrom)
            : drawPlacement(target, sprite, placement, lightFrom),
      })
    : undefined;
  applyGrade(scene, grade);
  const bytes = await sharp(scene.data, { raw: { width: scene.width, height: scene.height, channels: 3 } })
    .webp(WEBP_OPTIONS)
    .toBuffer();
  return {
    bytes,
    contentType: 'image/webp',
    width: scene.width,
    height: scene.height,
    placements: answered,
    layoutBasis: basis,
    ...(label ? { label } : {}),
    ...(geometry ? { geometry } : {}),
    ...(plane ? { plane } : {}),
    ...(leftOut ? { leftOut } : {}),
    ...(layers ? { layers } : {}),
    ...(erased ? { erased } : {}),
    ...(erasedScene ? { erasedScene } : {}),
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
      const warped = drawFlatOnQuad(scene, sprite, placement.quad);
      markCover(cover, width, height, warped.sprite, warped.left, warped.top);
      box = boundsOf(placement.quad);
    } else {
      drawPlacement(scene, sprite, placement, windowSideOf(geometry, placement, kx) ?? lightFrom);
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

/**
 * The side a standing product's light comes from when the photo shows a window: the nearest window's (by its centre
 * column), so that its shadow falls away from it; none without a window.
 */
function windowSideOf(geometry: PhotoGeometry, placement: Placement, kx: number): 'left' | 'right' | null {
  const centre = (placement.x + placement.width / 2) / kx;
  let nearest: number | null = null;
  for (const opening of geometry.openings) {
    if (opening.kind !== 'window') continue;
    const b = boundsOf(opening.polygon);
    const middle = (b.left + b.right) / 2;
    if (nearest === null || Math.abs(middle - centre) < Math.abs(nearest - centre)) nearest = middle;
  }
  return nearest === null ? null : nearest <= centre ? 'left' : 'right';
}

/**
 * A rug or pavers warped onto their floor corners: the top face of their picture (topFaceOf), so they lie flat, with
 * no edge band or shadow past their outline (a rug a centimetre thick shows neither); answers the warped sprite.
 */
function drawFlatOnQuad(scene: Raster, sprite: Raster, quad: ReadonlyArray<readonly [number, number]>) {
  const warped = warpToQuad(sprite, quad, topFaceOf(sprite));
  blendSprite(scene, warped.sprite, warped.left, warped.top);
  return warped;
}

/** One product as drawOnGeometry draws it, without the room's pieces in front of it. */
function drawOnFloor(scene: Raster, sprite: Raster, placement: Placement, lightFrom: 'left' | 'right'): void {
  if (placement.pose === 'flat' && placement.quad) drawFlatOnQuad(scene, sprite, placement.quad);
  else drawPlacement(scene, sprite, placement, lightFrom);
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

/**
 * Puts a piece's own pixels back inside a drawn box, in the columns where the piece stands nearer than `base`. The
 * piece's outline comes from the analysis's coarse regions (stair-stepped at their cells) and the columns it is
 * restored in end abruptly: the restored mask is softened over a few pixels (FEATHER_SHARE of the scene's width), so
 * its edge runs smooth across the product rather than cutting square notches out of it. Where it is half restored or
 * more, the product no longer covers the scene.
 */
function restoreInFront(
  scene: Raster,
  original: Uint8Array,
  cover: Uint8Array,
  piece: PieceMask,
  box: { left: number; top: number; right: number; bottom: number },
  base: number,
) {
  const { width, height } = scene;
  const x0 = Math.max(piece.left, Math.floor(box.left));
  const x1 = Math.min(piece.right, Math.ceil(box.right));
  const y0 = Math.max(piece.top, Math.floor(box.top));
  const y1 = Math.min(piece.bottom, Math.ceil(box.bottom));
  if (x0 >= x1 || y0 >= y1) return;
  const r = Math.max(1, Math.round(width * FEATHER_SHARE));
  // the mask is softened around the box, with room for the blur; only the box is drawn over
  const pad = 2 * r;
  const fx0 = Math.max(0, x0 - pad);
  const fy0 = Math.max(0, y0 - pad);
  const fx1 = Math.min(width, x1 + pad);
  const fy1 = Math.min(height, y1 + pad);
  const w = fx1 - fx0;
  const h = fy1 - fy0;
  const hard = new Float32Array(w * h);
  let any = false;
  // the hard mask runs on past the box, so the softening does not fade it at the box's edge
  for (let x = Math.max(piece.left, fx0); x < Math.min(piece.right, fx1); x++) {
    if (piece.bottoms[x - piece.left]! <= base + 2) continue;
    for (let y = Math.max(piece.top, fy0); y < Math.min(piece.bottom, fy1); y++) {
      if (!piece.mask.cells[y * width + x]) continue;
      hard[(y - fy0) * w + x - fx0] = 1;
      any = true;
    }
  }
  if (!any) return;
  const soft = blurMask(hard, w, h, r);
  const bx0 = Math.max(0, Math.floor(box.left));
  const bx1 = Math.min(width, Math.ceil(box.right));
  const by0 = Math.max(0, Math.floor(box.top));
  const by1 = Math.min(height, Math.ceil(box.bottom));
  for (let y = Math.max(fy0, by0); y < Math.min(fy1, by1); y++) {
    for (let x = Math.max(fx0, bx0); x < Math.min(fx1, bx1); x++) {
      // the blurred mask's half level follows the outline, its corners rounded; a feather about 2r wide across it
      const a = clamp((soft[(y - fy0) * w + x - fx0]! - 0.1) / 0.8, 0, 1);
      if (a <= 0.004) continue;
      const i = y * width + x;
      if (a >= 0.5) cover[i] = 0;
      const keep = 1 - a;
      scene.data[i * 3] = Math.round(scene.data[i * 3]! * keep + original[i * 3]! * a);
      scene.data[i * 3 + 1] = Math.round(scene.data[i * 3 + 1]! * keep + original[i * 3 + 1]! * a);
      scene.data[i * 3 + 2] = Math.round(scene.data[i * 3 + 2]! * keep + original[i * 3 + 2]! * a);
    }
  }
}

/** How far (a share of the scene's width) a restored piece's edge is softened: 4 px at the server's 1600. */
const FEATHER_SHARE = 4 / 1600;

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
