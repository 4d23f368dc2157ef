import type { Pen } from '../pen';
import type { Rng } from '../prng';

export const INTERIOR_KINDS = [
  'sofa',
  'armchair',
  'coffee-table',
  'dining-table',
  'dining-chair',
  'floor-lamp',
  'table-lamp',
  'pendant-light',
  'rug',
  'bookshelf',
  'bed',
  'nightstand',
  'dresser',
  'mirror',
  'wall-art',
  'vase',
  'throw-pillow',
  'plant',
] as const;

export const LANDSCAPE_KINDS = [
  'planter',
  'shrub',
  'tree',
  'outdoor-sofa',
  'lounge-chair',
  'outdoor-dining-set',
  'bench',
  'fire-pit',
  'umbrella',
  'string-lights',
  'lantern',
  'fountain',
  'raised-bed',
  'pergola',
  'pavers',
  'grill',
  'hammock',
] as const;

export type ProductKind = (typeof INTERIOR_KINDS)[number] | (typeof LANDSCAPE_KINDS)[number];

/** How a product is drawn: its kind, colours and shape variant. */
export interface ProductLook {
  kind: ProductKind;
  /** main colour (upholstery, body, foliage…) */
  color: string;
  /** secondary colour (legs, frame, shade, flowers…) */
  accent: string;
  variant: number;
}

/** Where a drawing attaches in a scene. */
export type Mount = 'floor' | 'wall' | 'ceiling' | 'flat' | 'span';

/** Maps a point of a flat item (u across, v from front 0 to back 1) to picture coordinates. */
export type FlatMap = (u: number, v: number) => [number, number];

export interface DrawContext {
  pen: Pen;
  rng: Rng;
  look: ProductLook;
  /** for flat items (rugs, pavers) */
  flat?: FlatMap;
  /** real size of a flat item in metres, so that patterns keep their scale */
  flatSize?: { width: number; depth: number };
  /** for spanning items (string lights): end points in picture coordinates and px per cm */
  span?: { from: [number, number]; to: [number, number]; sag: number; scale: number };
  /** for ceiling items: cord length above the shade, in cm */
  cord?: number;
}

/**
 * A drawn product in centimetres. Floor items have their origin at the front-bottom centre;
 * wall items at their centre; ceiling items at the bottom of the shade. Flat and span items are
 * drawn straight in picture coordinates.
 */
export interface Figure {
  svg: string;
  w: number;
  h: number;
  d: number;
  mount: Mount;
  /** height of the top surface things can stand on, in cm above the floor */
  surface?: number;
}

export type DrawFn = (ctx: DrawContext) => Figure;
