import { Pen } from '../pen';
import { createRng } from '../prng';
import { drawProduct } from '../products';
import type { DrawFn, Figure, ProductKind, ProductLook } from '../products/types';
import { Defs, rect, translate } from '../svg';

export const SCENE_WIDTH = 1600;
export const SCENE_HEIGHT = 1200;

/** A product a scene must show: a design's, taking the place of the room's or yard's own. */
export interface SceneProduct {
  seed: string;
  look: ProductLook;
}

/** What a room's and a yard's drawing both take, beside their kind and palette. */
export interface SceneSpecBase {
  seed: string;
  /** products that must appear (a design's products); they take the places of the place's own */
  products?: readonly SceneProduct[];
  /** 'dated': a tired, bare version of the same place (its bones, in tired colours, without decor) */
  state: 'furnished' | 'dated';
  /** places (ScenePlace ids) drawn empty: the room or yard without the objects a render replaces */
  without?: ReadonlySet<string>;
  /** filled in with the camera and every place, taken or free, as the scene is drawn */
  probe?: SceneProbe;
}

/** The look of a scene's own piece of furniture: kind, colour, accent and variant. */
export const lookOf = (kind: ProductKind, color: string, accent: string, variant = 0): ProductLook => ({
  kind,
  color,
  accent,
  variant,
});

/**
 * A pinhole camera looking straight ahead (one-point perspective). World units are metres:
 * x to the right, y up from the floor, z away from the camera.
 */
export class Camera {
  constructor(
    readonly f: number,
    readonly cx: number,
    readonly horizon: number,
    readonly eye: number,
    readonly camX = 0,
  ) {}

  project(x: number, y: number, z: number): [number, number] {
    return [this.cx + (this.f * (x - this.camX)) / z, this.horizon - (this.f * (y - this.eye)) / z];
  }

  /** Pixels per metre at depth z. */
  scale(z: number): number {
    return this.f / z;
  }

  /** The depth at which the floor meets picture row y. */
  floorDepthAt(y: number): number {
    return (this.f * this.eye) / (y - this.horizon);
  }
}

/** A place furniture stands (or could stand) in a drawn scene, reported for the space's layout metadata. */
export interface ScenePlace {
  /** Stable for the scene: the drawn kind, the slot's number and the copy (`sofa-1`, `nightstand-2-1`). */
  id: string;
  /** What the place takes. */
  kinds: readonly ProductKind[];
  /** What is drawn there; null for a free place. */
  kind: ProductKind | null;
  /** World position in metres: x across, z the depth of the front edge, y the height of a hung piece. */
  x: number;
  z: number;
  y?: number;
  pose: 'standing' | 'flat' | 'hung' | 'suspended';
  /** Standing on another piece (a lamp on a nightstand). */
  on?: boolean;
  flat?: { width: number; depth: number };
  /** The drawing, for its bounding box in the picture. */
  svg?: string;
}

/** Filled in while a scene is drawn: its camera, its defs (for drawing one piece alone) and its places. */
export interface SceneProbe {
  places: ScenePlace[];
  camera?: Camera;
  defs?: Defs;
  /** Ceiling height in metres (rooms). */
  ceiling?: number;
  /** Depth of the back wall or fence in metres. */
  backZ?: number;
  /** The side the main light comes from. */
  lightFrom?: 'left' | 'right';
}

export const placeId = (kind: string, slot: number, copy: number) =>
  copy ? `${kind}-${slot}-${copy}` : `${kind}-${slot}`;

export interface Placement {
  look: ProductLook;
  /** stable seed for the product's small random details */
  seed: string;
  x: number;
  /** depth of the front of a floor item, or of the wall/ceiling point */
  z: number;
  /** wall items: centre height; ceiling items: height of the shade's bottom; floor items standing on something: its height */
  y?: number;
  /** flat items: footprint width and depth in metres (z is the front edge) */
  width?: number;
  depth?: number;
  /** span items: end points (x, y, z) and sag in metres */
  span?: { from: [number, number, number]; to: [number, number, number]; sag: number };
  ceiling?: number;
  /** draws the item larger or smaller than life (trees used as scenery) */
  scale?: number;
}

/** Draws a product into the scene at its place, in true perspective for its position. */
export function placeProduct(
  camera: Camera,
  defs: Defs,
  p: Placement,
  draw: DrawFn = drawProduct,
): { svg: string; figure: Figure } {
  const rng = createRng(p.seed);
  const look = p.look;
  if (look.kind === 'rug' || look.kind === 'pavers') {
    const w = p.width ?? 2.4;
    const d = p.depth ?? 1.7;
    const pen = new Pen(defs, { sx: 0, sy: 0 });
    const figure = draw({
      pen,
      rng,
      look,
      flatSize: { width: w, depth: d },
      flat: (u, v) => camera.project(p.x - w / 2 + u * w, 0.003, p.z + v * d),
    });
    return { svg: figure.svg, figure };
  }
  if (look.kind === 'string-lights' && p.span) {
    const from = camera.project(...p.span.from);
    const to = camera.project(...p.span.to);
    const zMid = (p.span.from[2] + p.span.to[2]) / 2;
    const scale = camera.scale(zMid) / 100;
    const pen = new Pen(defs, { sx: 0, sy: 0 });
    const figure = draw({
      pen,
      rng,
      look,
      span: { from, to, sag: p.span.sag * camera.scale(zMid) * 0.5, scale: scale * 2.2 },
    });
    return { svg: figure.svg, figure };
  }
  const y = p.y ?? 0;
  const s = (camera.scale(p.z) / 100) * (p.scale ?? 1);
  const [px, py] = camera.project(p.x, y, p.z);
  if (look.kind === 'pendant-light') {
    const ceiling = p.ceiling ?? 2.7;
    const pen = new Pen(defs, { sx: 0, sy: 0 });
    const figure = draw({ pen, rng, look, cord: (ceiling - y) * 100 });
    return { svg: translate(px, py, figure.svg, s), figure };
  }
  const probe = draw({ pen: new Pen(new Defs('probe'), { sx: 0, sy: 0 }), rng: createRng(p.seed), look });
  // the oblique offsets match true perspective at the item's back edge, so deep items (beds,
  // tables) do not lean further than the room does
  const mid = y + probe.h / 200;
  const back = p.z + probe.d / 100;
  const view = { sx: -(p.x - camera.camX) / back, sy: Math.max(0.02, (camera.eye - mid) / back) };
  const pen = new Pen(defs, probe.mount === 'wall' ? { sx: 0, sy: 0 } : view);
  const figure = draw({ pen, rng, look });
  return { svg: translate(px, py, figure.svg, s), figure };
}

/** A lens vignette as four edge bands: far cheaper to render than one full-frame radial gradient. */
export function vignette(defs: Defs, strength: number): string {
  const W = SCENE_WIDTH;
  const H = SCENE_HEIGHT;
  const band = (x1: number, y1: number, x2: number, y2: number) =>
    defs.linear(
      [
        [0, '#000000', strength],
        [1, '#000000', 0],
      ],
      x1,
      y1,
      x2,
      y2,
    );
  return (
    rect(0, 0, 220, H, band(0, 0, 1, 0)) +
    rect(W - 220, 0, 220, H, band(1, 0, 0, 0)) +
    rect(0, 0, W, 140, band(0, 0, 0, 1)) +
    rect(0, H - 200, W, 200, band(0, 1, 0, 0))
  );
}
