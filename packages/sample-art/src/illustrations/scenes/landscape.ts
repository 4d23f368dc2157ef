import { darken, lighten, mix } from '../color';
import { Pen } from '../pen';
import { createRng, type Rng } from '../prng';
import { drawProduct } from '../products';
import { conifer, treeShape } from '../products/landscape';
import { foliage } from '../products/parts';
import type { ProductKind, ProductLook } from '../products/types';
import { circle, Defs, ellipse, group, line, n, path, poly, rect, svgDocument } from '../svg';
import {
  Camera,
  lookOf,
  placeId,
  placeProduct,
  type Placement,
  SCENE_HEIGHT,
  SCENE_WIDTH,
  type SceneSpecBase,
  vignette,
} from './camera';

export const LANDSCAPE_KINDS_OF_SPACE = [
  'backyard',
  'front-yard',
  'courtyard',
  'side-yard',
  'pool-area',
  'rooftop',
  'patio',
  'garden',
  'deck',
  'driveway',
] as const;
export type LandscapeSpaceKind = (typeof LANDSCAPE_KINDS_OF_SPACE)[number];

export interface YardPalette {
  sky: string;
  lawn: string;
  paving: string;
  wood: string;
  wall: string;
  trim: string;
  foliage: string;
  flowers: readonly string[];
  textile: string;
  accent: string;
  metal: string;
  /** 0 = overcast, 1 = golden sun */
  sun: number;
}

export interface LandscapeSceneSpec extends SceneSpecBase {
  kind: LandscapeSpaceKind;
  palette: YardPalette;
}

type Pt = [number, number];

interface Slot {
  kinds: readonly ProductKind[];
  x: number;
  z: number;
  copies?: ReadonlyArray<{ x: number; z: number }>;
  flat?: { width: number; depth: number };
  span?: { from: [number, number, number]; to: [number, number, number]; sag: number };
  scale?: number;
  base: ProductLook | null;
  dated?: ProductLook | null;
}

const L = lookOf;

const EYE = 1.6;

export function landscapeSceneSvg(spec: LandscapeSceneSpec): string {
  const rng = createRng(`yard/${spec.seed}`);
  const dated = spec.state === 'dated';
  const p: YardPalette = dated ? weathered(spec.palette) : spec.palette;
  const defs = new Defs('y');
  const horizon = spec.kind === 'rooftop' ? 560 : 500;
  const cam = new Camera(1250, SCENE_WIDTH / 2, horizon, EYE, rng.range(-0.3, 0.3));
  const ctx: Ctx = { defs, rng, cam, p, dated, kind: spec.kind };
  // sunlight from the upper left
  if (spec.probe) Object.assign(spec.probe, { camera: cam, defs, lightFrom: 'left' });

  let out = sky(ctx);
  out += backdrop(ctx);
  out += furnish(ctx, spec);
  // sunlight from the upper left and a soft vignette
  out += rect(
    0,
    0,
    SCENE_WIDTH,
    SCENE_HEIGHT,
    defs.linearUser(
      [
        [0, '#fff1d0', 0.16 * p.sun],
        [0.55, '#fff1d0', 0],
        [1, '#1f2a3a', 0.06],
      ],
      0,
      0,
      SCENE_WIDTH,
      SCENE_HEIGHT * 0.6,
    ),
  );
  out += vignette(defs, dated ? 0.2 : 0.12);
  if (dated) out += rect(0, 0, SCENE_WIDTH, SCENE_HEIGHT, '#7a6a4a', { 'fill-opacity': 0.1 });
  return svgDocument(SCENE_WIDTH, SCENE_HEIGHT, defs, out);
}

interface Ctx {
  defs: Defs;
  rng: Rng;
  cam: Camera;
  p: YardPalette;
  dated: boolean;
  kind: LandscapeSpaceKind;
}

function weathered(p: YardPalette): YardPalette {
  return {
    ...p,
    sky: mix(p.sky, '#c9ccc8', 0.55),
    lawn: mix(p.lawn, '#a39a5e', 0.55),
    paving: mix(p.paving, '#a8a49c', 0.6),
    wood: mix(p.wood, '#8d8478', 0.65),
    wall: mix(p.wall, '#cfc6b2', 0.5),
    foliage: mix(p.foliage, '#7d8452', 0.4),
    flowers: [],
    sun: p.sun * 0.4,
  };
}

function sky(ctx: Ctx): string {
  const { defs, cam, p, rng } = ctx;
  let out = rect(
    0,
    0,
    SCENE_WIDTH,
    cam.horizon + 4,
    defs.linearUser(
      [
        [0, darken(p.sky, 0.12)],
        [0.7, lighten(p.sky, 0.35)],
        [1, mix(p.sky, '#fbeedd', 0.7)],
      ],
      0,
      0,
      0,
      cam.horizon,
    ),
  );
  out += circle(
    180,
    120,
    260,
    defs.radialUser(
      [
        [0, '#fff6dc', 0.55 * p.sun],
        [1, '#fff6dc', 0],
      ],
      180,
      120,
      260,
    ),
  );
  for (let i = 0; i < 4; i++) {
    const cx = rng.range(100, 1500);
    const cy = rng.range(60, cam.horizon * 0.55);
    const w = rng.range(120, 260);
    for (let k = 0; k < 5; k++) {
      out += ellipse(
        cx + (k - 2) * w * 0.28 + rng.range(-10, 10),
        cy - Math.abs(k - 2) * -6 + rng.range(-6, 6),
        w * rng.range(0.2, 0.32),
        w * rng.range(0.1, 0.16),
        '#ffffff',
        { 'fill-opacity': 0.55 },
      );
    }
  }
  return out;
}

/** The ground everywhere, drawn first: a lawn with mowing stripes. */
function lawn(ctx: Ctx, zFar = 60): string {
  const { defs, cam, p, rng, dated } = ctx;
  const P = (x: number, z: number) => cam.project(x, 0, z);
  const far = P(0, zFar)[1];
  let out = rect(
    0,
    far,
    SCENE_WIDTH,
    SCENE_HEIGHT - far,
    defs.linearUser(
      [
        [0, mix(p.lawn, '#b7c48f', 0.35)],
        [1, darken(p.lawn, 0.12)],
      ],
      0,
      far,
      0,
      SCENE_HEIGHT,
    ),
  );
  if (!dated) {
    for (let i = -12; i < 12; i += 2) {
      out += poly(
        [P(i * 0.9, 1), P(i * 0.9, zFar), P((i + 1) * 0.9, zFar), P((i + 1) * 0.9, 1)],
        lighten(p.lawn, 0.07),
        { 'fill-opacity': 0.55 },
      );
    }
  } else {
    for (let i = 0; i < 18; i++) {
      const [cx, cy] = P(rng.range(-6, 6), rng.range(2.5, 14));
      const s = cam.scale(cam.floorDepthAt(cy));
      out += ellipse(
        cx,
        cy,
        s * rng.range(0.4, 1.2),
        s * rng.range(0.1, 0.25),
        rng.pick(['#a08a5c', '#8f7b52', '#b5a272']),
        { 'fill-opacity': 0.7 },
      );
    }
  }
  // tufts of grass catching the light near the viewer
  for (let i = 0; i < 40; i++) {
    const z = rng.range(2.4, 7);
    const [x, y] = P(rng.range(-5, 5), z);
    const s = cam.scale(z) / 100;
    out += path(
      `M${n(x)},${n(y)} l${n(-2 * s)},${n(-9 * s)} M${n(x)},${n(y)} l${n(1 * s)},${n(-11 * s)} M${n(x)},${n(y)} l${n(3 * s)},${n(-8 * s)}`,
      'none',
      { stroke: darken(p.lawn, 0.2), 'stroke-width': Math.max(0.6, s * 0.8), 'stroke-opacity': 0.6 },
    );
  }
  return out;
}

