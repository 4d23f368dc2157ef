import { recedeScaleOf } from '@dwellscape/shared';
import type { PhotoGeometry, Point, WallPlane } from './geometry/types';
import type { LayoutCamera } from './space-layout';
import { clamp, type Raster } from './raster';

/**
 * Which of a product's pictures a render draws, and how it leans into the room (decision 0045): the catalogue's
 * products come drawn from the front and turned to show a side on the picture's left or right; the view that faces
 * the camera as the wall behind the product does is chosen, then warped to the floor's perspective.
 */
export type ProductView = 'front' | 'left' | 'right';

/** A product turned this far or more from facing the camera is drawn from a three-quarter view. */
export const THREE_QUARTER_FROM = (20 * Math.PI) / 180;
/** The turn a wall gets when the analysis named its side but found no vanishing point for it. */
const SIDE_WALL_TURN = Math.PI / 4;

export interface ViewChoice {
  view: ProductView;
  /**
   * How far the camera stands off the product's front, in radians: negative when it sees the side on the picture's
   * left, positive on the right.
   */
  angle: number;
  /**
   * Where the product's front edges run to (the wall's vanishing point) and the horizon's row, in output pixels:
   * the warp draws the far end smaller. Absent for a front seen straight on.
   */
  recede?: { vanishingX: number; horizonY: number };
}

/** The view for a camera standing `angle` radians off a product's front. */
export function viewForAngle(angle: number): ProductView {
  return angle <= -THREE_QUARTER_FROM ? 'left' : angle >= THREE_QUARTER_FROM ? 'right' : 'front';
}

/**
 * The angle between a product's front and the camera, for a product whose front is parallel to a wall running to
 * `wallDirection` (radians from the optical axis, positive to the right; ±π/2 for a wall facing the camera) and that
 * is seen `bearing` radians right of the optical axis. Angles are measured as seen from above, positive to the
 * right: a wall's normal points back at the camera, its front faces the room.
 */
export function cameraAngleOffFront(wallDirection: number, bearing: number): number {
  const normal = wallDirection > 0 ? Math.PI / 2 - wallDirection : -Math.PI / 2 - wallDirection;
  return -bearing - normal;
}

/** The wall a product standing at column `u` (the geometry's pixels) stands against: the one whose foot spans it. */
export function wallBehind(walls: readonly WallPlane[], u: number): WallPlane | null {
  let best: WallPlane | null = null;
  let bestGap = Infinity;
  for (const wall of walls) {
    const xs = wall.polygon.map((p) => p[0]);
    const left = Math.min(...xs);
    const right = Math.max(...xs);
    const gap = u < left ? left - u : u > right ? u - right : 0;
    if (gap < bestGap) {
      best = wall;
      bestGap = gap;
    }
  }
  return best;
}

/** Two vanishing directions this near to a right angle are the room's (or the ground's) two horizontal axes. */
const ORTHOGONAL_SLACK = (12 * Math.PI) / 180;

/** A direction folded into (−π/2, π/2]: a line runs both ways. */
const folded = (angle: number) => {
  let a = angle;
  while (a <= -Math.PI / 2) a += Math.PI;
  while (a > Math.PI / 2) a -= Math.PI;
  return a;
};

/**
 * The floor's (or the ground's) two horizontal directions, radians from the optical axis as `cameraAngleOffFront`
 * takes them, read from the photo's horizontal vanishing points: `across`, the one nearer the picture's plane (the
 * direction a wall behind a product runs along), and `depth`, the one running away from the camera. The two
 * vanishing points nearest a right angle apart (within 12°) when the photo has them (a room seen from a corner, a
 * yard's house and path), else the strongest one and the direction square to it (rooms and yards are built square).
 * Null when the photo gave none.
 */
export function floorDirections(geometry: Pick<PhotoGeometry, 'camera' | 'vanishingPoints'>): {
  across: number;
  depth: number;
} | null {
  const { camera } = geometry;
  const directions = geometry.vanishingPoints.horizontal.map((p) => Math.atan2(p[0] - camera.cx, camera.focal));
  if (directions.length === 0) return null;
  let pair: [number, number] | null = null;
  let bestError = ORTHOGONAL_SLACK;
  for (const [i, a] of directions.entries()) {
    for (const b of directions.slice(i + 1)) {
      const error = Math.abs(Math.abs(folded(a - b)) - Math.PI / 2);
      if (error <= bestError) {
        pair = [a, b];
        bestError = error;
      }
    }
  }
  const [a, b] = pair ?? [directions[0]!, folded(directions[0]! + Math.PI / 2)];
  return Math.abs(a) >= Math.abs(b) ? { across: a, depth: b } : { across: b, depth: a };
}

/**
 * The view of a product standing in an uploaded photo, its box in output pixels (`kx`, `ky`: output pixels per
 * geometry pixel), from the direction its front runs along and the product's bearing from the camera. Its front runs
 * along the wall behind it: that wall's vanishing point when the analysis found one; a side wall named without one
 * turns it `SIDE_WALL_TURN`; a back wall without one, or no wall at all (a yard, a room whose walls were not found),
 * runs along the floor's (the ground's) direction across the view (floorDirections), so a room seen from a corner or a
 * yard seen at an angle turns its products as its floor lines run; with nothing to go by, it faces the camera.
 */
