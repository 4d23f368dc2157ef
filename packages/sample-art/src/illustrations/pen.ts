import { darken, lighten, mix } from './color';
import { type Defs, ellipse, n, path, poly, rect, type Stop } from './svg';

/** A closed path through the points with corners rounded by up to r. */
export function roundedPath(points: ReadonlyArray<readonly [number, number]>, r: number): string {
  const count = points.length;
  let d = '';
  for (let i = 0; i < count; i++) {
    const prev = points[(i + count - 1) % count]!;
    const cur = points[i]!;
    const next = points[(i + 1) % count]!;
    const lenA = Math.hypot(cur[0] - prev[0], cur[1] - prev[1]);
    const lenB = Math.hypot(next[0] - cur[0], next[1] - cur[1]);
    const ra = Math.min(r, lenA / 2);
    const rb = Math.min(r, lenB / 2);
    const a: [number, number] = lenA
      ? [cur[0] + ((prev[0] - cur[0]) * ra) / lenA, cur[1] + ((prev[1] - cur[1]) * ra) / lenA]
      : [cur[0], cur[1]];
    const b: [number, number] = lenB
      ? [cur[0] + ((next[0] - cur[0]) * rb) / lenB, cur[1] + ((next[1] - cur[1]) * rb) / lenB]
      : [cur[0], cur[1]];
    d += `${i === 0 ? 'M' : 'L'}${n(a[0])},${n(a[1])} Q${n(cur[0])},${n(cur[1])} ${n(b[0])},${n(b[1])} `;
  }
  return `${d}Z`;
}

/**
 * Oblique view used to draw objects: a point (x, y, z) in centimetres — x right, y down with the
 * floor at 0, z away from the viewer — lands at (x + sx·z, y − sy·z). sx > 0 shows right-hand
 * faces, sy > 0 shows top faces, so one drawing works both on a product card and in a room seen
 * from any side.
 */
export interface View {
  sx: number;
  sy: number;
  /**
   * A turned view (turnedView): the piece turned by this many radians about its vertical axis (positive shows its
   * right-hand side), drawn with the oblique offsets above and then the whole figure put through `turnTransform`.
   */
  turn?: number;
}

/**
 * The pen's view and the figure's transform that together draw a piece turned by `turn` radians about its upright
 * axis, seen from above by `elevation` (as `sy` is for an unturned view), in an exact orthographic projection: the
 * turned projection (x, y, z) → (x·cos t + z·sin t, y + e·x·sin t − e·z·cos t) is the oblique one with
 * sx = tan t and sy = e / cos t, followed by the affine map matrix(cos t, e·sin t, 0, 1). So every part the pen
 * draws, and any detail drawn at the pen's picture coordinates, turns with the piece.
 */
export function turnedView(turn: number, elevation: number): { view: View; transform: string } {
  const c = Math.cos(turn);
  const view = { sx: Math.tan(turn), sy: elevation / c, turn };
  return { view, transform: `matrix(${n(c)} ${n(elevation * Math.sin(turn))} 0 1 0 0)` };
}

export interface PenOptions {
  /**
   * Draws the soft shadows pieces cast on the floor or wall (a catalogue photo's); off for a cut-out the compositor
   * casts its own shadows for.
   */
  floorShadows?: boolean;
}

export type Finish = 'matte' | 'velvet' | 'leather' | 'wood' | 'metal' | 'gloss' | 'woven' | 'stone' | 'fabric';

export interface BoxSpec {
  x0: number;
  x1: number;
  /** top (more negative) and bottom edges */
  y0: number;
  y1: number;
  z0: number;
  z1: number;
  color: string;
  r?: number;
  finish?: Finish;
  /** draws only the front face (for parts whose top and sides are hidden) */
  frontOnly?: boolean;
}

/** Light comes from the upper left of the picture in every illustration. */
export class Pen {
  constructor(
    readonly defs: Defs,
    readonly view: View,
    readonly options: PenOptions = {},
  ) {}