function treeLine(ctx: Ctx, z: number, count: number, spreadX: number, tint = 0.35, size = 1): string {
  const { defs, cam, p, rng } = ctx;
  const pen = new Pen(defs, { sx: 0, sy: 0.05 });
  const trees: Array<{ x: number; z: number }> = [];
  for (let i = 0; i < count; i++)
    trees.push({ x: -spreadX + (2 * spreadX * (i + rng.range(0.1, 0.9))) / count, z: z + rng.range(0, 4) });
  trees.sort((a, b) => b.z - a.z);
  let out = '';
  for (const t of trees) {
    const [sx, sy] = cam.project(t.x, 0, t.z);
    const s = cam.scale(t.z) / 100;
    const h = rng.range(6, 11) * size;
    const color = mix(rng.chance(0.3) ? darken(p.foliage, 0.25) : p.foliage, '#a9bcc4', tint + rng.range(-0.08, 0.08));
    const shape = rng.chance(0.3)
      ? conifer(pen, 0, 0, h * 100, h * 38, mix(color, '#2f5a45', 0.3))
      : treeShape(pen, rng, {
          height: h * 100,
          spread: h * rng.range(60, 85),
          foliage: color,
          trunk: mix('#5b4636', '#9fb3b8', tint),
          trunkRatio: 0.3,
          lobes: tint > 0.3 ? 9 : 13,
        });
    out += group(shape, { transform: `translate(${n(sx)} ${n(sy)}) scale(${n(s)})` });
  }
  return out;
}

function sceneryTree(ctx: Ctx, x: number, z: number, height: number, color?: string, fruit?: string): string {
  const { defs, cam, p, rng } = ctx;
  const [sx, sy] = cam.project(x, 0, z);
  const s = cam.scale(z) / 100;
  const pen = new Pen(defs, { sx: -(x - cam.camX) / z, sy: Math.max(0.03, (EYE - height / 2) / z) * 0.3 });
  return group(
    treeShape(pen, rng, {
      height: height * 100,
      spread: height * 70,
      foliage: color ?? p.foliage,
      trunk: '#6b5444',
      trunkRatio: 0.32,
      ...(fruit ? { fruit } : {}),
    }),
    {
      transform: `translate(${n(sx)} ${n(sy)}) scale(${n(s)})`,
    },
  );
}

function shrubRow(ctx: Ctx, x0: number, x1: number, z: number, h: number, step = 0.9, color?: string): string {
  const { cam, p, rng } = ctx;
  let out = '';
  for (let x = x0; x <= x1; x += step * rng.range(0.8, 1.2)) {
    const [sx, sy] = cam.project(x, 0, z);
    const s = cam.scale(z);
    const r = h * rng.range(0.8, 1.15);
    out += foliage(
      rng,
      sx,
      sy - r * s * 0.45,
      r * s * 0.6,
      r * s * 0.5,
      color ?? mix(p.foliage, '#3f6b3a', rng.range(0, 0.5)),
      8,
    );
  }
  return out;
}

function flowerBed(ctx: Ctx, x0: number, x1: number, z0: number, z1: number): string {
  const { cam, p, rng, dated } = ctx;
  const P = (x: number, z: number) => cam.project(x, 0.01, z);
  let out = poly([P(x0, z0), P(x1, z0), P(x1, z1), P(x0, z1)], dated ? '#8a7458' : '#5e4634');
  if (dated) return out;
  const clumps = Math.round((x1 - x0) * (z1 - z0) * 1.6) + 4;
  const spots: Array<[number, number]> = [];
  for (let i = 0; i < clumps; i++) spots.push([rng.range(x0 + 0.15, x1 - 0.15), rng.range(z0 + 0.1, z1 - 0.1)]);
  spots.sort((a, b) => b[1] - a[1]);
  for (const [x, z] of spots) {
    const [sx, sy] = cam.project(x, 0, z);
    const s = cam.scale(z);
    const r = s * rng.range(0.2, 0.32);
    out += foliage(rng, sx, sy - r * 0.7, r, r * 0.8, mix(p.foliage, '#5f8f4a', 0.4), 4);
    const flower = p.flowers.length ? rng.pick(p.flowers) : '#ffffff';
    for (let k = 0; k < 7; k++)
      out += circle(sx + rng.range(-r * 0.8, r * 0.8), sy - r * rng.range(0.5, 1.4), r * 0.15, flower);
  }
  return out;
}

function fence(
  ctx: Ctx,
  z: number,
  x0: number,
  x1: number,
  h: number,
  style: 'horizontal' | 'boards' | 'picket',
): string {
  const { cam, p, rng, dated } = ctx;
  const P = (x: number, y: number) => cam.project(x, y, z);
  const wood = dated ? '#9a9184' : p.wood;
  const [ax, ay] = P(x0, h);
  const [bx, by] = P(x1, 0);
  let out = '';
  if (style === 'horizontal') {
    out += rect(ax, ay, bx - ax, by - ay, darken(wood, 0.45));
    const slats = Math.round(h / 0.14);
    const sh = (by - ay) / slats;
    for (let i = 0; i < slats; i++) {
      out += rect(
        ax,
        ay + i * sh,
        bx - ax,
        sh * 0.84,
        mix(wood, rng.chance(0.5) ? lighten(wood, 0.12) : darken(wood, 0.1), rng.range(0, 0.7)),
      );
    }
  } else {
    const bw = 0.15;
    for (let x = x0; x < x1; x += bw) {
      const [cx, cy] = P(x, style === 'picket' ? h * 0.85 : h);
      const [dx, dy] = P(x + bw * (style === 'picket' ? 0.62 : 0.96), 0);
      const tone = mix(wood, rng.chance(0.5) ? lighten(wood, 0.1) : darken(wood, 0.12), rng.range(0, 0.8));
      out += rect(cx, cy, dx - cx, dy - cy, tone);
      if (style === 'picket')
        out += poly(
          [
            [cx, cy],
            [dx, cy],
            [(cx + dx) / 2, cy - (dx - cx) * 0.8],
          ],
          tone,
        );
    }
    for (const y of style === 'picket' ? [h * 0.25, h * 0.65] : [h * 0.15, h * 0.85]) {
      const [ex, ey] = P(x0, y);
      const [fx] = P(x1, y);
      out += rect(ex, ey, fx - ex, cam.scale(z) * 0.05, darken(wood, 0.2), { 'fill-opacity': 0.5 });
    }
  }
  // posts
  for (let x = x0; x <= x1 + 0.01; x += 2.4) {
    const [cx, cy] = P(x - 0.05, h + 0.05);
    const [dx, dy] = P(x + 0.05, 0);
    out += rect(cx, cy, dx - cx, dy - cy, darken(wood, 0.25));
  }
  out += rect(ax, by - 2, bx - ax, 6, '#000000', { 'fill-opacity': 0.12 });
  return out;
}

