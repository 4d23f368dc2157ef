import { darken, lighten, mix } from '../color';
import { nubblePattern, ribPattern, weavePattern } from '../materials';
import type { Finish, Pen } from '../pen';
import type { Rng } from '../prng';
import { circle, ellipse, group, line, n, path, rect } from '../svg';

/** Parts shared by several products: upholstered seating, pillows, foliage, pots. */

export type LegStyle = 'taper' | 'metal' | 'plinth' | 'block' | 'none';
export type ArmStyle = 'track' | 'round' | 'slab' | 'none';
export type Texture = 'weave' | 'nubble' | 'rib' | 'channel';

export interface SeatingSpec {
  w: number;
  h: number;
  d: number;
  seats: number;
  legH: number;
  legStyle: LegStyle;
  legColor: string;
  armW: number;
  armH: number;
  armStyle: ArmStyle;
  /** upholstery of cushions */
  color: string;
  /** arms, back and base; defaults to the cushion colour */
  frame?: string;
  finish: Finish;
  frameFinish?: Finish;
  texture?: Texture;
  frameTexture?: Texture;
  pillows?: string[];
  /** seat depth taken by the back cushions */
  backDepth?: number;
}

export function textureOverlay(
  pen: Pen,
  texture: Texture | undefined,
  color: string,
  x: number,
  y: number,
  w: number,
  h: number,
  r = 0,
): string {
  if (!texture) return '';
  if (texture === 'channel') {
    let out = '';
    const count = Math.max(2, Math.round(w / 16));
    for (let i = 1; i < count; i++) {
      const lx = x + (w * i) / count;
      out += line(lx, y + 3, lx, y + h - 3, darken(color, 0.3), 1.1, {
        'stroke-opacity': 0.45,
        'stroke-linecap': 'round',
      });
    }
    return out;
  }
  const fill =
    texture === 'weave'
      ? weavePattern(pen.defs, color, 5)
      : texture === 'nubble'
        ? nubblePattern(pen.defs, color, 4)
        : ribPattern(pen.defs, color, 3.2);
  return rect(x, y, w, h, fill, { rx: r || undefined });
}

