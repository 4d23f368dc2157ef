import { darken, lighten, mix } from '../color';
import { Pen } from '../pen';
import { createRng, type Rng } from '../prng';
import { drawProduct } from '../products';
import { foliage } from '../products/parts';
import type { DrawFn, Figure, ProductKind, ProductLook } from '../products/types';
import { circle, Defs, ellipse, group, line, n, path, poly, rect, svgDocument } from '../svg';
import {
  Camera,
  lookOf,
  placeId,
  placeProduct,
  type Placement,
  SCENE_HEIGHT,
  SCENE_WIDTH,
  type SceneProduct,
  type SceneSpecBase,
  vignette,
} from './camera';

export const INTERIOR_ROOM_KINDS = [
  'living-room',
  'bedroom',
  'dining-room',
  'kitchen',
  'home-office',
  'reading-nook',
] as const;
export type InteriorRoomKind = (typeof INTERIOR_ROOM_KINDS)[number];

export interface RoomPalette {
  wall: string;
  trim: string;
  ceiling: string;
  floor: string;
  floorKind: 'wood' | 'carpet' | 'tile' | 'concrete';
  /** upholstery of the room's own furniture */
  textile: string;
  textile2: string;
  wood: string;
  metal: string;
  accent: string;
  green: string;
  /** 0..1: how much daylight pours in */
  light: number;
}

export type { SceneProduct };

export interface InteriorSceneSpec extends SceneSpecBase {
  kind: InteriorRoomKind;
  palette: RoomPalette;
}

type Pt = [number, number];

interface Slot {
  kinds: readonly ProductKind[];
  x: number;
  /** front of a floor item; omitted for items standing against the back wall */
  z?: number;
  /** stands on the item of another slot (x is then relative to it) */
  on?: number;
  /** hangs on the back wall above another slot's item */
  above?: number;
  /** hangs on the back wall at this centre height */
  wallY?: number;
  /** pendant: height of the shade's bottom */
  hang?: number;
  flat?: { width: number; depth: number };
  /** extra positions for the same item (dining chairs, bedside lamps) */
  copies?: ReadonlyArray<{ x: number; z?: number }>;
  base: ProductLook | null;
  dated?: ProductLook | null;
}

const L = lookOf;