function houseFacade(
  ctx: Ctx,
  z: number,
  x0: number,
  x1: number,
  h: number,
  opts: { door?: number; garage?: [number, number]; slider?: [number, number]; windows: number[]; roof?: boolean },
): string {
  const { defs, cam, p, dated } = ctx;
  const P = (x: number, y: number) => cam.project(x, y, z);
  const [ax, ay] = P(x0, h);
  const [bx, by] = P(x1, 0);
  const s = cam.scale(z);
  let out = '';
  if (opts.roof) {
    const [rx0, ry] = P(x0 - 0.5, h);
    const [rx1] = P(x1 + 0.5, h);
    const peak = P((x0 + x1) / 2, h + 2.4);
    out += poly(
      [[rx0, ry], peak, [rx1, ry]],
      defs.linear([
        [0, '#59606a'],
        [1, '#3f454d'],
      ]),
    );
    out += rect(rx0, ry - 4, rx1 - rx0, 10, darken(p.trim, 0.05));
  }
  out += rect(
    ax,
    ay,
    bx - ax,
    by - ay,
    defs.linear(
      [
        [0, lighten(p.wall, 0.06)],
        [0.6, p.wall],
        [1, darken(p.wall, 0.1)],
      ],
      0,
      0,
      1,
      0.4,
    ),
  );
  // lap siding
  for (let y = 0.25; y < h; y += 0.25) {
    const [, ly] = P(0, y);
    out += line(ax, ly, bx, ly, darken(p.wall, 0.12), 0.8, { 'stroke-opacity': 0.5 });
  }
  const windowAt = (cx: number, y0: number, w: number, hh: number) => {
    const [wx, wy] = P(cx - w / 2, y0 + hh);
    const ww = w * s;
    const wh = hh * s;
    let o = rect(wx - 0.08 * s, wy - 0.08 * s, ww + 0.16 * s, wh + 0.16 * s, p.trim);
    o += rect(
      wx,
      wy,
      ww,
      wh,
      defs.linear(
        [
          [0, '#9bb6c6'],
          [0.5, '#5d7585'],
          [1, '#3d4f5c'],
        ],
        0,
        0,
        0.6,
        1,
      ),
    );
    o += rect(wx, wy, ww, wh * 0.45, '#ffffff', { 'fill-opacity': 0.18 });
    o += rect(wx + ww / 2 - 0.02 * s, wy, 0.04 * s, wh, p.trim);
    o += rect(wx, wy + wh / 2 - 0.02 * s, ww, 0.04 * s, p.trim);
    o += rect(wx - 0.12 * s, wy + wh + 0.06 * s, ww + 0.24 * s, 0.06 * s, lighten(p.trim, 0.05));
    return o;
  };
  for (const wx of opts.windows) {
    out += windowAt(wx, 0.95, 1.1, 1.3);
    if (h > 4.5) out += windowAt(wx, 3.6, 1.0, 1.2);
  }
  if (opts.door !== undefined) {
    const [dx, dy] = P(opts.door - 0.5, 2.2);
    out += rect(dx - 0.1 * s, dy - 0.1 * s, 1.2 * s, 2.3 * s, p.trim);
    out += rect(
      dx,
      dy,
      1.0 * s,
      2.2 * s,
      defs.linear(
        [
          [0, lighten(p.accent, 0.1)],
          [1, darken(p.accent, 0.2)],
        ],
        0,
        0,
        1,
        0,
      ),
    );
    out += rect(dx + 0.15 * s, dy + 0.2 * s, 0.7 * s, 0.8 * s, 'none', {
      stroke: darken(p.accent, 0.25),
      'stroke-width': 1.2,
    });
    out += rect(dx + 0.15 * s, dy + 1.15 * s, 0.7 * s, 0.85 * s, 'none', {
      stroke: darken(p.accent, 0.25),
      'stroke-width': 1.2,
    });
    out += circle(dx + 0.85 * s, dy + 1.1 * s, 0.04 * s, p.metal);
    for (const side of [-1, 1]) {
      const [lx, ly] = P(opts.door + side * 0.85, 1.9);
      out += rect(lx - 0.07 * s, ly, 0.14 * s, 0.24 * s, '#2b2b2b', { rx: 2 });
      out += circle(
        lx,
        ly + 0.14 * s,
        0.3 * s,
        defs.radial([
          [0, '#ffd58a', dated ? 0 : 0.5],
          [1, '#ffd58a', 0],
        ]),
      );
    }
  }
  if (opts.garage) {
    const [gx, gy] = P(opts.garage[0], 2.3);
    const [gx1] = P(opts.garage[1], 0);
    out += rect(gx - 0.12 * s, gy - 0.12 * s, gx1 - gx + 0.24 * s, 2.42 * s, p.trim);
    out += rect(
      gx,
      gy,
      gx1 - gx,
      2.3 * s,
      defs.linear([
        [0, lighten(p.trim, 0.02)],
        [1, darken(p.trim, 0.12)],
      ]),
    );
    for (let i = 1; i < 5; i++)
      out += line(gx, gy + (2.3 * s * i) / 5, gx1, gy + (2.3 * s * i) / 5, darken(p.trim, 0.25), 1.2);
    out += rect(gx + 0.2 * s, gy + 0.2 * s, gx1 - gx - 0.4 * s, 0.3 * s, '#5d7585');
  }
  if (opts.slider) {
    const [sx0, sy0] = P(opts.slider[0], 2.4);
    const [sx1] = P(opts.slider[1], 0);
    out += rect(sx0 - 0.08 * s, sy0 - 0.08 * s, sx1 - sx0 + 0.16 * s, 2.48 * s, '#3a3d40');
    out += rect(
      sx0,
      sy0,
      sx1 - sx0,
      2.4 * s,
      defs.linear(
        [
          [0, '#a9c0cc'],
          [0.55, '#5f7887'],
          [1, '#3e505c'],
        ],
        0,
        0,
        0.5,
        1,
      ),
    );
    const panels = 3;
    for (let i = 1; i < panels; i++)
      out += rect(sx0 + ((sx1 - sx0) * i) / panels - 0.03 * s, sy0, 0.06 * s, 2.4 * s, '#3a3d40');
    out += poly(
      [
        [sx0 + 0.1 * s, sy0],
        [sx0 + 0.7 * s, sy0],
        [sx0 + 0.1 * s, sy0 + 1.6 * s],
      ],
      '#ffffff',
      { 'fill-opacity': 0.15 },
    );
  }
  // foundation
  out += rect(ax, by - 0.25 * s, bx - ax, 0.25 * s, darken(p.paving, 0.15));
  return out;
}

