/**
 * What the compositor reads of a photo's geometry (decision 0041): the camera, the floor or ground it
 * can stand products on, the walls and openings it can hang them on or must keep clear, and the
 * pieces already standing there. Every coordinate is in the analysed picture's pixels (`width` ×
 * `height`); a render of another size scales them.
 */

/** A point in pixels: column, row. */
export type Point = readonly [x: number, y: number];

/** A simple polygon in pixels, its corners in order (either winding). */
export type Polygon = readonly Point[];

export interface PhotoCamera {
  /** Focal length in pixels. */
  focal: number;
  /** The principal point (the picture's centre unless found otherwise). */
  cx: number;
  cy: number;
  /** The horizon's row where it crosses column `cx`. */
  horizonY: number;
  /** The horizon's tilt in radians, positive when it rises to the right. */
  roll: number;
  /** Camera height above the floor or ground in metres (assumed from the mode when nothing measures it). */
  eyeHeight: number;
  /**
   * Where `focal` comes from: two orthogonal vanishing points ('measured'), or the prior measured on labelled
   * photos when only one direction or none was found ('prior'). Absent from geometry made before it was reported.
   */
  focalSource?: 'measured' | 'prior';
  /** How far the horizon, roll and focal length can be trusted, 0 (a default) to 1 (three agreeing directions). */
  confidence?: number;
}

export interface VanishingPoints {
  /** Where vertical lines meet (often far off the picture, or at infinity: null). */
  vertical: Point | null;
  /** The horizontal directions' vanishing points, on or near the horizon, strongest first. */
  horizontal: Point[];
}

export type WallFacing = 'back' | 'left' | 'right';

export interface WallPlane {
  polygon: Polygon;
  facing: WallFacing;
  /** The vanishing point its horizontal lines run to, when one was found. */
  vanishingPoint?: Point;
}

export interface Opening {
  kind: 'window' | 'door';
  polygon: Polygon;
}

/** A large piece standing on the floor (a sofa, a bed, a desk, a shrub): no product may stand on it. */
export interface StandingPiece {
  /** Its whole silhouette in the picture. */
  polygon: Polygon;
  /** The part of the floor it stands on (its bottom edge band), when found. */
  footprint?: Polygon;
  /**
   * What it looks like from its size in metres and where it stands, when that could be told; null otherwise. Rooms:
   * 'sofa' (low and wide), 'chair' (low and narrow), 'table' (waist-high, open below), 'bed' (low, wide and deep),
   * 'cabinet' (waist-high against a wall), 'bookcase' (tall against a wall), 'plant'; yards: 'shrub', 'bed' (a
   * planted border along the ground's edge), 'fence', 'wall', 'tree'. The coarse group is `group`.
   */
  kind: string | null;
  /** The coarse group of `kind`: what a product may replace it with. */
  group?: PieceGroup;
  /** How sure `kind` is, 0–1 (absent with a null kind). */
  confidence?: number;
  /** Its height in metres above the floor, from its contact row and the camera, when the camera measures it. */
  heightMetres?: number;
  /** Whether it stands against a wall (its foot on the floor's far edge): wall art must keep off it too. */
  againstWall?: boolean;
}

export type PieceGroup = 'seating' | 'table' | 'bed' | 'storage' | 'plant' | 'fence' | 'wall';

/** The named parts of a yard's ground. */
export type GroundKind = 'lawn' | 'patio' | 'path' | 'beds';

export interface GroundRegion {
  kind: GroundKind;
  polygon: Polygon;
}

/** Where string lights, fences and house walls give an anchor in a yard. */
export interface Anchor {
  kind: 'fence' | 'house-wall' | 'pergola' | 'tree';
  polygon: Polygon;
  /**
   * The line string lights can hang from, left to right: a fence's top, a pergola's beam, a house's eave (the
   * top of its wall). Absent when only the polygon is known.
   */
  hangLine?: Polygon;
}

export interface PhotoGeometry {
  width: number;
  height: number;
  mode: 'interior' | 'landscape';
  /** 'found': the lines gave a camera and a floor region; 'guessed': the estimate is a fallback to adjust. */
  source: 'found' | 'guessed';
  /**
   * The floor (and the wall above it) is a guess from the picture's floor line, not found in it: nothing says what
   * stands there, so no product stands, lies or hangs on it (the guess still gives the floor plane a person corrects).
   * Absent when the floor was found.
   */
  floorGuessed?: boolean;
  camera: PhotoCamera;
  vanishingPoints: VanishingPoints;
  /** The visible floor (rooms) or ground (yards), its free part and the part under pieces together. */
  floor: Polygon[];
  walls: WallPlane[];
  openings: Opening[];
  pieces: StandingPiece[];
  /** Yards: lawn, patio, path and beds within `floor`. */
  ground: GroundRegion[];
  anchors: Anchor[];
}