  /**
   * Where a point lands after the turned view's transform (the picture's own coordinates), and that transform's
   * inverse: for parts that are round about the upright axis (cylinders), drawn exactly in the turned picture.
   */
  private turned(): { c: number; b: number; elevation: number } | null {
    const t = this.view.turn;
    if (!t) return null;
    const c = Math.cos(t);
    const elevation = this.view.sy * c;
    return { c, b: elevation * Math.sin(t), elevation };
  }

  p(x: number, y: number, z: number): [number, number] {
    return [x + this.view.sx * z, y - this.view.sy * z];
  }

  frontFill(color: string, finish: Finish = 'matte'): string {
    const d = this.defs;
    switch (finish) {
      case 'velvet':
        return d.linear(
          [
            [0, lighten(color, 0.16)],
            [0.3, lighten(color, 0.06)],
            [0.65, color],
            [1, darken(color, 0.22)],
          ],
          0,
          0,
          0.25,
          1,
        );
      case 'leather':
        return d.linear(
          [
            [0, lighten(color, 0.25)],
            [0.22, lighten(color, 0.08)],
            [0.6, color],
            [1, darken(color, 0.28)],
          ],
          0,
          0,
          0.3,
          1,
        );
      case 'metal':
        return d.linear(
          [
            [0, lighten(color, 0.35)],
            [0.35, color],
            [0.55, darken(color, 0.15)],
            [0.8, lighten(color, 0.12)],
            [1, darken(color, 0.3)],
          ],
          0,
          0,
          1,
          0.2,
        );
      case 'gloss':
        return d.linear(
          [
            [0, lighten(color, 0.3)],
            [0.4, color],
            [1, darken(color, 0.25)],
          ],
          0,
          0,
          0.4,
          1,
        );
      case 'wood':
        return d.linear(
          [
            [0, lighten(color, 0.08)],
            [0.5, color],
            [1, darken(color, 0.12)],
          ],
          0,
          0,
          1,
          0.3,
        );
      case 'stone':
        return d.linear(
          [
            [0, lighten(color, 0.1)],
            [1, darken(color, 0.1)],
          ],
          0,
          0,
          1,
          1,
        );
      case 'woven':
      case 'fabric':
      case 'matte':
      default:
        return d.linear(
          [
            [0, lighten(color, 0.07)],
            [0.55, color],
            [1, darken(color, 0.13)],
          ],
          0,
          0,
          0.15,
          1,
        );
    }
  }

  topFill(color: string, finish: Finish = 'matte'): string {
    const lift = finish === 'leather' || finish === 'gloss' ? 0.26 : finish === 'metal' ? 0.3 : 0.17;
    return this.defs.linear(
      [
        [0, lighten(color, lift + 0.05)],
        [1, lighten(color, lift - 0.08)],
      ],
      0,
      1,
      1,
      0,
    );
  }

  sideFill(color: string): string {
    // the lit left side is only slightly darker than the front; the shaded right side much more
    const amount = this.view.sx >= 0 ? 0.26 : 0.1;
    return this.defs.linear(
      [
        [0, darken(color, amount - 0.06)],
        [1, darken(color, amount + 0.06)],
      ],
      0,
      0,
      1,
      0,
    );
  }