/** A paved, decked or gravel surface as a flat rectangle on the ground. */
function surface(
  ctx: Ctx,
  kind: 'pavers' | 'deck' | 'gravel' | 'tile' | 'concrete',
  x0: number,
  x1: number,
  z0: number,
  z1: number,
  color?: string,
): string {
  const { defs, cam, p, rng, dated } = ctx;
  const P = (x: number, z: number) => cam.project(x, 0.005, z);
  const c = color ?? (kind === 'deck' ? p.wood : p.paving);
  const quad = [P(x0, z0), P(x1, z0), P(x1, z1), P(x0, z1)];
  if (dated || kind === 'concrete') {
    let out = poly(quad, dated ? '#b3aea4' : c);
    for (let z = z0 + 1.5; z < z1; z += 1.5)
      out += poly([P(x0, z), P(x1, z)], 'none', { stroke: darken(c, 0.2), 'stroke-width': 1 });
    if (dated) {
      for (let i = 0; i < 5; i++) {
        const [cx, cy] = P(rng.range(x0, x1), rng.range(z0, z1));
        out += path(
          `M${n(cx)},${n(cy)} l${n(rng.range(-30, 30))},${n(rng.range(-8, 8))} l${n(rng.range(-30, 30))},${n(rng.range(-6, 6))}`,
          'none',
          { stroke: '#7d776c', 'stroke-width': 1 },
        );
      }
    }
    return out;
  }
  if (kind === 'pavers') {
    const pen = new Pen(defs, { sx: 0, sy: 0 });
    return drawProduct({
      pen,
      rng,
      look: L('pavers', c, c, 0),
      flatSize: { width: x1 - x0, depth: z1 - z0 },
      flat: (u, v) => P(x0 + u * (x1 - x0), z0 + v * (z1 - z0)),
    }).svg;
  }
  let out = poly(quad, c);
  if (kind === 'deck') {
    const board = 0.14;
    for (let z = z0; z < z1; z += board) {
      const tone = mix(c, rng.chance(0.5) ? lighten(c, 0.14) : darken(c, 0.12), rng.range(0, 0.8));
      out += poly([P(x0, z), P(x1, z), P(x1, z + board * 0.92), P(x0, z + board * 0.92)], tone);
    }
  } else if (kind === 'tile') {
    for (let x = Math.ceil(x0 / 0.5) * 0.5; x < x1; x += 0.5)
      out += poly([P(x, z0), P(x, z1)], 'none', { stroke: lighten(c, 0.3), 'stroke-width': 1.2 });
    for (let z = z0; z < z1; z += 0.5)
      out += poly([P(x0, z), P(x1, z)], 'none', { stroke: lighten(c, 0.3), 'stroke-width': Math.min(2.5, 6 / z) });
  } else {
    for (let i = 0; i < 220; i++) {
      const [gx, gy] = P(rng.range(x0, x1), rng.range(z0, Math.min(z1, 12)));
      out += circle(gx, gy, rng.range(0.8, 2.2), rng.chance(0.5) ? lighten(c, 0.2) : darken(c, 0.18), {
        'fill-opacity': 0.8,
      });
    }
  }
  out += poly(
    quad,
    defs.linear(
      [
        [0, '#ffffff', 0.1],
        [1, '#000000', 0.12],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  return out;
}

function pool(ctx: Ctx, x0: number, x1: number, z0: number, z1: number): string {
  const { defs, cam, rng, dated } = ctx;
  const P = (x: number, y: number, z: number) => cam.project(x, y, z);
  const coping = 0.3;
  let out = poly(
    [
      P(x0 - coping, 0.01, z0 - coping),
      P(x1 + coping, 0.01, z0 - coping),
      P(x1 + coping, 0.01, z1 + coping),
      P(x0 - coping, 0.01, z1 + coping),
    ],
    '#efe9de',
  );
  const water = dated ? '#7f9a86' : '#3fb3c9';
  // far inner wall, then the water surface
  out += poly([P(x0, 0, z1), P(x1, 0, z1), P(x1, -0.35, z1), P(x0, -0.35, z1)], darken(water, 0.25));
  out += poly(
    [P(x0, -0.05, z0), P(x1, -0.05, z0), P(x1, -0.05, z1), P(x0, -0.05, z1)],
    defs.linearUser(
      [
        [0, lighten(water, 0.25)],
        [1, darken(water, 0.1)],
      ],
      0,
      P(0, 0, z1)[1],
      0,
      P(0, 0, z0)[1],
    ),
  );
  if (!dated) {
    for (let i = 0; i < 14; i++) {
      const z = rng.range(z0 + 0.3, z1 - 0.2);
      const x = rng.range(x0 + 0.3, x1 - 1);
      const [ax, ay] = P(x, -0.05, z);
      const [bx] = P(x + rng.range(0.5, 1.2), -0.05, z);
      out += path(
        `M${n(ax)},${n(ay)} q${n((bx - ax) / 4)},${n(-3)} ${n((bx - ax) / 2)},0 t${n((bx - ax) / 2)},0`,
        'none',
        { stroke: '#e8fbff', 'stroke-width': 1.4, 'stroke-opacity': 0.7 },
      );
    }
  }
  // the near coping edge has a visible thickness
  out += poly(
    [
      P(x0 - coping, 0.01, z0 - coping),
      P(x1 + coping, 0.01, z0 - coping),
      P(x1 + coping, -0.06, z0 - coping),
      P(x0 - coping, -0.06, z0 - coping),
    ],
    '#d8d0c2',
  );
  return out;
}

function skyline(ctx: Ctx): string {
  const { cam, rng } = ctx;
  let out = '';
  for (const [z, tint] of [
    [420, 0.62],
    [260, 0.4],
  ] as const) {
    let x = -z * 0.75;
    while (x < z * 0.75) {
      const w = rng.range(10, 26) * (z / 260);
      const h = rng.range(14, 95);
      const [ax, ay] = cam.project(x, h, z);
      const [bx, by] = cam.project(x + w, 0, z);
      const c = mix(rng.pick(['#8c96a3', '#b9a48e', '#7d8895', '#c2b8a8', '#9aa7a0', '#d0c3b0']), '#c9d6df', tint);
      out += rect(
        ax,
        ay,
        bx - ax,
        by - ay,
        ctx.defs.linear(
          [
            [0, lighten(c, 0.12)],
            [0.5, c],
            [1, darken(c, 0.12)],
          ],
          0,
          0,
          1,
          0,
        ),
      );
      if (tint < 0.5) {
        for (let wy = ay + 5; wy < by - 4; wy += 7)
          out += rect(ax + 2, wy, bx - ax - 4, 2, darken(c, 0.18), { 'fill-opacity': 0.45 });
      }
      x += w + rng.range(1, 12) * (z / 260);
    }
  }
  return out;
}

/** Lower buildings around a roof terrace: their roofs and upper floors below eye level. */
function neighbourRoofs(ctx: Ctx): string {
  const { defs, cam, rng } = ctx;
  const top = cam.horizon;
  let out = rect(
    0,
    top - 2,
    SCENE_WIDTH,
    SCENE_HEIGHT - top + 2,
    defs.linearUser(
      [
        [0, '#b9c3c9'],
        [1, '#8e979c'],
      ],
      0,
      top,
      0,
      top + 260,
    ),
  );
  for (const z of [90, 60, 36]) {
    let x = -z * 0.8;
    while (x < z * 0.8) {
      const w = rng.range(8, 20);
      const roof = -rng.range(1.5, 8);
      const [ax, ay] = cam.project(x, roof, z);
      const [bx] = cam.project(x + w, roof, z);
      const c = rng.pick(['#a9a39a', '#b8b1a6', '#9aa3a8', '#c4b9a9', '#8f9aa0']);
      out += rect(
        ax,
        ay,
        bx - ax,
        SCENE_HEIGHT - ay,
        defs.linear(
          [
            [0, lighten(c, 0.1)],
            [1, darken(c, 0.15)],
          ],
          0,
          0,
          1,
          0,
        ),
      );
      out += rect(ax, ay - 3, bx - ax, 4, lighten(c, 0.25));
      for (let wy = ay + 8; wy < ay + 120; wy += 14)
        out += rect(ax + 4, wy, bx - ax - 8, 4, darken(c, 0.25), { 'fill-opacity': 0.5 });
      x += w + rng.range(1, 6);
    }
  }
  return out;
}

function backdrop(ctx: Ctx): string {
  const { cam, p, dated, kind } = ctx;
  const P = (x: number, y: number, z: number) => cam.project(x, y, z);
  let out = '';
  switch (kind) {
    case 'backyard': {
      out += treeLine(ctx, 24, 9, 16, 0.45);
      out += lawn(ctx);
      out += treeLine(ctx, 15, 6, 10, 0.15, 0.75);
      out += fence(ctx, 12, -12, 12, 1.9, 'horizontal');
      if (!dated) out += shrubRow(ctx, -7, 7, 11.4, 0.9);
      out += surface(ctx, 'pavers', -3.6, 3.6, 1.5, 7.2);
      return out;
    }
    case 'front-yard': {
      out += treeLine(ctx, 24, 9, 18, 0.45);
      out += lawn(ctx);
      out += houseFacade(ctx, 11, -5.5, 5.5, 5.6, { door: 0, windows: [-3.2, -1.6, 1.8, 3.4], roof: true });
      out += surface(ctx, 'concrete', -1.2, 1.2, 9, 11, lighten(p.paving, 0.1));
      out += shrubRow(ctx, -5.2, -1.6, 10.5, 0.8, 0.8, darken(p.foliage, 0.1));
      out += shrubRow(ctx, 1.6, 5.2, 10.5, 0.8, 0.8, darken(p.foliage, 0.1));
      out += surface(ctx, dated ? 'concrete' : 'pavers', -0.7, 0.7, 2, 9);
      if (!dated) {
        out += flowerBed(ctx, -4.5, -1.3, 8.4, 9.6);
        out += flowerBed(ctx, 1.3, 4.5, 8.4, 9.6);
      }
      out += sceneryTree(ctx, -6.2, 12.5, 7, undefined, undefined);
      return out;
    }
    case 'courtyard': {
      const wall = (pts: Pt[]) =>
        poly(
          pts,
          ctx.defs.linear(
            [
              [0, lighten(p.wall, 0.05)],
              [1, darken(p.wall, 0.12)],
            ],
            0,
            0,
            1,
            1,
          ),
        );
      out += treeLine(ctx, 20, 6, 10, 0.35);
      out += surface(ctx, 'tile', -3.6, 3.6, 1, 9, p.paving);
      out += wall([P(-3.6, 3.2, 9), P(3.6, 3.2, 9), P(3.6, 0, 9), P(-3.6, 0, 9)]);
      // arched opening in the back wall
      const [ax, ay] = P(-0.7, 2.4, 9);
      const [bx, by] = P(0.7, 0, 9);
      const r = (bx - ax) / 2;
      out += path(
        `M${n(ax)},${n(by)} L${n(ax)},${n(ay + r)} A${n(r)},${n(r)} 0 0 1 ${n(bx)},${n(ay + r)} L${n(bx)},${n(by)}Z`,
        ctx.defs.linear([
          [0, '#7f9c6e'],
          [1, '#50704a'],
        ]),
      );
      out += wall([P(-3.6, 3.2, 1), P(-3.6, 3.2, 9), P(-3.6, 0, 9), P(-3.6, 0, 1)]);
      out += wall([P(3.6, 3.2, 1), P(3.6, 3.2, 9), P(3.6, 0, 9), P(3.6, 0, 1)]);
      for (const [a, b] of [
        [P(-3.6, 3.2, 9), P(3.6, 3.2, 9)],
        [P(-3.6, 3.2, 1), P(-3.6, 3.2, 9)],
        [P(3.6, 3.2, 1), P(3.6, 3.2, 9)],
      ] as const) {
        out += line(a[0], a[1], b[0], b[1], lighten(p.trim, 0.1), 6);
      }
      // shade cast by the left wall
      out += poly([P(-3.6, 0.01, 1), P(-3.6, 0.01, 9), P(-1.6, 0.01, 9), P(-2.2, 0.01, 1)], '#2a2a3a', {
        'fill-opacity': dated ? 0.12 : 0.16,
      });
      // terracotta wall base and a pair of lanterns beside the arch
      out += poly([P(-3.6, 0.45, 9), P(3.6, 0.45, 9), P(3.6, 0, 9), P(-3.6, 0, 9)], darken(p.wall, 0.18));
      for (const x of [-1.3, 1.3]) {
        const [lx, ly] = P(x, 2.1, 8.98);
        const s = cam.scale(9);
        out += rect(lx - 0.1 * s, ly, 0.2 * s, 0.32 * s, '#2b2b2b', { rx: 2 });
        out += rect(lx - 0.07 * s, ly + 0.05 * s, 0.14 * s, 0.2 * s, dated ? '#6b6b5a' : '#ffd58a');
      }
      return out;
    }
    case 'side-yard': {
      out += treeLine(ctx, 22, 6, 10, 0.4);
      out += lawn(ctx);
      out += fence(ctx, 15, -2, 2.2, 1.9, 'boards');
      // the house's side wall on the left, the neighbour's fence on the right
      out += poly(
        [P(-1.7, 3.2, 0.5), P(-1.7, 3.2, 15), P(-1.7, 0, 15), P(-1.7, 0, 0.5)],
        ctx.defs.linearUser(
          [
            [0, darken(p.wall, 0.2)],
            [1, p.wall],
          ],
          0,
          0,
          P(-1.7, 0, 15)[0],
          0,
        ),
      );
      for (let z = 2; z < 15; z += 0.9) {
        const [ax, ay] = P(-1.7, 0.25, z);
        const [bx2, by2] = P(-1.7, 3.2, z);
        out += line(ax, ay, bx2, by2, darken(p.wall, 0.1), 0.6, { 'stroke-opacity': 0.3 });
      }
      for (const z of [4.5, 9.5]) {
        out += poly([P(-1.7, 2.2, z), P(-1.7, 2.2, z + 1.2), P(-1.7, 1.0, z + 1.2), P(-1.7, 1.0, z)], '#5d7585', {
          stroke: p.trim,
          'stroke-width': 5,
        });
      }
      const fencePts = [P(2.2, 1.9, 0.5), P(2.2, 1.9, 15), P(2.2, 0, 15), P(2.2, 0, 0.5)];
      out += poly(fencePts, dated ? '#9a9184' : p.wood);
      for (let z = 1; z < 15; z += 0.3) {
        const [ax, ay] = P(2.2, 1.9, z);
        const [, by2] = P(2.2, 0, z);
        out += line(ax, ay, ax, by2, darken(dated ? '#9a9184' : p.wood, 0.3), 0.8, { 'stroke-opacity': 0.5 });
      }
      out += surface(ctx, 'gravel', -1.7, 2.2, 1.5, 15, lighten(p.paving, 0.1));
      if (!dated) {
        for (let z = 2.2; z < 14; z += 0.9) {
          const [sx, sy] = P(0.2 + Math.sin(z) * 0.2, 0.01, z);
          const s = cam.scale(z);
          out += ellipse(sx, sy + s * 0.015, s * 0.37, s * 0.11, darken(p.paving, 0.3));
          out += ellipse(sx, sy, s * 0.36, s * 0.1, lighten(p.paving, 0.18));
        }
        out += shrubRow(ctx, 1.7, 1.9, 12, 0.7, 1);
      }
      return out;
    }
    case 'pool-area': {
      out += treeLine(ctx, 22, 8, 16, 0.4);
      out += lawn(ctx);
      out += shrubRow(ctx, -10, 10, 15, 1.5, 1.2, darken(p.foliage, 0.12));
      out += surface(ctx, 'pavers', -6, 6, 2, 14.5, p.paving);
      out += pool(ctx, -2.6, 2.2, 6, 12.5);
      return out;
    }
    case 'rooftop': {
      out += skyline(ctx);
      out += neighbourRoofs(ctx);
      out += surface(ctx, 'deck', -4.5, 4.5, 1.5, 8.6, p.wood);
      // glass balustrade with a steel cap rail
      const [ax, ay] = P(-4.5, 1.1, 8.6);
      const [bx, by] = P(4.5, 0, 8.6);
      out += rect(ax, ay, bx - ax, by - ay, '#e4f1f5', { 'fill-opacity': 0.22 });
      for (let x = -4.5; x <= 4.5; x += 1.5) {
        const [px, py] = P(x, 1.1, 8.6);
        out += rect(px - 2, py, 4, by - py, '#5d6166');
      }
      out += rect(ax, ay - 3, bx - ax, 6, '#5d6166');
      out += poly([P(-4.5, 1.1, 1), P(-4.5, 1.1, 8.6), P(-4.5, 0, 8.6), P(-4.5, 0, 1)], '#e4f1f5', {
        'fill-opacity': 0.22,
      });
      out += poly([P(4.5, 1.1, 1), P(4.5, 1.1, 8.6), P(4.5, 0, 8.6), P(4.5, 0, 1)], '#e4f1f5', {
        'fill-opacity': 0.22,
      });
      for (const x of [-4.5, 4.5]) out += line(...P(x, 1.1, 1), ...P(x, 1.1, 8.6), '#5d6166', 4);
      return out;
    }
    case 'patio': {
      out += lawn(ctx);
      out += houseFacade(ctx, 9, -6, 6, 3.4, { slider: [-1.8, 1.8], windows: [-4, 4] });
      out += surface(ctx, 'pavers', -4.2, 4.2, 2, 9, p.paving);
      if (!dated) {
        out += flowerBed(ctx, -6, -4.4, 5, 8.8);
        out += flowerBed(ctx, 4.4, 6, 5, 8.8);
      }
      return out;
    }
    case 'garden': {
      out += treeLine(ctx, 24, 8, 16, 0.45);
      out += lawn(ctx);
      out += shrubRow(ctx, -9, 9, 14, 1.6, 1.1, darken(p.foliage, 0.15));
      out += sceneryTree(ctx, -5.5, 12, 6.5);
      out += sceneryTree(ctx, 6, 13, 7.5);
      if (!dated) {
        out += flowerBed(ctx, -5.5, -1.2, 3.2, 7.5);
        out += flowerBed(ctx, 1.4, 5.8, 3.2, 7.5);
      }
      for (let z = 2.3; z < 12.5; z += 0.75) {
        const [sx, sy] = P(0.1 + Math.sin(z * 0.5) * 0.6, 0.01, z);
        const s = cam.scale(z);
        out += ellipse(sx, sy, s * 0.34, s * 0.1, dated ? '#a9a49a' : lighten(p.paving, 0.1), {
          stroke: darken(p.paving, 0.2),
          'stroke-width': 1,
        });
      }
      return out;
    }
    case 'deck': {
      out += treeLine(ctx, 20, 9, 16, 0.4);
      out += lawn(ctx);
      out += fence(ctx, 17, -14, 14, 1.8, 'boards');
      out += sceneryTree(ctx, -6, 14, 7);
      out += sceneryTree(ctx, 5.5, 15, 6);
      out += surface(ctx, 'deck', -4.5, 4.5, 1.5, 8, p.wood);
      // railing along the deck's edge with an opening to the steps
      const wood = dated ? '#9a9184' : p.wood;
      for (const [a, b] of [
        [-4.5, -0.8],
        [0.8, 4.5],
      ] as const) {
        for (let x = a; x <= b + 0.01; x += 0.15) {
          const [px, py] = P(x, 0.95, 8);
          const [, qy] = P(x, 0, 8);
          out += rect(px - 1.4, py, 2.8, qy - py, darken(wood, 0.1));
        }
        const [rx0, ry0] = P(a - 0.05, 1.0, 8);
        const [rx1] = P(b + 0.05, 1.0, 8);
        out += rect(rx0, ry0, rx1 - rx0, cam.scale(8) * 0.07, lighten(wood, 0.05));
      }
      const [sx0, sy0] = P(-0.8, 0, 8);
      const [sx1] = P(0.8, 0, 8);
      out += rect(sx0, sy0 - 3, sx1 - sx0, 5, darken(wood, 0.3));
      return out;
    }
    case 'driveway': {
      out += treeLine(ctx, 24, 9, 18, 0.45);
      out += lawn(ctx);
      out += houseFacade(ctx, 12, -6, 6, 3.4, { garage: [0.8, 4.2], door: -1.8, windows: [-4.2], roof: true });
      out += surface(ctx, 'concrete', 0.4, 4.6, 1.5, 12, dated ? '#b3aea4' : lighten(p.paving, 0.12));
      out += surface(ctx, 'pavers', -2.2, -1.4, 3, 12, p.paving);
      if (!dated) {
        out += flowerBed(ctx, -1.2, 0.2, 2.5, 11.5);
        out += shrubRow(ctx, -6, -2.4, 11.4, 0.8, 0.8);
      }
      out += sceneryTree(ctx, -5, 9, 6);
      return out;
    }
  }
}

/** The places things go, per kind of outdoor space. */
function slotsFor(ctx: Ctx): Slot[] {
  const { p, rng, kind } = ctx;
  const sofa = L('outdoor-sofa', p.textile, p.wood, rng.int(0, 1));
  const planter = L('planter', p.accent, p.flowers[0] ?? '#e8b44c', rng.int(0, 2));
  const shrub = L('shrub', p.foliage, '#c56a43', rng.int(0, 2));
  const lounge = L('lounge-chair', p.textile, p.wood, rng.int(0, 1));
  const trees = ['tree', 'shrub', 'planter'] as const;
  const features = [
    'fountain',
    'raised-bed',
    'grill',
    'hammock',
    'bench',
    'fire-pit',
    'lantern',
    'planter',
    'shrub',
    'umbrella',
    'outdoor-dining-set',
    'lounge-chair',
  ] as const;
  const lights = (z: number, y = 2.6, half = 3.2): Slot => ({
    kinds: ['string-lights'],
    x: 0,
    z,
    span: { from: [-half, y, z], to: [half, y, z], sag: 0.5 },
    base: null,
  });
  switch (kind) {
    case 'backyard':
    case 'patio':
    case 'deck':
      return [
        { kinds: ['pavers'], x: 0, z: 1.6, flat: { width: 6.8, depth: 5.4 }, base: null },
        { kinds: ['pergola'], x: 0, z: 5.75, base: null },
        { kinds: ['outdoor-sofa', 'bench'], x: 0, z: 4.85, base: kind === 'deck' ? null : sofa },
        {
          kinds: ['fire-pit', 'fountain'],
          x: 0,
          z: 3.2,
          base: kind === 'backyard' ? L('fire-pit', '#3b3b3b', '#fff', 0) : null,
        },
        {
          kinds: ['lounge-chair'],
          x: -2.75,
          z: 5.0,
          copies: [{ x: 2.75, z: 5.0 }],
          base: kind === 'patio' ? lounge : null,
        },
        {
          kinds: ['outdoor-dining-set'],
          x: kind === 'deck' ? 0 : 3.7,
          z: kind === 'deck' ? 4.2 : 7.4,
          base: kind === 'deck' ? L('outdoor-dining-set', p.wood, p.textile, 0) : null,
        },
        { kinds: ['umbrella'], x: 3.7, z: 7.5, base: null },
        { kinds: ['planter', 'shrub', 'lantern'], x: -3.3, z: 6.4, copies: [{ x: 3.3, z: 6.4 }], base: planter },
        { kinds: ['lantern', 'planter'], x: -1.3, z: 4.4, base: null },
        {
          kinds: [...trees],
          x: -4.1,
          z: 8.2,
          scale: 1.6,
          base: kind === 'deck' ? null : L('tree', p.foliage, '#8a5a44', 1),
        },
        { kinds: [...features], x: 3.5, z: 8.8, base: null },
        { kinds: [...features], x: -3.5, z: 9.2, base: null },
        { kinds: ['grill', 'raised-bed', 'shrub'], x: 3.0, z: 5.1, base: null },
        { kinds: ['shrub', 'planter'], x: 4.2, z: 9.8, copies: [{ x: -1.6, z: 10.2 }], base: null },
        lights(5.6, 2.55, 3.1),
        { kinds: ['pavers', 'tree'], x: 0, z: 9, flat: { width: 1, depth: 1 }, base: null },
      ];
    case 'rooftop':
    case 'courtyard':
      return [
        { kinds: ['pavers'], x: 0, z: 2.2, flat: { width: 5.6, depth: 4.8 }, base: null },
        { kinds: ['pergola'], x: 0, z: 5.6, base: null },
        { kinds: ['outdoor-sofa', 'bench'], x: 0, z: 5.4, base: kind === 'rooftop' ? sofa : null },
        {
          kinds: ['fountain', 'fire-pit', 'tree'],
          x: kind === 'courtyard' ? 0 : 0,
          z: kind === 'courtyard' ? 5.2 : 3.9,
          base: kind === 'courtyard' ? L('fountain', '#c9bfae', '#fff', 0) : null,
        },
        { kinds: ['lounge-chair'], x: -1.9, z: 3.9, copies: [{ x: 1.9, z: 3.9 }], base: null },
        {
          kinds: ['outdoor-dining-set'],
          x: 2.1,
          z: 6.6,
          base: kind === 'courtyard' ? L('outdoor-dining-set', p.accent, p.metal, 1) : null,
        },
        { kinds: ['umbrella'], x: -2.3, z: 6.4, base: null },
        {
          kinds: ['planter', 'shrub', 'tree'],
          x: -3.0,
          z: 7.3,
          copies: [{ x: 3.0, z: 7.3 }],
          base: kind === 'courtyard' ? L('tree', mix(p.foliage, '#8a9a78', 0.6), p.accent, 1) : planter,
        },
        { kinds: ['lantern', 'planter', 'shrub'], x: -1.3, z: 4.9, base: null },
        { kinds: [...features], x: 2.7, z: 5.0, base: null },
        { kinds: [...features, 'tree'], x: -2.8, z: 5.2, base: null },
        {
          kinds: ['shrub', 'planter', 'raised-bed', 'grill'],
          x: 2.4,
          z: 7.6,
          copies: [{ x: -1.0, z: 7.8 }],
          base: kind === 'courtyard' ? null : shrub,
        },
        lights(5.3, 2.5, 3.0),
      ];
    case 'pool-area':
      return [
        {
          kinds: ['lounge-chair'],
          x: 3.3,
          z: 6.3,
          copies: [{ x: 3.3, z: 8.0 }],
          base: L('lounge-chair', '#f1ede4', p.wood, 0),
        },
        { kinds: ['umbrella'], x: 4.4, z: 9.6, base: L('umbrella', '#f1ede4', '#d9d4cc', 0) },
        { kinds: ['planter', 'shrub'], x: -3.5, z: 5.4, copies: [{ x: 4.3, z: 11.8 }], base: planter },
        { kinds: ['tree'], x: -4.6, z: 10.5, scale: 1.7, base: L('tree', p.foliage, '#c9a27a', 1) },
        { kinds: ['outdoor-sofa', 'outdoor-dining-set', 'bench', 'fire-pit'], x: -4.3, z: 13, base: null },
        { kinds: [...features], x: 4.6, z: 13.2, base: null },
        { kinds: ['lantern', 'planter', 'shrub'], x: 2.6, z: 4.4, base: null },
        { kinds: ['fountain', 'fire-pit', 'grill', 'raised-bed'], x: -3.9, z: 9.2, base: null },
        { kinds: ['pergola'], x: 0, z: 14.2, base: null },
        lights(13.2, 2.7, 5),
        { kinds: ['pavers'], x: 0, z: 2.2, flat: { width: 4, depth: 3 }, base: null },
      ];
    case 'front-yard':
    case 'garden':
    case 'side-yard':
    case 'driveway': {
      const side = kind === 'side-yard';
      return [
        // pavers take the place of the main path
        {
          kinds: ['pavers'],
          x: side ? 0.25 : kind === 'driveway' ? -1.8 : kind === 'garden' ? 0.1 : 0,
          z: kind === 'front-yard' ? 2 : 2.2,
          flat: {
            width: side ? 3.8 : kind === 'driveway' ? 0.9 : kind === 'garden' ? 1.6 : 1.4,
            depth: kind === 'front-yard' ? 7 : side ? 5 : 9.5,
          },
          base: null,
        },
        {
          kinds: ['tree'],
          x: side ? 1.5 : 3.8,
          z: side ? 11 : 8.5,
          scale: 1.5,
          base: side ? null : L('tree', p.foliage, p.accent, rng.int(0, 2)),
        },
        {
          kinds: ['bench', 'outdoor-sofa', 'hammock'],
          x: side ? 0.3 : -2.8,
          z: side ? 13 : 9.2,
          base: kind === 'garden' ? L('bench', p.wood, p.wood, 0) : null,
        },
        {
          kinds: ['planter', 'shrub', 'lantern'],
          x: side ? -1.0 : -1.25,
          z: 4.6,
          copies: [{ x: side ? 1.5 : 1.25, z: 4.6 }],
          base: kind === 'front-yard' || kind === 'side-yard' ? planter : null,
        },
        {
          kinds: ['fountain', 'fire-pit', 'raised-bed'],
          x: side ? 0.5 : kind === 'driveway' ? -3.3 : 2.6,
          z: side ? 8 : 6.6,
          base: null,
        },
        {
          kinds: ['lantern', 'shrub', 'planter'],
          x: side ? 1.4 : -0.75,
          z: side ? 5.8 : 5.3,
          copies: [{ x: side ? 1.4 : 0.75, z: side ? 9.8 : 5.3 }],
          base: null,
        },
        { kinds: [...features, 'pergola'], x: side ? 0.3 : -3.7, z: side ? 10 : 7.4, base: null },
        { kinds: [...features], x: side ? -0.9 : 3.4, z: side ? 6.2 : 4.6, base: null },
        {
          kinds: ['shrub', 'planter', 'tree'],
          x: side ? -1.2 : -4.6,
          z: side ? 8.5 : 10.2,
          copies: [{ x: side ? 1.5 : 4.9, z: side ? 4.5 : 11 }],
          base: side ? null : shrub,
        },
        lights(side ? 6 : 8.5, 2.6, side ? 1.6 : 3.2),
      ];
    }
  }
}

interface Resolved {
  slot: Slot;
  look: ProductLook;
  seed: string;
}

function furnish(ctx: Ctx, spec: LandscapeSceneSpec): string {
  const { defs, cam, dated } = ctx;
  const slots = slotsFor(ctx);
  const resolved: Array<Resolved | null> = slots.map(() => null);
  (spec.products ?? []).forEach((product) => {
    const index = slots.findIndex((s, i) => s.kinds.includes(product.look.kind) && !resolved[i]);
    if (index >= 0) resolved[index] = { slot: slots[index]!, look: product.look, seed: product.seed };
  });
  slots.forEach((slot, i) => {
    if (resolved[i]) return;
    const look = dated ? (slot.dated ?? null) : slot.base;
    if (look) resolved[i] = { slot, look, seed: `yard/${spec.seed}/${i}` };
  });
  const probe = spec.probe;
  slots.forEach((slot, i) => {
    if (resolved[i] || !probe) return;
    [{ x: slot.x, z: slot.z }, ...(slot.copies ?? [])].forEach((pos, copy) =>
      probe.places.push({
        id: placeId(slot.kinds[0]!, i, copy),
        kinds: slot.kinds,
        kind: null,
        x: pos.x,
        z: pos.z,
        ...(slot.span ? { y: slot.span.from[1] } : {}),
        pose: slot.flat ? 'flat' : slot.span ? 'suspended' : 'standing',
        ...(slot.flat ? { flat: slot.flat } : {}),
      }),
    );
  });
  const items: Array<{ z: number; layer: number; svg: string }> = [];
  resolved.forEach((r, i) => {
    if (!r) return;
    const slot = r.slot;
    const positions = [{ x: slot.x, z: slot.z }, ...(slot.copies ?? [])];
    positions.forEach((pos, copy) => {
      const id = placeId(r.look.kind, i, copy);
      const removed = spec.without?.has(id) ?? false;
      let placement: Placement;
      let layer = 1;
      let pose: 'standing' | 'flat' | 'suspended' = 'standing';
      let svg = '';
      if (r.look.kind === 'pavers') {
        placement = {
          look: r.look,
          seed: r.seed,
          x: pos.x,
          z: pos.z,
          width: slot.flat?.width ?? 3,
          depth: slot.flat?.depth ?? 3,
        };
        layer = 0;
        pose = 'flat';
      } else if (r.look.kind === 'string-lights') {
        if (!slot.span) return;
        placement = { look: r.look, seed: r.seed, x: 0, z: slot.z, span: slot.span };
        layer = 2;
        pose = 'suspended';
        // posts that carry the strand
        for (const end of [slot.span.from, slot.span.to]) {
          const [bx, by] = cam.project(end[0], 0, end[2]);
          const [, ty] = cam.project(end[0], end[1] + 0.1, end[2]);
          const post = rect(bx - 2.5, ty, 5, by - ty, '#3a3530');
          if (!removed) items.push({ z: end[2], layer: 1, svg: post });
          svg += post;
        }
      } else {
        placement = {
          look: r.look,
          seed: r.seed,
          x: pos.x,
          z: pos.z,
          ...(slot.scale && r.look.kind === 'tree' ? { scale: slot.scale } : {}),
        };
      }
      // a removed object is still drawn into the defs, so every other piece keeps its ids and bytes
      const result = placeProduct(cam, defs, placement);
      if (removed) return;
      items.push({ z: placement.z, layer, svg: result.svg });
      probe?.places.push({
        id,
        kinds: slot.kinds,
        kind: r.look.kind,
        x: placement.x,
        z: placement.z,
        pose,
        ...(slot.flat ? { flat: slot.flat } : {}),
        svg: svg + result.svg,
      });
    });
  });
  items.sort((a, b) => a.layer - b.layer || b.z - a.z);
  return items.map((it) => it.svg).join('');
}
