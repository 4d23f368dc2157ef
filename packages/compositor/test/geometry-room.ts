/**
 * A drawn room for the geometry tests: a box room seen by a pinhole camera of known focal length, pitch and roll,
 * rendered by casting a ray per pixel, so the horizon, the floor and every opening are known exactly.
 */
import type { Raster } from '../src/raster';

export interface RoomCamera {
  width: number;
  height: number;
  focal: number;
  /** Downward tilt in radians. */
  pitch: number;
  /** Positive when the horizon rises to the right. */
  roll: number;
  /** Eye height above the floor and the camera's offset from the room's middle, in metres. */
  eye: number;
  offsetX: number;
}

export type Surface = 'floor' | 'ceiling' | 'left' | 'right' | 'back' | 'window' | 'door' | 'box' | 'bookcase' | 'none';

/**
 * The room: 4 m wide, 6 m deep, 2.6 m high; a window and a door on the back wall; a box (a sofa) on the floor; a
 * bookcase 1.9 m tall against the back wall between the window and the door.
 */
const ROOM = { halfWidth: 2, depth: 6, height: 2.6 };
const WINDOW = { x0: -1.4, x1: -0.2, y0: 0.9, y1: 2.0 };
const DOOR = { x0: 0.7, x1: 1.5, y0: 0, y1: 2.05 };
const BOX = { x0: -1.8, x1: -0.7, y0: 0, y1: 0.8, z0: 3.2, z1: 4.2 };
export const BOOKCASE = { x0: -0.1, x1: 0.6, y0: 0, y1: 1.9, z0: 5.65, z1: 6 };

/** A deterministic value in [0, 1) for a grid cell. */
function cellHash(i: number, j: number): number {
  let h = Math.imul(i, 0x27d4eb2d) ^ Math.imul(j, 0x165667b1);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h ^= h >>> 12;
  return (h >>> 0) / 2 ** 32;
}

/** The world direction of the ray through a pixel (x right, y up, z forward; the camera at the origin). */
function rayOf(camera: RoomCamera, u: number, v: number): [number, number, number] {
  const x = u - camera.width / 2;
  const y = -(v - camera.height / 2);
  // the picture's roll turns the camera about its axis, the pitch about the world's x
  const c = Math.cos(camera.roll);
  const s = Math.sin(camera.roll);
  const xr = x * c + y * s;
  const yr = -x * s + y * c;
  const cp = Math.cos(-camera.pitch);
  const sp = Math.sin(-camera.pitch);
  return [xr, yr * cp + camera.focal * sp, -yr * sp + camera.focal * cp];
}

/** The surface a pixel sees and the point it hits (room coordinates: floor at y = 0). */
export function surfaceAt(camera: RoomCamera, u: number, v: number): { surface: Surface; point: number[] } {
  const [dx, dy, dz] = rayOf(camera, u, v);
  const ox = camera.offsetX;
  const oy = camera.eye;
  let best = Infinity;
  let surface = 'none' as Surface;
  const hit = (t: number, name: Surface) => {
    if (t > 1e-6 && t < best) {
      best = t;
      surface = name;
    }
  };
  if (dy < 0) hit(-oy / dy, 'floor');
  if (dy > 0) hit((ROOM.height - oy) / dy, 'ceiling');
  if (dx < 0) hit((-ROOM.halfWidth - ox) / dx, 'left');
  if (dx > 0) hit((ROOM.halfWidth - ox) / dx, 'right');
  if (dz > 0) hit(ROOM.depth / dz, 'back');
  // the box and the bookcase, by slabs
  for (const [solid, name] of [
    [BOX, 'box'],
    [BOOKCASE, 'bookcase'],
  ] as const) {
    let t0 = -Infinity;
    let t1 = Infinity;
    const slabs: [number, number, number, number][] = [
      [ox, dx, solid.x0, solid.x1],
      [oy, dy, solid.y0, solid.y1],
      [0, dz, solid.z0, solid.z1],
    ];
    for (const [o, d, lo, hi] of slabs) {
      if (Math.abs(d) < 1e-12) {
        if (o < lo || o > hi) t0 = Infinity;
        continue;
      }
      const a = (lo - o) / d;
      const b = (hi - o) / d;
      t0 = Math.max(t0, Math.min(a, b));
      t1 = Math.min(t1, Math.max(a, b));
    }
    if (t0 <= t1) hit(t0, name);
  }
  const point = [ox + dx * best, oy + dy * best, dz * best];
  if (surface === 'back') {
    const [x, y] = point as [number, number];
    if (x > WINDOW.x0 && x < WINDOW.x1 && y > WINDOW.y0 && y < WINDOW.y1) surface = 'window';
    if (x > DOOR.x0 && x < DOOR.x1 && y > DOOR.y0 && y < DOOR.y1) surface = 'door';
  }
  return { surface, point };
}