/** The places things go in each kind of room, with the room's own furniture in them. */
function slotsFor(kind: InteriorRoomKind, p: RoomPalette, rng: Rng): Slot[] {
  const v = () => rng.int(0, 3);
  const dated = DATED_FURNITURE;
  switch (kind) {
    case 'living-room':
      return [
        {
          kinds: ['rug'],
          x: 0.1,
          z: 3.1,
          flat: { width: 3.1, depth: 2.5 },
          base: L('rug', mix(p.textile, '#d8c7a8', 0.5), p.accent, rng.int(0, 2)),
          dated: L('rug', '#8c6b4f', '#5a4030', 0),
        },
        { kinds: ['sofa'], x: 0.1, base: L('sofa', p.textile, p.wood, v()), dated: dated.sofa },
        {
          kinds: ['wall-art', 'mirror'],
          x: 0.1,
          wallY: 1.72,
          base: L('wall-art', p.accent, p.textile2, rng.int(0, 2)),
        },
        {
          kinds: ['coffee-table'],
          x: 0.1,
          z: 3.55,
          base: L('coffee-table', p.wood, darken(p.wood, 0.1), rng.int(0, 1)),
          dated: dated.coffeeTable,
        },
        { kinds: ['armchair'], x: -1.85, z: 3.3, base: L('armchair', p.textile2, p.wood, rng.int(0, 2)) },
        { kinds: ['nightstand'], x: -1.4, base: L('nightstand', p.wood, p.metal, 1) },
        { kinds: ['table-lamp'], x: 0, on: 5, base: L('table-lamp', p.accent, '#efe6d6', rng.int(0, 2)), dated: null },
        {
          kinds: ['floor-lamp'],
          x: 1.5,
          z: 5.25,
          base: L('floor-lamp', '#efe6d6', p.metal, rng.int(0, 2)),
          dated: dated.floorLamp,
        },
        { kinds: ['plant', 'bookshelf'], x: -2.3, base: L('plant', p.green, '#c8a471', 0) },
        { kinds: ['bookshelf', 'dresser'], x: 2.3, base: L('bookshelf', p.wood, p.wood, 0) },
        { kinds: ['vase'], x: -0.32, on: 3, base: L('vase', '#ece6dc', '#d8c4a0', 1) },
        { kinds: ['throw-pillow'], x: -0.35, on: 1, base: null },
        { kinds: ['pendant-light'], x: 0.1, z: 3.9, hang: 2.05, base: null },
        { kinds: ['plant'], x: 2.35, z: 3.4, base: null },
      ];
    case 'bedroom':
      return [
        {
          kinds: ['rug'],
          x: 0.5,
          z: 2.9,
          flat: { width: 2.9, depth: 2.6 },
          base: L('rug', mix(p.textile2, '#e9e0d0', 0.6), p.accent, 2),
          dated: L('rug', '#8f7f66', '#5a4030', 0),
        },
        {
          kinds: ['bed'],
          x: 0.5,
          base: L('bed', p.textile, mix(p.textile2, '#f4f0e8', 0.7), rng.int(0, 1)),
          dated: dated.bed,
        },
        {
          kinds: ['nightstand'],
          x: -0.98,
          copies: [{ x: 1.98 }],
          base: L('nightstand', p.wood, p.metal, 0),
          dated: dated.nightstand,
        },
        {
          kinds: ['table-lamp'],
          x: 0,
          on: 2,
          copies: [{ x: 0 }],
          base: L('table-lamp', p.accent, '#f1e9da', rng.int(0, 2)),
          dated: dated.tableLamp,
        },
        { kinds: ['wall-art'], x: 0.5, wallY: 1.9, base: L('wall-art', p.accent, p.textile2, rng.int(0, 2)) },
        { kinds: ['dresser'], x: -2.05, base: L('dresser', p.wood, p.metal, rng.int(0, 1)), dated: dated.dresser },
        { kinds: ['mirror', 'wall-art'], x: 0, above: 5, base: L('mirror', p.metal, p.metal, 1) },
        { kinds: ['vase'], x: 0.35, on: 5, base: L('vase', '#ece6dc', '#d8c4a0', 1) },
        { kinds: ['plant', 'bookshelf', 'floor-lamp'], x: 2.45, base: L('plant', p.green, '#e9e2d6', 1) },
        { kinds: ['armchair'], x: 2.25, z: 3.1, base: null },
        { kinds: ['floor-lamp'], x: -2.55, z: 3.6, base: null },
        { kinds: ['throw-pillow'], x: -0.3, on: 1, base: null },
        { kinds: ['pendant-light'], x: 0.5, z: 3.9, hang: 2.1, base: null },
      ];
    case 'dining-room':
      return [
        {
          kinds: ['rug'],
          x: 0,
          z: 2.9,
          flat: { width: 3.2, depth: 2.8 },
          base: L('rug', mix(p.textile, '#d9cbb4', 0.5), p.accent, rng.int(0, 2)),
          dated: null,
        },
        { kinds: ['dresser'], x: 0, base: L('dresser', p.wood, p.metal, 1), dated: dated.dresser },
        { kinds: ['wall-art', 'mirror'], x: 0, above: 1, base: L('wall-art', p.accent, p.textile2, rng.int(0, 2)) },
        { kinds: ['table-lamp'], x: -0.4, on: 1, base: L('table-lamp', p.accent, '#f1e9da', 0), dated: null },
        {
          kinds: ['dining-chair'],
          x: -0.55,
          z: 4.55,
          copies: [{ x: 0.55, z: 4.55 }],
          base: L('dining-chair', p.wood, p.textile, rng.int(0, 2)),
          dated: dated.chair,
        },
        {
          kinds: ['dining-table'],
          x: 0,
          z: 3.6,
          base: L('dining-table', p.wood, p.wood, rng.int(0, 1)),
          dated: dated.diningTable,
        },
        { kinds: ['vase'], x: 0.2, on: 5, base: L('vase', '#ece6dc', '#d8c4a0', 0) },
        { kinds: ['plant', 'bookshelf'], x: -2.35, base: L('plant', p.green, '#c8a471', 0) },
        { kinds: ['floor-lamp', 'bookshelf', 'plant'], x: 2.4, base: L('floor-lamp', '#efe6d6', p.metal, 1) },
        {
          kinds: ['pendant-light'],
          x: 0,
          z: 4.05,
          hang: 1.62,
          base: L('pendant-light', p.metal, p.metal, 1),
          dated: null,
        },
        { kinds: ['armchair'], x: -2.1, z: 3.2, base: null },
      ];
    case 'kitchen':
      return [
        { kinds: ['rug'], x: 0.1, z: 2.7, flat: { width: 2.4, depth: 0.9 }, base: null },
        { kinds: ['vase', 'table-lamp'], x: 0.55, on: -1, base: L('vase', '#ece6dc', '#d8c4a0', 0) },
        { kinds: ['plant', 'bookshelf'], x: -2.2, z: 4.1, base: L('plant', p.green, '#e9e2d6', 1) },
        {
          kinds: ['pendant-light'],
          x: -0.55,
          z: 3.95,
          hang: 1.78,
          copies: [{ x: 0.55, z: 3.95 }],
          base: L('pendant-light', p.metal, p.metal, 1),
          dated: null,
        },
        { kinds: ['dining-chair'], x: 2.25, z: 3.2, base: null },
        { kinds: ['wall-art', 'mirror'], x: 2.35, z: 3.3, base: null },
      ];
    case 'home-office':
      return [
        {
          kinds: ['rug'],
          x: 0,
          z: 3.0,
          flat: { width: 2.8, depth: 2.4 },
          base: L('rug', mix(p.textile2, '#e4dccd', 0.6), p.accent, 1),
          dated: null,
        },
        {
          kinds: ['dining-chair', 'armchair'],
          x: 0,
          z: 4.85,
          base: L('dining-chair', p.textile, p.metal, 1),
          dated: dated.chair,
        },
        { kinds: ['table-lamp'], x: -0.5, on: -1, base: L('table-lamp', p.accent, '#f1e9da', 2), dated: null },
        { kinds: ['vase'], x: 0.55, on: -1, base: null },
        { kinds: ['wall-art', 'mirror'], x: 0, wallY: 1.75, base: L('wall-art', p.accent, p.textile2, rng.int(0, 2)) },
        { kinds: ['bookshelf', 'dresser'], x: -2.1, base: L('bookshelf', p.wood, p.wood, 0), dated: null },
        { kinds: ['floor-lamp', 'plant'], x: 1.55, base: L('floor-lamp', '#efe6d6', p.metal, 0) },
        { kinds: ['plant', 'bookshelf'], x: 2.4, base: L('plant', p.green, '#c8a471', 0) },
        { kinds: ['armchair'], x: 2.1, z: 3.0, base: null },
        { kinds: ['pendant-light'], x: 0, z: 4.2, hang: 2.0, base: null },
        { kinds: ['throw-pillow'], x: -0.2, z: 2.6, base: null },
      ];
    case 'reading-nook':
      return [
        {
          kinds: ['rug'],
          x: -0.5,
          z: 3.2,
          flat: { width: 2.4, depth: 2.2 },
          base: L('rug', mix(p.textile, '#ddd0bb', 0.4), p.accent, 0),
          dated: null,
        },
        { kinds: ['bookshelf'], x: 1.95, base: L('bookshelf', p.wood, p.wood, 0), dated: null },
        { kinds: ['plant'], x: -2.35, base: L('plant', p.green, '#c8a471', 0) },
        {
          kinds: ['floor-lamp'],
          x: -1.55,
          z: 4.7,
          base: L('floor-lamp', p.accent, p.metal, 0),
          dated: dated.floorLamp,
        },
        { kinds: ['nightstand'], x: 0.45, z: 4.75, base: L('nightstand', p.wood, p.metal, 1) },
        { kinds: ['table-lamp', 'vase'], x: 0, on: 4, base: L('vase', '#ece6dc', '#d8c4a0', 1) },
        {
          kinds: ['armchair', 'sofa'],
          x: -0.55,
          z: 4.3,
          base: L('armchair', p.textile, p.wood, rng.int(0, 2)),
          dated: dated.armchair,
        },
        { kinds: ['throw-pillow'], x: 0, on: 6, base: null },
        { kinds: ['wall-art', 'mirror'], x: 1.95, z: 3.3, base: null },
        { kinds: ['pendant-light'], x: -0.5, z: 4.1, hang: 2.05, base: null },
        { kinds: ['plant'], x: 2.35, z: 3.2, base: null },
        { kinds: ['coffee-table'], x: -0.5, z: 3.3, base: null },
      ];
  }
}