/** Sofas, armchairs and outdoor sofas share one construction. */
export function seating(pen: Pen, s: SeatingSpec): string {
  const frame = s.frame ?? s.color;
  const baseH = 13;
  const cushH = 13;
  const baseTop = s.legH + baseH;
  const seatTop = baseTop + cushH;
  const backDepth = s.backDepth ?? 30;
  const inner = s.w - 2 * s.armW;
  const armR = s.armStyle === 'round' ? s.armW / 2 : s.armStyle === 'slab' ? 2 : 5;
  let out = pen.floorShadow(-s.w / 2, s.w / 2, 0, s.d, 0.34);

  const legInset = 9;
  const legs = (z: number) => {
    if (s.legStyle === 'none' || s.legStyle === 'plinth') return '';
    const xs = [-s.w / 2 + legInset, s.w / 2 - legInset];
    return xs
      .map((x) =>
        s.legStyle === 'block'
          ? pen.box({
              x0: x - 3,
              x1: x + 3,
              y0: -s.legH - 1,
              y1: 0,
              z0: z - 3,
              z1: z + 3,
              color: s.legColor,
              finish: 'wood',
            })
          : s.legStyle === 'metal'
            ? pen.leg(x, z, s.legH + 1, s.legColor, 2.2, 1.8)
            : pen.leg(x, z, s.legH + 1, s.legColor, 4.5, 2.6, x < 0 ? -2 : 2),
      )
      .join('');
  };

  out += legs(s.d - 9);
  if (s.legStyle === 'plinth') {
    out += pen.box({
      x0: -s.w / 2 + 8,
      x1: s.w / 2 - 8,
      y0: -s.legH - 1,
      y1: 0,
      z0: 6,
      z1: s.d - 6,
      color: darken(s.legColor, 0.1),
    });
  }
  // base frame under the seat
  out += pen.box({
    x0: -s.w / 2 + 2,
    x1: s.w / 2 - 2,
    y0: -baseTop,
    y1: -s.legH,
    z0: 2,
    z1: s.d - 3,
    color: darken(frame, 0.06),
    finish: s.frameFinish ?? s.finish,
    r: 3,
  });
  // turned by a three-quarter view, the arm on the far side stands behind the back rest's end and the cushions
  const farArm = pen.view.turn ? (pen.view.turn > 0 ? -1 : 1) : null;
  if (farArm !== null && s.armStyle !== 'none') out += arm(farArm);
  // back rest and its cushions
  out += pen.box({
    x0: -s.w / 2 + s.armW * 0.4,
    x1: s.w / 2 - s.armW * 0.4,
    y0: -s.h,
    y1: -baseTop,
    z0: s.d - 20,
    z1: s.d,
    r: 9,
    color: frame,
    finish: s.frameFinish ?? s.finish,
  });
  out += textureOverlay(
    pen,
    s.frameTexture,
    frame,
    ...frontRect(pen, -s.w / 2 + s.armW * 0.4, -s.h, s.w - s.armW * 0.8, s.h - baseTop, s.d - 20),
    9,
  );
  const cw = inner / s.seats;
  for (let i = 0; i < s.seats; i++) {
    const x0 = -inner / 2 + i * cw + 1;
    out += pen.box({
      x0,
      x1: x0 + cw - 2,
      y0: -(s.h - 5),
      y1: -(seatTop - 3),
      z0: s.d - backDepth - 4,
      z1: s.d - 18,
      r: 11,
      color: s.color,
      finish: s.finish,
    });
    out += textureOverlay(
      pen,
      s.texture,
      s.color,
      ...frontRect(pen, x0, -(s.h - 5), cw - 2, s.h - 5 - seatTop + 3, s.d - backDepth - 4),
      11,
    );
  }
  // throw pillows lean on the back cushions at both ends
  (s.pillows ?? []).forEach((c, i) => {
    const side = i % 2 === 0 ? -1 : 1;
    const size = Math.min(44, cw * 0.62);
    const [px, py] = pen.p(
      side * (inner / 2 - size * 0.62) + (i >= 2 ? -side * size * 0.55 : 0),
      -(seatTop + size * 0.42),
      s.d - backDepth - 10,
    );
    out += pillowShape(pen, px, py, size, c, side * (8 + i * 3));
  });
  for (let i = 0; i < s.seats; i++) {
    const x0 = -inner / 2 + i * cw + 0.5;
    out += pen.box({
      x0,
      x1: x0 + cw - 1,
      y0: -seatTop,
      y1: -baseTop + 1,
      z0: 0,
      z1: s.d - backDepth,
      r: 6,
      color: s.color,
      finish: s.finish,
    });
    if (s.texture !== 'channel')
      out += textureOverlay(pen, s.texture, s.color, ...frontRect(pen, x0, -seatTop, cw - 1, cushH + 1, 0), 6);
  }
  // arms (a turned view drew the far one before the back and the cushions, which stand in front of it)
  if (s.armStyle !== 'none') {
    for (const side of farArm === null ? [-1, 1] : [-farArm]) {
      out += arm(side);
    }
  }
  out += legs(6);
  return out;

  function arm(side: number): string {
    let out = '';
    {
      const x0 = side < 0 ? -s.w / 2 : s.w / 2 - s.armW;
      out += pen.box({
        x0,
        x1: x0 + s.armW,
        y0: -s.armH,
        y1: -s.legH,
        z0: 0,
        z1: s.d,
        r: armR,
        color: frame,
        finish: s.frameFinish ?? s.finish,
      });
      out += textureOverlay(
        pen,
        s.frameTexture,
        frame,
        ...frontRect(pen, x0, -s.armH, s.armW, s.armH - s.legH, 0),
        armR,
      );
    }
    return out;
  }
}

/** The picture rectangle of a front face at depth z (x, y, w, h). */
export function frontRect(
  pen: Pen,
  x: number,
  y: number,
  w: number,
  h: number,
  z: number,
): [number, number, number, number] {
  const [px, py] = pen.p(x, y, z);
  return [px, py, w, h];
}