/** A stripe every `step` metres, `width` wide. */
const stripe = (v: number, step: number, width: number) => Math.abs(v / step - Math.round(v / step)) * step < width / 2;

/** The room as an RGB picture: a plank floor, panelled walls, a white ceiling, a bright window and door, a dark box. */
/** `floor.grain`: the boards' grain, streaks 5 cm across and 30 cm along lighter or darker by up to this many levels. */
export function drawRoom(camera: RoomCamera, floor: { grain?: number } = {}): Raster {
  const grain = floor.grain ?? 0;
  const { width, height } = camera;
  const data = new Uint8Array(width * height * 3);
  for (let v = 0; v < height; v++) {
    for (let u = 0; u < width; u++) {
      const { surface, point } = surfaceAt(camera, u + 0.5, v + 0.5);
      const [x, y, z] = point as [number, number, number];
      let rgb: [number, number, number];
      switch (surface) {
        case 'floor':
          // planks running away from the camera, their joints every 0.4 m across and 1.2 m along
          rgb = stripe(x, 0.4, 0.02) || stripe(z, 1.2, 0.02) ? [110, 78, 48] : [168, 124, 82];
          if (grain) {
            const shade = (cellHash(Math.floor(x / 0.05), Math.floor(z / 0.3)) * 2 - 1) * grain;
            rgb = rgb.map((c) => Math.max(0, Math.min(255, Math.round(c + shade)))) as [number, number, number];
          }
          break;
        case 'left':
        case 'right':
          rgb = stripe(z, 1, 0.03) || stripe(y, 0.9, 0.03) ? [150, 150, 140] : [205, 200, 188];
          break;
        case 'back':
          rgb = stripe(x, 1, 0.03) || stripe(y, 0.9, 0.03) ? [140, 140, 130] : [190, 186, 172];
          break;
        case 'ceiling':
          rgb = [232, 232, 228];
          break;
        case 'window':
        case 'door':
          rgb = [250, 250, 246];
          break;
        case 'box':
          rgb = y > BOX.y1 - 0.01 ? [70, 60, 90] : [52, 44, 70];
          break;
        case 'bookcase':
          // shelves every 0.38 m, books of three colours between them
          rgb = stripe(y, 0.38, 0.04)
            ? [96, 58, 30]
            : ([
                [150, 40, 40],
                [40, 90, 140],
                [200, 170, 60],
              ][Math.floor(x / 0.07 + 30) % 3] as [number, number, number]);
          break;
        default:
          rgb = [0, 0, 0];
      }
      data.set(rgb, (v * width + u) * 3);
    }
  }
  return { data, width, height, channels: 3 };
}

/** The horizon's row at a column: where the ray through the pixel is level. */
export function horizonRowAt(camera: RoomCamera, u: number): number {
  // the ray's height is linear in v along a column: two rays fix where it crosses zero
  const a = rayOf(camera, u, 0)[1];
  const b = rayOf(camera, u, camera.height)[1];
  return (a / (a - b)) * camera.height;
}