  /**
   * A box: crisp boxes (r = 0) draw their visible side, top and front faces; rounded boxes are
   * upholstered shapes, drawn as one rounded silhouette shaded from a lit top to a darker front,
   * with the side in shadow.
   */
  box(b: BoxSpec): string {
    if ((b.r ?? 0) > 0 && !b.frontOnly) return this.softBox(b);
    const { sx, sy } = this.view;
    const w = b.x1 - b.x0;
    const h = b.y1 - b.y0;
    const depth = b.z1 - b.z0;
    let out = '';
    if (!b.frontOnly) {
      if (Math.abs(sx) > 0.001 && depth > 0) {
        const xe = sx > 0 ? b.x1 : b.x0;
        out += rect(b.z0, b.y0, depth, h, this.sideFill(b.color), {
          transform: `matrix(${n(sx)} ${n(-sy)} 0 1 ${n(xe)} 0)`,
        });
      }
      if (sy > 0.001 && depth > 0) {
        out += rect(b.x0, b.z0, w, depth, this.topFill(b.color, b.finish), {
          transform: `matrix(1 0 ${n(sx)} ${n(-sy)} 0 ${n(b.y0)})`,
        });
      }
    }
    const [fx, fy] = this.p(b.x0, b.y0, b.z0);
    out += rect(fx, fy, w, h, this.frontFill(b.color, b.finish), {
      rx: b.frontOnly && b.r ? Math.min(b.r, w / 2, h / 2) : undefined,
    });
    return out;
  }

  private softBox(b: BoxSpec): string {
    const { sx, sy } = this.view;
    const depth = b.z1 - b.z0;
    const [ax, ay] = this.p(b.x0, b.y1, b.z0);
    const [bx, by] = this.p(b.x0, b.y0, b.z0);
    const [, cy] = this.p(b.x0, b.y0, b.z1);
    const [fx] = this.p(b.x1, b.y1, b.z0);
    const dx = sx * depth;
    const dy = sy * depth;
    // silhouette of front + top + visible side
    const outline: Array<[number, number]> =
      sx >= 0
        ? [
            [ax, ay],
            [bx, by],
            [bx + dx, cy],
            [fx + dx, cy],
            [fx + dx, ay - dy],
            [fx, ay],
          ]
        : [
            [ax, ay],
            [ax + dx, ay - dy],
            [bx + dx, cy],
            [fx + dx, cy],
            [fx, by],
            [fx, ay],
          ];
    const d = roundedPath(outline, b.r ?? 0);
    const totalH = ay - cy;
    const t = totalH > 0 ? dy / totalH : 0;
    const c = b.color;
    const hi = b.finish === 'leather' || b.finish === 'velvet' ? 0.3 : 0.2;
    const fill = this.defs.linear(
      [
        [0, lighten(c, hi + 0.04)],
        [Math.max(0, t * 0.85), lighten(c, hi - 0.06)],
        [Math.min(1, t + 0.06), lighten(c, b.finish === 'velvet' ? 0.1 : 0.05)],
        [Math.min(1, t + (1 - t) * 0.55), c],
        [1, darken(c, b.finish === 'leather' ? 0.3 : 0.2)],
      ],
      0,
      0,
      0,
      1,
    );
    let out = path(d, fill);
    const totalW = Math.abs(fx - ax) + Math.abs(dx);
    if (totalW > 0 && Math.abs(dx) > 0.5) {
      const s = Math.abs(fx - ax) / totalW;
      const shadeStops: Stop[] =
        sx >= 0
          ? [
              [0, '#1a1410', 0],
              [Math.max(0, s - 0.03), '#1a1410', 0],
              [Math.min(1, s + 0.02), '#1a1410', 0.2],
              [1, '#1a1410', 0.3],
            ]
          : [
              [0, '#1a1410', 0.12],
              [Math.max(0, 1 - s - 0.02), '#1a1410', 0.08],
              [Math.min(1, 1 - s + 0.03), '#1a1410', 0],
              [1, '#1a1410', 0],
            ];
      out += path(d, this.defs.linear(shadeStops, 0, 0, 1, 0));
    }
    return out;
  }