/** A square cushion with pinched corners, centred at (cx, cy). */
export function pillowShape(
  pen: Pen,
  cx: number,
  cy: number,
  size: number,
  color: string,
  tilt = 0,
  pattern?: 'stripe' | 'piping',
): string {
  const s = size / 2;
  const p = size * 0.09;
  const d = `M${n(-s)},${n(-s)} Q0,${n(-s + p)} ${n(s)},${n(-s)} Q${n(s - p)},0 ${n(s)},${n(s)} Q0,${n(s - p)} ${n(-s)},${n(s)} Q${n(-s + p)},0 ${n(-s)},${n(-s)}Z`;
  const fill = pen.defs.radial(
    [
      [0, lighten(color, 0.2)],
      [0.55, color],
      [1, darken(color, 0.25)],
    ],
    0.42,
    0.4,
    0.62,
    0.35,
    0.3,
  );
  let inner = path(d, fill);
  if (pattern === 'stripe') {
    inner += rect(-s * 0.9, -s * 0.12, s * 1.8, s * 0.24, darken(color, 0.35), { 'fill-opacity': 0.45 });
  }
  inner += path(d, 'none', {
    stroke: pattern === 'piping' ? darken(color, 0.3) : darken(color, 0.12),
    'stroke-width': size * 0.025,
    'stroke-opacity': 0.8,
  });
  return group(inner, { transform: `translate(${n(cx)} ${n(cy)}) rotate(${n(tilt)})` });
}

/** A tapered leaf with a lighter midrib, pointing up from its base before rotation. */
export function leaf(
  x: number,
  y: number,
  length: number,
  width: number,
  angle: number,
  fill: string,
  rib?: string,
): string {
  const w = width / 2;
  const d = `M0,0 C${n(w * 1.3)},${n(-length * 0.25)} ${n(w * 0.9)},${n(-length * 0.8)} 0,${n(-length)} C${n(-w * 0.9)},${n(-length * 0.8)} ${n(-w * 1.3)},${n(-length * 0.25)} 0,0Z`;
  let inner = path(d, fill);
  if (rib)
    inner += path(`M0,0 Q${n(w * 0.1)},${n(-length * 0.5)} 0,${n(-length * 0.92)}`, 'none', {
      stroke: rib,
      'stroke-width': Math.max(0.4, width * 0.06),
      'stroke-opacity': 0.7,
    });
  return group(inner, { transform: `translate(${n(x)} ${n(y)}) rotate(${n(angle)})` });
}

/**
 * A rounded clump of foliage made of overlapping lobes, shaded with flat tones rather than
 * gradients (gradient-filled circles are slow to render): the whole mass in shadow, the leaf
 * colour over it leaving a dark lower rim, then sunlit patches on the upper-left lobes.
 */
export function foliage(rng: Rng, cx: number, cy: number, rx: number, ry: number, color: string, lobes = 9): string {
  const shadow = darken(color, 0.22);
  const lit = lighten(color, 0.14);
  const placed: Array<[number, number, number]> = [[cx, cy, Math.min(rx, ry) * 0.75]];
  for (let i = 0; i < lobes; i++) {
    const a = (i / lobes) * Math.PI * 2 + rng.range(-0.3, 0.3);
    const dist = rng.range(0.35, 0.62);
    const r = Math.min(rx, ry) * rng.range(0.42, 0.6);
    placed.push([cx + Math.cos(a) * rx * dist, cy + Math.sin(a) * ry * dist, r]);
  }
  let out = ellipse(cx, cy + ry * 0.1, rx * 0.9, ry * 0.9, shadow);
  // only the lower lobes show a shadowed rim; the rest would be painted over
  for (const [x, y, r] of placed) if (y > cy - ry * 0.15) out += circle(x, y + r * 0.14, r, shadow);
  for (const [x, y, r] of placed) out += circle(x - r * 0.04, y - r * 0.04, r * 0.94, color);
  for (const [x, y, r] of placed) {
    if (y < cy + ry * 0.1 && x < cx + rx * 0.35) out += circle(x - r * 0.22, y - r * 0.26, r * 0.52, lit);
  }
  return out;
}

