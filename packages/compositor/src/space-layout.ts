/**
 * What a space's picture is known to show: its camera, and where its furniture stands and could stand. Seeded
 * spaces carry it (the seed draws them, so it knows); an uploaded photo gets an estimate (estimate-layout.ts).
 */

/** A box in pixels: left, top, width, height. */
export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A pinhole camera looking straight ahead (one-point perspective), in the layout's pixels. World units are
 * metres: x to the right, y up from the floor, z away from the camera.
 */
export interface LayoutCamera {
  /** Focal length in pixels. */
  f: number;
  /** Picture column of the optical axis. */
  cx: number;
  /** Picture row of the horizon (eye height). */
  horizon: number;
  /** Eye height in metres. */
  eye: number;
  /** Camera position across, in metres. */
  camX: number;
}

/** The groups a place belongs to, the words the issue and the receipt use. */
export type SlotName =
  | 'seating'
  | 'bed'
  | 'table'
  | 'rug'
  | 'wall-art'
  | 'lighting'
  | 'planters'
  | 'storage'
  | 'decor'
  | 'patio'
  | 'path'
  | 'feature'
  | 'shade';

export type PlacePose = 'standing' | 'flat' | 'hung' | 'suspended';

/** A place in the picture: taken by an object the photo shows, or free for one. */
export interface LayoutPlace {
  /** Stable within the space (`sofa-1`, `plant-8`). */
  id: string;
  slot: SlotName;
  /** The kinds of thing the place takes (seed kinds: sofa, armchair, floor-lamp, planter…). */
  kinds: string[];
  /** What the photo shows there; null for a free place. */
  kind: string | null;
  /** Where the object shows in the picture (taken places only). */
  box?: PixelBox;
  /** World position in metres: x across, z the depth of the front edge, y the height of a hung piece. */
  x: number;
  z: number;
  y?: number;
  pose: PlacePose;
  /** Stands on another piece (a lamp on a nightstand): not on the floor. */
  on?: boolean;
  /** A flat piece's size on the floor in metres. */
  flat?: { width: number; depth: number };
  /**
   * The piece alone on a transparent frame of the layout's size (an SVG document): drawn again over a product
   * that stands behind it, so that a coffee table stays in front of the new sofa.
   */
  drawing?: string;
}

/** A named part of a yard (lawn, patio, beds, path, fence line), as a box in the layout's pixels. */
export interface LayoutRegion {
  name: 'lawn' | 'patio' | 'beds' | 'path' | 'fence-line' | 'floor' | 'back-wall';
  box: PixelBox;
}

export interface SpaceLayout {
  /** The pixel size the layout is in; a render of another size scales it. */
  width: number;
  height: number;
  camera: LayoutCamera;
  /** Ceiling height in metres (rooms). */
  ceiling?: number;
  /** Depth of the back wall (or fence line) in metres. */
  backZ: number;
  /** The side the main light comes from: contact shadows fall away from it. */
  lightFrom: 'left' | 'right';
  places: LayoutPlace[];
  regions: LayoutRegion[];
}

/** Where a world point shows in the layout's pixels. */
export function project(camera: LayoutCamera, x: number, y: number, z: number): [number, number] {
  return [camera.cx + (camera.f * (x - camera.camX)) / z, camera.horizon - (camera.f * (y - camera.eye)) / z];
}

/** The depth at which the floor shows at picture row `row` (below the horizon). */
export function floorDepthAt(camera: LayoutCamera, row: number): number {
  return (camera.f * camera.eye) / Math.max(1, row - camera.horizon);
}

/** The world x of picture column `column` at depth z. */
export function worldXAt(camera: LayoutCamera, column: number, z: number): number {
  return camera.camX + ((column - camera.cx) * z) / camera.f;
}

const slotOfKind: Record<string, SlotName> = {
  sofa: 'seating',
  armchair: 'seating',
  'dining-chair': 'seating',
  'outdoor-sofa': 'seating',
  'lounge-chair': 'seating',
  bench: 'seating',
  hammock: 'seating',
  bed: 'bed',
  'coffee-table': 'table',
  'dining-table': 'table',
  'outdoor-dining-set': 'table',
  'fire-pit': 'table',
  rug: 'rug',
  pavers: 'patio',
  'wall-art': 'wall-art',
  mirror: 'wall-art',
  'floor-lamp': 'lighting',
  'table-lamp': 'lighting',
  'pendant-light': 'lighting',
  'string-lights': 'lighting',
  lantern: 'lighting',
  plant: 'planters',
  planter: 'planters',
  shrub: 'planters',
  tree: 'planters',
  'raised-bed': 'planters',
  bookshelf: 'storage',
  dresser: 'storage',
  nightstand: 'storage',
  vase: 'decor',
  'throw-pillow': 'decor',
  fountain: 'feature',
  grill: 'feature',
  pergola: 'shade',
  umbrella: 'shade',
};

/** The slot group of a seed kind. */
export function slotOfSeedKind(kind: string): SlotName {
  return slotOfKind[kind] ?? 'decor';
}