export function viewOnGeometry(
  geometry: PhotoGeometry,
  box: { x: number; width: number },
  kx: number,
  ky: number,
): ViewChoice {
  const { camera } = geometry;
  const u = (box.x + box.width / 2) / kx;
  const bearing = Math.atan2(u - camera.cx, camera.focal);
  const wall = wallBehind(geometry.walls, u);
  const vp: Point | undefined = wall?.vanishingPoint;
  const floor = vp || wall?.facing === 'left' || wall?.facing === 'right' ? null : floorDirections(geometry);
  // a vanishing point far off the frame is a wall facing the camera
  const direction = vp
    ? Math.atan2(vp[0] - camera.cx, camera.focal)
    : wall?.facing === 'left'
      ? SIDE_WALL_TURN
      : wall?.facing === 'right'
        ? -SIDE_WALL_TURN
        : (floor?.across ?? Math.PI / 2);
  const angle = cameraAngleOffFront(direction, bearing);
  const view = viewForAngle(angle);
  const facingCamera = Math.abs(Math.abs(direction) - Math.PI / 2) < THREE_QUARTER_FROM;
  if (facingCamera) return { view, angle };
  const vanishingX = vp ? vp[0] * kx : (camera.cx + camera.focal * Math.tan(direction)) * kx;
  return { view, angle, recede: { vanishingX, horizonY: camera.horizonY * ky } };
}

/**
 * The view of a product a variation turned on its spot (Placement.turned): three-quarter views at 45°, the front
 * straight on; never warped to a wall's vanishing point, since its front no longer runs along the wall.
 */
export function turnedChoice(view: ProductView): ViewChoice {
  return { view, angle: view === 'left' ? -Math.PI / 4 : view === 'right' ? Math.PI / 4 : 0 };
}

/**
 * The view of a product standing in a drawn preset space at world position (x, z), metres: its back wall faces the
 * camera, so only the product's bearing turns it.
 */
export function viewInLayout(camera: LayoutCamera, x: number, z: number): ViewChoice {
  const bearing = Math.atan2(x - camera.camX, Math.max(0.1, z));
  const angle = cameraAngleOffFront(Math.PI / 2, bearing);
  return { view: viewForAngle(angle), angle };
}

/**
 * Warps a standing product's sprite so that its rows run to the wall's vanishing point: each column is scaled about
 * the horizon by its distance to the vanishing point over the near edge's, its base row kept at the near edge. The
 * far end is drawn at least `MIN_FAR_SCALE` of the near one. Answers the warped sprite and how far its top moved
 * (the sprite keeps its width; rows below the old top may now hold the near end's taller columns).
 */
export function warpToVanishingPoint(
  sprite: Raster,
  left: number,
  top: number,
  recede: { vanishingX: number; horizonY: number },
): { sprite: Raster; top: number } {
  const { width, height, data } = sprite;
  // the column's scale, as the live adjuster redraws a moved layer with (packages/shared recede.ts)
  const scaleAt = recedeScaleOf(left, width, recede.vanishingX);
  // the scale maps a row y to h + (y − h)·k about the horizon h; the near column is unchanged
  const h = recede.horizonY;
  let minTop = top;
  let maxBottom = top + height;
  for (const x of [left, left + width]) {
    const k = scaleAt(x);
    minTop = Math.min(minTop, h + (top - h) * k);
    maxBottom = Math.max(maxBottom, h + (top + height - h) * k);
  }
  const outTop = Math.floor(minTop);
  const outHeight = Math.max(1, Math.ceil(maxBottom) - outTop);
  const out = new Uint8Array(width * outHeight * 4);
  for (let x = 0; x < width; x++) {
    const k = scaleAt(left + x + 0.5);
    for (let y = 0; y < outHeight; y++) {
      // back from the warped row to the sprite's
      const sceneY = outTop + y + 0.5;
      const v = h + (sceneY - h) / k - top - 0.5;
      if (v < -0.5 || v > height - 0.5) continue;
      const v0 = clamp(Math.floor(v), 0, height - 1);
      const v1 = Math.min(height - 1, v0 + 1);
      const f = clamp(v - v0, 0, 1);
      const a = (v0 * width + x) * 4;
      const b = (v1 * width + x) * 4;
      const o = (y * width + x) * 4;
      for (let c = 0; c < 4; c++) out[o + c] = Math.round(data[a + c]! * (1 - f) + data[b + c]! * f);
    }
  }
  return { sprite: { data: out, width, height: outHeight, channels: 4 }, top: outTop };
}

/** Soft goods: a turned picture of one is narrower than its front, not taller (it has no footprint to keep). */
const SOFT_KINDS = new Set(['throw-pillow']);

/**
 * The box a three-quarter picture of `aspect` (width over height) is drawn in, from the box the placement gave the
 * front, its base kept. A piece of furniture keeps the box's width (the floor it stands on) and takes its height from
 * the picture. A soft good keeps the box's height and centre and takes its width from the picture: at the front's
 * width a turned throw pillow, a third narrower than its front, came out half as tall again, squashed sideways.
 */
export function turnedBox<B extends { x: number; y: number; width: number; height: number }>(
  box: B,
  aspect: number,
  kind: string | null,
): B {
  const bottom = box.y + box.height;
  if (kind !== null && SOFT_KINDS.has(kind)) {
    const width = Math.max(1, Math.round(box.height * aspect));
    return { ...box, x: Math.round(box.x + (box.width - width) / 2), width };
  }
  const height = Math.max(1, Math.round(box.width / aspect));
  return { ...box, y: bottom - height, height };
}