/** A plant pot: 'terracotta' rim pot, 'cylinder', 'basket' or 'cube'. */
export function pot(
  pen: Pen,
  style: 'rim' | 'cylinder' | 'basket' | 'cube' | 'bowl',
  w: number,
  h: number,
  color: string,
  zc: number,
): string {
  const r = w / 2;
  if (style === 'cube') {
    return pen.box({ x0: -r, x1: r, y0: -h, y1: 0, z0: zc - r, z1: zc + r, color, finish: 'stone', r: 1.5 });
  }
  if (style === 'bowl') {
    const [cx, cy] = pen.p(0, 0, zc);
    const top = cy - h;
    const ry = r * pen.view.sy;
    const body = path(
      `M${n(cx - r)},${n(top)} C${n(cx - r)},${n(top + h * 0.9)} ${n(cx - r * 0.45)},${n(cy)} ${n(cx)},${n(cy)} C${n(cx + r * 0.45)},${n(cy)} ${n(cx + r)},${n(top + h * 0.9)} ${n(cx + r)},${n(top)}Z`,
      pen.cylinderFill(color, 'stone'),
    );
    return (
      body + ellipse(cx, top, r, ry, lighten(color, 0.15)) + ellipse(cx, top + ry * 0.1, r * 0.9, ry * 0.8, '#4a3526')
    );
  }
  let out = pen.cylinder({
    cx: 0,
    zc,
    yTop: -h,
    yBottom: 0,
    rTop: r,
    rBottom: style === 'cylinder' ? r * 0.92 : r * 0.74,
    color,
    finish: 'matte',
    open: '#4a3526',
  });
  if (style === 'rim') {
    out += pen.cylinder({
      cx: 0,
      zc,
      yTop: -h - 1,
      yBottom: -h + h * 0.17,
      rTop: r * 1.06,
      rBottom: r * 1.02,
      color: lighten(color, 0.04),
      open: '#4a3526',
    });
  }
  if (style === 'basket') {
    const [cx, cy] = pen.p(0, 0, zc);
    out += path(
      `M${n(cx - r)},${n(cy - h)} L${n(cx - r * 0.74)},${n(cy)} L${n(cx + r * 0.74)},${n(cy)} L${n(cx + r)},${n(cy - h)}Z`,
      weavePattern(pen.defs, color, 4),
    );
  }
  return out;
}

/** Bare soil at the top of a pot (drawn before the plant). */
export function soil(pen: Pen, w: number, h: number, zc: number): string {
  const [cx, cy] = pen.p(0, -h, zc);
  return ellipse(cx, cy + 0.4, w * 0.45, Math.max(0.6, w * 0.45 * pen.view.sy), '#5b4332');
}

/** Wood grain lines across a rectangle (picture coordinates). */
export function grain(x: number, y: number, w: number, h: number, color: string, rng: Rng, count = 4): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const gy = y + h * rng.range(0.15, 0.85);
    const bend = rng.range(-h * 0.15, h * 0.15);
    out += path(
      `M${n(x + w * 0.04)},${n(gy)} Q${n(x + w * 0.5)},${n(gy + bend)} ${n(x + w * 0.96)},${n(gy + rng.range(-1, 1))}`,
      'none',
      {
        stroke: darken(color, 0.28),
        'stroke-width': 0.5,
        'stroke-opacity': 0.35,
      },
    );
  }
  return out;
}

/** Books on a shelf, standing from x0 to x1 on the line y (picture coordinates). */
export function books(rng: Rng, x0: number, x1: number, y: number, maxH: number, palette: readonly string[]): string {
  let out = '';
  let x = x0;
  while (x < x1 - 3) {
    if (rng.chance(0.12) && x1 - x > 16) {
      // a small stack lying flat
      const stackW = Math.min(x1 - x - 2, rng.range(12, 18));
      let sy = y;
      for (let i = 0; i < rng.int(2, 4); i++) {
        const t = rng.range(2, 3.2);
        const c = rng.pick(palette);
        out += rect(x + rng.range(-1, 1), sy - t, stackW, t, c, { rx: 0.4 });
        out += rect(x + rng.range(-1, 1), sy - t, stackW, t * 0.3, lighten(c, 0.2), { 'fill-opacity': 0.6 });
        sy -= t;
      }
      x += stackW + 2;
      continue;
    }
    const bw = rng.range(2.2, 4.2);
    const bh = maxH * rng.range(0.62, 0.95);
    const c = rng.pick(palette);
    out += rect(x, y - bh, bw, bh, c, { rx: 0.3 });
    out += rect(x, y - bh * 0.82, bw, bh * 0.06, mix(c, '#f5e6c8', 0.55), { 'fill-opacity': 0.7 });
    out += rect(x + bw - 0.6, y - bh, 0.6, bh, darken(c, 0.3), { 'fill-opacity': 0.5 });
    x += bw + (rng.chance(0.1) ? rng.range(2, 5) : 0.25);
  }
  return out;
}

/**
 * Square wooden legs standing on the floor at depth `z`, one at each x: `half` either side of its centre, `height`
 * tall (a table's, a bench's, a lounger's).
 */
export function squareLegs(
  pen: Pen,
  xs: readonly number[],
  z: number,
  half: number,
  height: number,
  color: string,
): string {
  return xs
    .map((x) =>
      pen.box({ x0: x - half, x1: x + half, y0: -height, y1: 0, z0: z - half, z1: z + half, color, finish: 'wood' }),
    )
    .join('');
}