/** The same room years ago: yellowed walls, honey-oak cabinets, tired brass. */
function datedRoom(p: RoomPalette): RoomPalette {
  return {
    ...p,
    wall: mix(p.wall, '#d9c9a0', 0.55),
    trim: '#ece4cc',
    ceiling: '#efe8d4',
    accent: '#a0784f',
    metal: '#a8915e',
    light: p.light * 0.8,
  };
}

const DATED_FURNITURE = {
  sofa: L('sofa', '#8a6b4e', '#4a3526', 1),
  coffeeTable: L('coffee-table', '#6b4a33', '#5a3a28', 0),
  floorLamp: L('floor-lamp', '#e6d9b8', '#8a7a5a', 1),
  bed: L('bed', '#7a5c43', '#d9cdb0', 1),
  nightstand: L('nightstand', '#6b4a33', '#a08a5a', 0),
  tableLamp: L('table-lamp', '#c9b48a', '#efe4c8', 2),
  dresser: L('dresser', '#6b4a33', '#a08a5a', 0),
  chair: L('dining-chair', '#6b4a33', '#8a7a5a', 0),
  diningTable: L('dining-table', '#6b4a33', '#5a3a28', 0),
  armchair: L('armchair', '#9a7b5c', '#5a3a28', 0),
};