  /** An upright cylinder or cone frustum centred at (cx, zc) seen from slightly above. */
  cylinder(o: {
    cx: number;
    zc: number;
    yTop: number;
    yBottom: number;
    rTop: number;
    rBottom: number;
    color: string;
    finish?: Finish;
    /** an open top shows a dark inside (pots, bowls); otherwise a lit lid */
    open?: string;
    hideTop?: boolean;
  }): string {
    // a turned view draws the round part as it truly looks (a circle seen from above is the same ellipse however
    // the piece is turned) and undoes the figure's transform for it
    const turn = this.turned();
    const sy = turn ? turn.elevation : this.view.sy;
    const at = (x: number, y: number, z: number): [number, number] => {
      const [px, py] = this.p(x, y, z);
      return turn ? [turn.c * px, turn.b * px + py] : [px, py];
    };
    const [cx, yTop] = at(o.cx, o.yTop, o.zc);
    const [, yBottom] = at(o.cx, o.yBottom, o.zc);
    const ryT = Math.max(0.5, o.rTop * sy);
    const ryB = Math.max(0.5, o.rBottom * sy);
    const shade = this.cylinderFill(o.color, o.finish);
    let out = path(
      `M${n(cx - o.rTop)},${n(yTop)} L${n(cx - o.rBottom)},${n(yBottom)} A${n(o.rBottom)},${n(ryB)} 0 0 0 ${n(cx + o.rBottom)},${n(yBottom)} L${n(cx + o.rTop)},${n(yTop)} A${n(o.rTop)},${n(ryT)} 0 0 1 ${n(cx - o.rTop)},${n(yTop)}Z`,
      shade,
    );
    if (!o.hideTop) {
      if (o.open) {
        out += ellipse(cx, yTop, o.rTop, ryT, lighten(o.color, 0.12));
        out += ellipse(cx, yTop + ryT * 0.12, o.rTop * 0.9, ryT * 0.82, o.open);
      } else {
        out += ellipse(cx, yTop, o.rTop, ryT, this.topFill(o.color, o.finish));
      }
    }
    return turn ? `<g transform="matrix(${n(1 / turn.c)} ${n(-turn.b / turn.c)} 0 1 0 0)">${out}</g>` : out;
  }

  cylinderFill(color: string, finish: Finish = 'matte'): string {
    const hi = finish === 'metal' || finish === 'gloss' ? 0.38 : finish === 'leather' ? 0.26 : 0.16;
    const lo = finish === 'metal' ? 0.4 : 0.3;
    const stops: Stop[] = [
      [0, lighten(color, hi * 0.25)],
      [0.28, lighten(color, hi)],
      [0.62, color],
      [1, darken(color, lo)],
    ];
    return this.defs.linear(stops, 0, 0, 1, 0);
  }

  /** A soft contact shadow on the floor under a footprint (w × d) whose front edge is at z = z0. */
  floorShadow(x0: number, x1: number, z0: number, z1: number, strength = 0.3): string {
    if (this.options.floorShadows === false) return '';
    const [cx, cy] = this.p((x0 + x1) / 2, 0, (z0 + z1) / 2);
    const rx = (x1 - x0) / 2 + 10 + (z1 - z0) * Math.abs(this.view.sx) * 0.5;
    const ry = Math.max(6, ((z1 - z0) / 2) * this.view.sy + 8);
    const fill = this.defs.radial([
      [0, '#2b2118', strength],
      [0.55, '#2b2118', strength * 0.55],
      [1, '#2b2118', 0],
    ]);
    return ellipse(cx, cy, rx * 1.12, ry * 1.3, fill);
  }

  /** A tapered leg from (x, z) on the floor up to height h. */
  leg(x: number, z: number, h: number, color: string, wTop = 4, wBottom = 2.5, splay = 0): string {
    const [bx, by] = this.p(x + splay, 0, z);
    const [tx, ty] = this.p(x, -h, z);
    return poly(
      [
        [tx - wTop / 2, ty],
        [tx + wTop / 2, ty],
        [bx + wBottom / 2, by],
        [bx - wBottom / 2, by],
      ],
      this.defs.linear(
        [
          [0, lighten(color, 0.15)],
          [0.5, color],
          [1, darken(color, 0.3)],
        ],
        0,
        0,
        1,
        0,
      ),
    );
  }

  fill(color: string, strength = 0.5): string {
    return mix(color, '#ffffff', strength);
  }
}