/** A room photographed from its open side: back wall, two side walls, floor and ceiling. */
export function interiorSceneSvg(spec: InteriorSceneSpec): string {
  const rng = createRng(`room/${spec.seed}`);
  const p = spec.state === 'dated' ? datedRoom(spec.palette) : spec.palette;
  const defs = new Defs('r');
  const W = rng.range(5.5, 5.9);
  const H = 2.75;
  const Zb = 6.2;
  const zn = 0.4;
  const camX = rng.range(-0.22, 0.22);
  const cam = new Camera(1250, SCENE_WIDTH / 2, 470, 1.3, camX);
  if (spec.probe) Object.assign(spec.probe, { camera: cam, defs, ceiling: H, backZ: Zb, lightFrom: 'left' });
  const P = (x: number, y: number, z: number) => cam.project(x, y, z);
  const backWindow = spec.kind === 'reading-nook' || spec.kind === 'kitchen';
  const light = spec.state === 'dated' ? p.light * 0.55 : p.light;

  let out = rect(0, 0, SCENE_WIDTH, SCENE_HEIGHT, p.ceiling);
  // ceiling
  out += poly(
    [P(-W / 2, H, zn), P(-W / 2, H, Zb), P(W / 2, H, Zb), P(W / 2, H, zn)],
    defs.linearUser(
      [
        [0, darken(p.ceiling, 0.1)],
        [1, p.ceiling],
      ],
      0,
      0,
      0,
      P(0, H, Zb)[1],
    ),
  );
  // back wall, lit from the window side
  const [bx0, by0] = P(-W / 2, H, Zb);
  const [bx1, by1] = P(W / 2, 0, Zb);
  const lightSide = backWindow ? 0.3 : 0;
  out += rect(
    bx0,
    by0,
    bx1 - bx0,
    by1 - by0,
    defs.linear(
      [
        [0, lighten(p.wall, 0.06 * light)],
        [lightSide + 0.3, p.wall],
        [1, darken(p.wall, 0.08)],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  out += rect(
    bx0,
    by0,
    bx1 - bx0,
    by1 - by0,
    defs.linear([
      [0, '#000000', 0.07],
      [0.25, '#000000', 0],
      [1, '#000000', 0.03],
    ]),
  );
  // side walls
  out += poly(
    [P(-W / 2, H, zn), P(-W / 2, H, Zb), P(-W / 2, 0, Zb), P(-W / 2, 0, zn)],
    defs.linearUser(
      [
        [0, darken(p.wall, 0.2)],
        [1, darken(p.wall, 0.08)],
      ],
      0,
      0,
      bx0,
      0,
    ),
  );
  out += poly(
    [P(W / 2, H, zn), P(W / 2, H, Zb), P(W / 2, 0, Zb), P(W / 2, 0, zn)],
    defs.linearUser(
      [
        [0, lighten(p.wall, 0.02)],
        [1, darken(p.wall, 0.1)],
      ],
      bx1,
      0,
      SCENE_WIDTH,
      0,
    ),
  );
  // wall/ceiling seams
  for (const [a, b] of [
    [P(-W / 2, H, zn), P(-W / 2, H, Zb)],
    [P(W / 2, H, zn), P(W / 2, H, Zb)],
    [P(-W / 2, H, Zb), P(W / 2, H, Zb)],
    [P(-W / 2, H, Zb), P(-W / 2, 0, Zb)],
    [P(W / 2, H, Zb), P(W / 2, 0, Zb)],
  ] as const) {
    out += line(a[0], a[1], b[0], b[1], darken(p.wall, 0.18), 1.2, { 'stroke-opacity': 0.5 });
  }

  out += drawFloor(defs, rng, cam, p, W, Zb, zn, spec.state, spec.kind);

  // baseboards
  const bb = 0.1;
  out += poly([P(-W / 2, bb, Zb), P(W / 2, bb, Zb), P(W / 2, 0, Zb), P(-W / 2, 0, Zb)], p.trim);
  out += poly([P(-W / 2, bb, zn), P(-W / 2, bb, Zb), P(-W / 2, 0, Zb), P(-W / 2, 0, zn)], darken(p.trim, 0.12));
  out += poly([P(W / 2, bb, zn), P(W / 2, bb, Zb), P(W / 2, 0, Zb), P(W / 2, 0, zn)], darken(p.trim, 0.04));
  out += line(P(-W / 2, bb, Zb)[0], P(0, bb, Zb)[1], P(W / 2, bb, Zb)[0], P(0, bb, Zb)[1], darken(p.trim, 0.2), 1);

  // openings: a window on the left wall (or the back wall) and a door on the right
  let windows = '';
  if (backWindow) {
    const wx0 = spec.kind === 'kitchen' ? -0.75 : -1.65;
    const wx1 = spec.kind === 'kitchen' ? 0.75 : 0.55;
    const wy0 = spec.kind === 'kitchen' ? 1.02 : 0.55;
    windows += backWallWindow(defs, rng, cam, p, wx0, wx1, wy0, 2.38, Zb, light, spec.state, spec.kind !== 'kitchen');
  }
  windows += leftWallWindow(defs, rng, cam, p, W, 3.9, 5.35, 0.85, 2.35, light, spec.state, !backWindow);
  out += windows;
  out += rightWallDoor(defs, cam, p, W, 4.45, 5.35, spec.state);

  // the room's furniture and the design's products
  out += furnish(defs, cam, spec, p, W, Zb, H);

  // light and lens: daylight from the left, a gentle vignette
  out += rect(
    0,
    0,
    SCENE_WIDTH,
    SCENE_HEIGHT,
    defs.linearUser(
      [
        [0, '#fff3dc', 0.1 * light],
        [0.5, '#fff3dc', 0],
        [1, '#1c1a2a', 0.05],
      ],
      0,
      0,
      SCENE_WIDTH,
      0,
    ),
  );
  out += vignette(defs, spec.state === 'dated' ? 0.22 : 0.13);
  if (spec.state === 'dated') out += rect(0, 0, SCENE_WIDTH, SCENE_HEIGHT, '#6b5a3a', { 'fill-opacity': 0.1 });
  return svgDocument(SCENE_WIDTH, SCENE_HEIGHT, defs, out);
}

function drawFloor(
  defs: Defs,
  rng: Rng,
  cam: Camera,
  p: RoomPalette,
  W: number,
  Zb: number,
  zn: number,
  state: InteriorSceneSpec['state'],
  room: InteriorRoomKind,
): string {
  const P = (x: number, y: number, z: number) => cam.project(x, y, z);
  const floorQuad = [P(-W / 2, 0, zn), P(-W / 2, 0, Zb), P(W / 2, 0, Zb), P(W / 2, 0, zn)];
  // a dated room has tired carpet, or old beige vinyl tiles in a kitchen
  const floorColor = state === 'dated' ? (room === 'kitchen' ? '#c9b994' : '#9b8b70') : p.floor;
  const kind = state === 'dated' ? (room === 'kitchen' ? 'tile' : 'carpet') : p.floorKind;
  /** Soft patches lighter or darker than the floor, scattered over it from depth `zFrom` to the back wall. */
  const blotches = (
    count: number,
    zFrom: number,
    rx: [number, number],
    ry: [number, number],
    [lighter, darker]: [number, number],
    opacity: number,
  ) => {
    let patches = '';
    for (let i = 0; i < count; i++) {
      const [cx, cy] = P(rng.range(-W / 2, W / 2), 0, rng.range(zFrom, Zb));
      patches += ellipse(
        cx,
        cy,
        rng.range(...rx),
        rng.range(...ry),
        rng.chance(0.5) ? lighten(floorColor, lighter) : darken(floorColor, darker),
        { 'fill-opacity': opacity },
      );
    }
    return patches;
  };
  let out = poly(floorQuad, floorColor);
  if (kind === 'wood') {
    const plank = 0.17;
    const count = Math.ceil(W / plank);
    for (let i = 0; i < count; i++) {
      const x0 = -W / 2 + i * plank;
      const x1 = Math.min(W / 2, x0 + plank);
      const tone = mix(
        floorColor,
        rng.chance(0.5) ? lighten(floorColor, 0.2) : darken(floorColor, 0.16),
        rng.range(0, 0.6),
      );
      out += poly([P(x0, 0, zn), P(x0, 0, Zb), P(x1, 0, Zb), P(x1, 0, zn)], tone);
      out += poly([P(x0, 0, zn), P(x0, 0, Zb)], 'none', {
        stroke: darken(floorColor, 0.3),
        'stroke-width': 0.8,
        'stroke-opacity': 0.5,
      });
      let z = zn + rng.range(0.3, 1.6);
      while (z < Zb) {
        const [ax, ay] = P(x0, 0, z);
        const [bx2, by2] = P(x1, 0, z);
        out += line(ax, ay, bx2, by2, darken(floorColor, 0.32), 0.9, { 'stroke-opacity': 0.45 });
        z += rng.range(1.1, 2.2);
      }
    }
  } else if (kind === 'tile') {
    const size = 0.6;
    for (let x = -W / 2; x <= W / 2 + 0.01; x += size) {
      out += poly([P(x, 0, zn), P(x, 0, Zb)], 'none', { stroke: lighten(floorColor, 0.35), 'stroke-width': 1.4 });
    }
    for (let z = Zb; z > zn; z -= size) {
      const [ax, ay] = P(-W / 2, 0, z);
      const [bx2] = P(W / 2, 0, z);
      out += line(ax, ay, bx2, ay, lighten(floorColor, 0.35), Math.min(3, 1 + 2 / z));
    }
  } else if (kind === 'concrete') {
    out += blotches(7, 1.5, [80, 240], [20, 50], [0.15, 0.1], 0.35);
  } else {
    // carpet: a soft pile with faint tufts
    out += blotches(60, 1.2, [10, 30], [3, 8], [0.1, 0.08], 0.4);
  }
  // sheen toward the window and shade toward the viewer
  out += poly(
    floorQuad,
    defs.linearUser(
      [
        [0, '#fff8e8', 0.16],
        [0.45, '#fff8e8', 0],
        [1, '#000000', 0.05],
      ],
      0,
      0,
      SCENE_WIDTH,
      0,
    ),
  );
  out += poly(
    floorQuad,
    defs.linearUser(
      [
        [0, '#000000', 0],
        [1, '#000000', 0.16],
      ],
      0,
      P(0, 0, Zb)[1],
      0,
      SCENE_HEIGHT,
    ),
  );
  return out;
}

function skyView(
  defs: Defs,
  rng: Rng,
  clipId: string,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  state: InteriorSceneSpec['state'],
): string {
  const h = y1 - y0;
  const w = x1 - x0;
  let view = rect(
    x0,
    y0,
    w,
    h,
    defs.linearUser(
      [
        [0, state === 'dated' ? '#b8c8d0' : '#9cc7e8'],
        [0.7, '#dcebf3'],
        [1, '#eef3ee'],
      ],
      0,
      y0,
      0,
      y1,
    ),
  );
  view += ellipse(x0 + w * 0.3, y0 + h * 0.2, w * 0.25, h * 0.06, '#ffffff', { 'fill-opacity': 0.7 });
  view += path(
    `M${n(x0)},${n(y0 + h * 0.7)} Q${n(x0 + w * 0.3)},${n(y0 + h * 0.55)} ${n(x0 + w * 0.6)},${n(y0 + h * 0.66)} T${n(x1)},${n(y0 + h * 0.6)} L${n(x1)},${n(y1)} L${n(x0)},${n(y1)}Z`,
    '#a9c4a8',
  );
  for (let i = 0; i < 4; i++) {
    const tx = x0 + w * rng.range(0, 1);
    view += foliage(
      rng,
      tx,
      y0 + h * rng.range(0.62, 0.78),
      w * rng.range(0.12, 0.2),
      h * rng.range(0.12, 0.2),
      rng.pick(['#6f9a62', '#5d8a55', '#86ad74']),
      7,
    );
  }
  view += rect(x0, y0 + h * 0.86, w, h * 0.14, '#7ea06e');
  return group(view, { 'clip-path': clipId });
}

function leftWallWindow(
  defs: Defs,
  rng: Rng,
  cam: Camera,
  p: RoomPalette,
  W: number,
  z1: number,
  z2: number,
  y1: number,
  y2: number,
  light: number,
  state: InteriorSceneSpec['state'],
  curtains: boolean,
): string {
  const P = (y: number, z: number) => cam.project(-W / 2, y, z);
  const quad = (ya: number, yb: number, za: number, zb: number): Pt[] => [P(yb, za), P(yb, zb), P(ya, zb), P(ya, za)];
  const f = 0.07;
  let out = '';
  // light through the window falls on the floor as four panes
  const dir = { x: 1, z: -0.42 };
  const onFloor = (y: number, z: number): Pt => cam.project(-W / 2 + y * dir.x, 0.002, z + y * dir.z);
  const zm = (z1 + z2) / 2;
  const ym = (y1 + y2) / 2;
  const sun = defs.linear(
    [
      [0, '#fff6dc', 0.34 * light],
      [1, '#fff6dc', 0.12 * light],
    ],
    0,
    0,
    1,
    0,
  );
  for (const [za, zb] of [
    [z1 + f, zm - 0.02],
    [zm + 0.02, z2 - f],
  ] as const) {
    for (const [ya, yb] of [
      [y1 + f, ym - 0.02],
      [ym + 0.02, y2 - f],
    ] as const) {
      out += poly([onFloor(ya, za), onFloor(ya, zb), onFloor(yb, zb), onFloor(yb, za)], sun);
    }
  }
  // frame, glass with the view outside, mullions
  out += poly(quad(y1 - 0.04, y2 + 0.04, z1 - 0.05, z2 + 0.05), darken(p.trim, 0.08));
  const glass = quad(y1 + f, y2 - f, z1 + f, z2 - f);
  const clipId = defs.raw(
    `lw${glass.flat().map(n).join(',')}`,
    (id) => `<clipPath id="${id}">${poly(glass, '#000')}</clipPath>`,
  );
  const xs = glass.map((q) => q[0]);
  const ys = glass.map((q) => q[1]);
  out += skyView(defs, rng, clipId, Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys), state);
  out += poly(
    glass,
    defs.linear(
      [
        [0, '#ffffff', 0.35],
        [0.5, '#ffffff', 0.05],
        [1, '#ffffff', 0.2],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  out += poly([P(y2 - f, zm - 0.02), P(y2 - f, zm + 0.02), P(y1 + f, zm + 0.02), P(y1 + f, zm - 0.02)], p.trim);
  out += poly([P(ym + 0.02, z1 + f), P(ym + 0.02, z2 - f), P(ym - 0.02, z2 - f), P(ym - 0.02, z1 + f)], p.trim);
  out += poly(quad(y1 - 0.07, y1 - 0.02, z1 - 0.1, z2 + 0.1), lighten(p.trim, 0.1));
  if (curtains && state !== 'dated') {
    const fabric = mix(p.textile2, '#f4efe6', 0.55);
    out += line(...P(2.55, z1 - 0.45), ...P(2.55, z2 + 0.45), darken(p.metal, 0.1), 2.2);
    for (const [za, zb] of [
      [z1 - 0.42, z1 - 0.02],
      [z2 + 0.02, z2 + 0.42],
    ] as const) {
      const panel = [P(2.52, za), P(2.52, zb), P(0.02, zb), P(0.02, za)];
      const folds: Array<[number, string, number]> = [];
      for (let i = 0; i <= 8; i++) folds.push([i / 8, i % 2 ? darken(fabric, 0.14) : lighten(fabric, 0.08), 1]);
      out += poly(
        panel,
        defs.linear(
          folds.map(([o, c]) => [o, c] as const),
          0,
          0,
          1,
          0,
        ),
      );
    }
  }
  return out;
}

function backWallWindow(
  defs: Defs,
  rng: Rng,
  cam: Camera,
  p: RoomPalette,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  Zb: number,
  light: number,
  state: InteriorSceneSpec['state'],
  seat: boolean,
): string {
  const [ax, ay] = cam.project(x0, y1, Zb);
  const [bx, by] = cam.project(x1, y0, Zb);
  const f = 0.07 * cam.scale(Zb);
  let out = '';
  // daylight spilling forward onto the floor
  const spill = [
    cam.project(x0 + 0.1, 0.002, Zb - 0.05),
    cam.project(x1 - 0.1, 0.002, Zb - 0.05),
    cam.project(x1 + 0.5, 0.002, Zb - 2.4),
    cam.project(x0 + 0.3, 0.002, Zb - 2.4),
  ];
  out += poly(
    spill,
    defs.linear(
      [
        [0, '#fff6dc', 0.3 * light],
        [1, '#fff6dc', 0],
      ],
      0,
      0,
      0,
      1,
    ),
  );
  out += rect(ax - f * 0.6, ay - f * 0.6, bx - ax + f * 1.2, by - ay + f * 1.2, darken(p.trim, 0.06));
  const gx0 = ax + f;
  const gy0 = ay + f;
  const gx1 = bx - f;
  const gy1 = by - f;
  const clipId = defs.raw(
    `bw${n(gx0)},${n(gy0)},${n(gx1)},${n(gy1)}`,
    (id) => `<clipPath id="${id}">${rect(gx0, gy0, gx1 - gx0, gy1 - gy0, '#000')}</clipPath>`,
  );
  out += skyView(defs, rng, clipId, gx0, gy0, gx1, gy1, state);
  out += rect(
    gx0,
    gy0,
    gx1 - gx0,
    gy1 - gy0,
    defs.linear(
      [
        [0, '#ffffff', 0.28],
        [0.5, '#ffffff', 0.04],
        [1, '#ffffff', 0.16],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  const panes = Math.max(2, Math.round((x1 - x0) / 0.7));
  for (let i = 1; i < panes; i++) {
    const x = gx0 + ((gx1 - gx0) * i) / panes;
    out += rect(x - f * 0.25, gy0, f * 0.5, gy1 - gy0, p.trim);
  }
  out += rect(gx0, (gy0 + gy1) / 2 - f * 0.25, gx1 - gx0, f * 0.5, p.trim);
  // sill, or a cushioned window seat for a reading nook
  if (seat) {
    const [sx0, sy0] = cam.project(x0 - 0.15, y0, Zb - 0.55);
    const [sx1, sy1] = cam.project(x1 + 0.15, 0, Zb - 0.55);
    out += rect(
      sx0,
      sy0,
      sx1 - sx0,
      sy1 - sy0,
      defs.linear([
        [0, lighten(p.trim, 0.05)],
        [1, darken(p.trim, 0.12)],
      ]),
    );
    out += rect(
      sx0 + 4,
      sy0 - 14,
      sx1 - sx0 - 8,
      18,
      defs.linear([
        [0, lighten(p.textile2, 0.2)],
        [1, p.textile2],
      ]),
      { rx: 7 },
    );
    out += rect(sx0, sy0 + (sy1 - sy0) * 0.45, sx1 - sx0, 2, darken(p.trim, 0.2), { 'fill-opacity': 0.5 });
  } else {
    out += rect(ax - f, by, bx - ax + 2 * f, f * 0.5, lighten(p.trim, 0.1));
  }
  return out;
}

function rightWallDoor(
  defs: Defs,
  cam: Camera,
  p: RoomPalette,
  W: number,
  z1: number,
  z2: number,
  state: InteriorSceneSpec['state'],
): string {
  const P = (y: number, z: number) => cam.project(W / 2, y, z);
  const h = 2.12;
  let out = poly(
    [P(h + 0.08, z1 - 0.08), P(h + 0.08, z2 + 0.08), P(0, z2 + 0.08), P(0, z1 - 0.08)],
    lighten(p.trim, 0.04),
  );
  const door = [P(h, z1), P(h, z2), P(0, z2), P(0, z1)];
  const slab = state === 'dated' ? '#8a6a4a' : mix(p.trim, p.wall, 0.25);
  out += poly(
    door,
    defs.linear(
      [
        [0, lighten(slab, 0.04)],
        [1, darken(slab, 0.1)],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  for (const [ya, yb] of [
    [1.2, 1.95],
    [0.18, 1.05],
  ] as const) {
    out += poly([P(yb, z1 + 0.12), P(yb, z2 - 0.12), P(ya, z2 - 0.12), P(ya, z1 + 0.12)], 'none', {
      stroke: darken(slab, 0.15),
      'stroke-width': 1.4,
    });
  }
  const [kx, ky] = P(1.02, z1 + 0.1);
  out += circle(kx, ky, 4, p.metal);
  return out;
}

/** Fixtures that are part of a room rather than products: kitchen cabinetry and a desk. */
const kitchenRun: (p: RoomPalette, W: number) => DrawFn =
  (p, W) =>
  ({ pen, rng }) => {
    const w = W * 100;
    const cab = p.accent;
    const stone = '#f1eee8';
    let svg = '';
    // backsplash tiles between counter and uppers
    svg += rect(-w / 2, -150, w, 58, '#f4f2ee');
    for (let y = -150; y < -92; y += 7.5) svg += line(-w / 2, y, w / 2, y, '#d9d4cc', 0.5);
    for (let row = 0; row < 8; row++) {
      for (let x = -w / 2 + (row % 2 ? 7.5 : 0); x < w / 2; x += 15)
        svg += line(x, -150 + row * 7.5, x, -142.5 + row * 7.5, '#d9d4cc', 0.5);
    }
    // upper cabinets either side of the window
    for (const [a, b] of [
      [-w / 2, -95],
      [95, w / 2],
    ] as const) {
      svg += pen.box({ x0: a, x1: b, y0: -232, y1: -152, z0: 0, z1: 36, color: lighten(cab, 0.04) });
      const doors = Math.max(1, Math.round((b - a) / 50));
      for (let i = 0; i < doors; i++) {
        const dx = a + ((b - a) * i) / doors;
        const dw = (b - a) / doors;
        svg += rect(dx + 2, -229, dw - 4, 74, 'none', { stroke: darken(cab, 0.18), 'stroke-width': 0.8 });
        svg += rect(dx + (i % 2 ? 5 : dw - 7), -168, 2, 10, p.metal, { rx: 1 });
      }
    }
    // base run with a sink below the window and a range to the right
    svg += pen.box({ x0: -w / 2, x1: w / 2, y0: -88, y1: -10, z0: 0, z1: 62, color: cab });
    svg += pen.box({ x0: -w / 2, x1: w / 2, y0: -10, y1: 0, z0: 6, z1: 62, color: darken(cab, 0.35) });
    const doors = Math.round(w / 60);
    for (let i = 0; i < doors; i++) {
      const dx = -w / 2 + (w * i) / doors;
      const dw = w / doors;
      if (dx > 110 && dx < 190) continue;
      svg += rect(dx + 2, -84, dw - 4, 16, 'none', { stroke: darken(cab, 0.16), 'stroke-width': 0.8 });
      svg += rect(dx + 2, -64, dw - 4, 51, 'none', { stroke: darken(cab, 0.16), 'stroke-width': 0.8 });
      svg += rect(dx + dw / 2 - 6, -77, 12, 1.8, p.metal, { rx: 1 });
    }
    // range
    svg += rect(120, -86, 76, 74, pen.frontFill('#c9ccce', 'metal'));
    svg += rect(126, -66, 64, 44, '#2a2c2e', { rx: 2 });
    svg += rect(130, -62, 56, 30, '#3c3f42', { rx: 1 });
    for (let i = 0; i < 4; i++) svg += circle(132 + i * 16, -78, 2.2, '#2a2a2a');
    svg += pen.box({ x0: -w / 2, x1: w / 2, y0: -92, y1: -88, z0: -2, z1: 64, color: stone, finish: 'stone' });
    // sink and faucet
    const [sx, sy] = pen.p(-30, -92, 30);
    svg += ellipse(sx, sy, 30, 5, '#b9bcbf');
    svg += path(
      `M${n(sx)},${n(sy - 2)} L${n(sx)},${n(sy - 28)} Q${n(sx)},${n(sy - 36)} ${n(sx + 9)},${n(sy - 34)} L${n(sx + 11)},${n(sy - 26)}`,
      'none',
      { stroke: p.metal, 'stroke-width': 2.2, 'stroke-linecap': 'round' },
    );
    // a few things on the counter
    const [jx, jy] = pen.p(-170, -92, 30);
    svg += rect(jx - 6, jy - 18, 12, 18, '#e9e2d6', { rx: 3 }) + rect(jx + 9, jy - 12, 10, 12, '#c9856b', { rx: 2 });
    for (let i = 0; i < 5; i++)
      svg += circle(
        jx + 40 + rng.range(-8, 8),
        jy - 6 - rng.range(0, 6),
        4,
        rng.pick(['#e9b44c', '#d9482f', '#8fae5a']),
      );
    return { svg, w, h: 232, d: 62, mount: 'floor', surface: 92 };
  };

const kitchenIsland: (p: RoomPalette) => DrawFn =
  (p) =>
  ({ pen }) => {
    const w = 230;
    const d = 96;
    let svg = pen.floorShadow(-w / 2, w / 2, 0, d, 0.3);
    svg += pen.box({
      x0: -w / 2 + 4,
      x1: w / 2 - 4,
      y0: -88,
      y1: 0,
      z0: 4,
      z1: d - 4,
      color: mix(p.accent, p.wood, 0.35),
    });
    const [fx, fy] = pen.p(-w / 2 + 4, -88, 4);
    for (let i = 0; i < 4; i++) {
      const dw = (w - 8) / 4;
      svg += rect(fx + i * dw + 4, fy + 6, dw - 8, 74, 'none', {
        stroke: darken(mix(p.accent, p.wood, 0.35), 0.18),
        'stroke-width': 0.9,
      });
    }
    svg += pen.box({ x0: -w / 2, x1: w / 2, y0: -93, y1: -88, z0: 0, z1: d, color: '#f1eee8', finish: 'stone' });
    for (const side of [-1, 1])
      svg += pen.box({
        x0: side < 0 ? -w / 2 : w / 2 - 5,
        x1: side < 0 ? -w / 2 + 5 : w / 2,
        y0: -88,
        y1: 0,
        z0: 0,
        z1: d,
        color: '#eeebe5',
        finish: 'stone',
      });
    return { svg, w, h: 93, d, mount: 'floor', surface: 93 };
  };

const desk: (p: RoomPalette) => DrawFn =
  (p) =>
  ({ pen }) => {
    const w = 150;
    const d = 70;
    let svg = pen.floorShadow(-w / 2, w / 2, 0, d, 0.28);
    const legs = (z: number) => [-w / 2 + 5, w / 2 - 5].map((x) => pen.leg(x, z, 72, p.metal, 3, 2.6)).join('');
    svg += legs(d - 5);
    svg += pen.box({
      x0: w / 2 - 50,
      x1: w / 2 - 4,
      y0: -72,
      y1: -56,
      z0: 2,
      z1: d - 4,
      color: p.wood,
      finish: 'wood',
    });
    svg += legs(5);
    svg += pen.box({ x0: -w / 2, x1: w / 2, y0: -76, y1: -72, z0: 0, z1: d, color: p.wood, finish: 'wood' });
    // laptop, its screen facing away from the viewer
    const [lx, ly] = pen.p(-8, -76, 34);
    svg += poly(
      [
        [lx - 22, ly],
        [lx + 22, ly],
        [lx + 20, ly - 28],
        [lx - 20, ly - 28],
      ],
      pen.frontFill('#c9ccce', 'metal'),
    );
    svg += circle(lx, ly - 15, 2.2, '#f4f4f2');
    svg += rect(lx - 24, ly, 48, 2.2, '#9fa3a6', { rx: 1 });
    const [cx, cy] = pen.p(30, -76, 20);
    svg += rect(cx - 3.5, cy - 9, 7, 9, '#e9e2d6', { rx: 1.5 });
    return { svg, w, h: 76, d, mount: 'floor', surface: 76 };
  };

interface Resolved {
  slot: Slot;
  look: ProductLook;
  seed: string;
  fromDesign: boolean;
}

interface Placed {
  x: number;
  z: number;
  figure: Figure;
  removed?: boolean;
}

function furnish(
  defs: Defs,
  cam: Camera,
  spec: InteriorSceneSpec,
  p: RoomPalette,
  W: number,
  Zb: number,
  H: number,
): string {
  const rng = createRng(`furnish/${spec.seed}`);
  const slots = slotsFor(spec.kind, p, rng);
  const resolved: Array<Resolved | null> = slots.map(() => null);
  // a design's products take the first place that suits them
  (spec.products ?? []).forEach((product) => {
    const index = slots.findIndex((s, i) => s.kinds.includes(product.look.kind) && !resolved[i]);
    if (index >= 0) resolved[index] = { slot: slots[index]!, look: product.look, seed: product.seed, fromDesign: true };
  });
  slots.forEach((slot, i) => {
    if (resolved[i]) return;
    const look = spec.state === 'dated' ? (slot.dated ?? null) : slot.base;
    if (look) resolved[i] = { slot, look, seed: `room/${spec.seed}/${i}`, fromDesign: false };
  });

  type Item = { z: number; layer: number; svg: string };
  const items: Item[] = [];
  const placed: Placed[][] = slots.map(() => []);

  // fixtures that belong to the room
  let fixture: Placed | null = null;
  if (spec.kind === 'kitchen') {
    const run = placeProduct(
      cam,
      defs,
      { look: L('sofa', p.accent, p.metal), seed: `kitchen/${spec.seed}`, x: 0, z: Zb - 0.63 },
      kitchenRun(p, W),
    );
    items.push({ z: Zb - 0.63, layer: 1, svg: run.svg });
    const island = placeProduct(
      cam,
      defs,
      { look: L('sofa', p.accent, p.metal), seed: `island/${spec.seed}`, x: 0.1, z: 3.45 },
      kitchenIsland(p),
    );
    items.push({ z: 3.45, layer: 1, svg: island.svg });
    fixture = { x: 0.1, z: 3.45, figure: island.figure };
  } else if (spec.kind === 'home-office') {
    const placedDesk = placeProduct(
      cam,
      defs,
      { look: L('sofa', p.wood, p.metal), seed: `desk/${spec.seed}`, x: 0, z: 4.3 },
      desk(p),
    );
    items.push({ z: 4.3, layer: 1, svg: placedDesk.svg });
    fixture = { x: 0, z: 4.3, figure: placedDesk.figure };
  }

  const dims = (look: ProductLook, seed: string) =>
    drawProduct({ pen: new Pen(new Defs('probe'), { sx: 0, sy: 0 }), rng: createRng(seed), look });

  const probe = spec.probe;
  // free places: what a render may put there (a slot the room leaves empty)
  slots.forEach((slot, i) => {
    if (resolved[i] || !probe || slot.on !== undefined) return;
    [{ x: slot.x, z: slot.z }, ...(slot.copies ?? [])].forEach((pos, copy) =>
      probe.places.push({
        id: placeId(slot.kinds[0]!, i, copy),
        kinds: slot.kinds,
        kind: null,
        x: pos.x,
        z: pos.z ?? (slot.wallY !== undefined || slot.above !== undefined ? Zb - 0.02 : Zb - 0.55),
        ...(slot.wallY !== undefined ? { y: slot.wallY } : slot.hang !== undefined ? { y: slot.hang } : {}),
        pose: slot.flat
          ? 'flat'
          : slot.hang !== undefined
            ? 'suspended'
            : slot.wallY !== undefined
              ? 'hung'
              : 'standing',
        ...(slot.flat ? { flat: slot.flat } : {}),
      }),
    );
  });

  resolved.forEach((r, i) => {
    if (!r) return;
    const slot = r.slot;
    const figure = dims(r.look, r.seed);
    const positions = [{ x: slot.x, z: slot.z }, ...(slot.copies ?? [])];
    positions.forEach((pos, copy) => {
      const id = placeId(r.look.kind, i, copy);
      // a removed object is still laid out (what hangs above it keeps its place), only not drawn
      let removed = spec.without?.has(id) ?? false;
      let supportZ: number | null = null;
      let placement: Placement;
      let layer = 1;
      let pose: 'standing' | 'flat' | 'hung' | 'suspended' = 'standing';
      if (slot.flat) {
        placement = {
          look: r.look,
          seed: r.seed,
          x: pos.x,
          z: pos.z ?? 3,
          width: slot.flat.width,
          depth: slot.flat.depth,
        };
        layer = 0;
        pose = 'flat';
      } else if (slot.on !== undefined) {
        const bases = slot.on < 0 ? (fixture ? [fixture] : []) : placed[slot.on]!;
        const base = copy < bases.length ? bases[copy] : copy === 0 ? bases[0] : undefined;
        if (!base?.figure.surface) return;
        // nothing stands on a removed support
        removed ||= base.removed ?? false;
        supportZ = base.z;
        if (r.look.kind === 'throw-pillow') {
          placement = {
            look: r.look,
            seed: r.seed,
            x: base.x + slot.x,
            z: base.z + 0.3,
            y: base.figure.surface / 100 - 0.02,
          };
        } else {
          placement = {
            look: r.look,
            seed: r.seed,
            x: base.x + slot.x,
            z: base.z + base.figure.d / 200 - figure.d / 200,
            y: base.figure.surface / 100,
          };
        }
      } else if (slot.above !== undefined) {
        const base = placed[slot.above]![0];
        const top = base ? (base.figure.surface ?? base.figure.h) / 100 : 0.9;
        placement = {
          look: r.look,
          seed: r.seed,
          x: (base?.x ?? 0) + slot.x,
          z: Zb - 0.02,
          y: Math.min(H - figure.h / 200 - 0.15, top + figure.h / 200 + 0.2),
        };
        pose = 'hung';
      } else if (figure.mount === 'wall') {
        placement = { look: r.look, seed: r.seed, x: pos.x, z: Zb - 0.02, y: slot.wallY ?? 1.55 };
        pose = 'hung';
      } else if (slot.hang !== undefined) {
        placement = { look: r.look, seed: r.seed, x: pos.x, z: pos.z ?? 4, y: slot.hang, ceiling: H };
        layer = 2;
        pose = 'suspended';
      } else {
        placement = { look: r.look, seed: r.seed, x: pos.x, z: pos.z ?? Zb - figure.d / 100 - 0.05 };
      }
      const result = placeProduct(cam, defs, placement);
      placed[i]![copy] = { x: placement.x, z: placement.z, figure: result.figure, removed };
      if (removed) return;
      probe?.places.push({
        id,
        kinds: slot.kinds,
        kind: r.look.kind,
        x: placement.x,
        z: placement.z,
        ...(placement.y !== undefined ? { y: placement.y } : {}),
        pose,
        ...(slot.flat ? { flat: slot.flat } : {}),
        ...(slot.on !== undefined ? { on: true } : {}),
        svg: result.svg,
      });
      // things standing on a support are drawn just after it
      const sortZ = supportZ !== null ? supportZ - 0.001 : placement.z;
      items.push({ z: sortZ, layer, svg: result.svg });
    });
  });
  // rugs first, then everything from back to front, pendants last
  items.sort((a, b) => a.layer - b.layer || b.z - a.z);
  return items.map((it) => it.svg).join('');
}
