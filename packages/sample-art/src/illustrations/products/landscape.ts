import { darken, lighten, mix } from '../color';
import { glowFill } from '../materials';
import type { Pen } from '../pen';
import type { Rng } from '../prng';
import { circle, ellipse, group, line, n, path, poly, rect } from '../svg';
import { foliage, leaf, pot, seating, soil, squareLegs } from './parts';
import type { DrawFn, FlatMap } from './types';

/** Outdoor products, drawn in centimetres (see Figure). */

const WARM_LIGHT = '#fff1cf';

/** Greenery planted in a pot whose rim is at height h (picture coordinates from the pen). */
function greenery(
  pen: Pen,
  rng: Rng,
  style: 'trailing' | 'grass' | 'ball' | 'lavender' | 'hydrangea',
  w: number,
  h: number,
  zc: number,
  color: string,
  flower: string,
): string {
  const [cx, cy] = pen.p(0, -h, zc);
  let out = '';
  if (style === 'ball') {
    return foliage(rng, cx, cy - w * 0.42, w * 0.52, w * 0.48, color, 11);
  }
  if (style === 'grass') {
    for (let i = 0; i < 26; i++) {
      const x = cx + rng.range(-w * 0.4, w * 0.4);
      const len = rng.range(w * 0.6, w * 1.15);
      const bend = rng.range(-w * 0.35, w * 0.35);
      out += path(
        `M${n(x - 1)},${n(cy)} Q${n(x + bend * 0.3)},${n(cy - len * 0.6)} ${n(x + bend)},${n(cy - len)} Q${n(x + bend * 0.3 + 1)},${n(cy - len * 0.6)} ${n(x + 1.2)},${n(cy)}Z`,
        rng.pick([color, lighten(color, 0.18), darken(color, 0.12)]),
      );
    }
    return out;
  }
  if (style === 'lavender') {
    out += foliage(rng, cx, cy - w * 0.12, w * 0.5, w * 0.22, '#8aa07e', 9);
    for (let i = 0; i < 22; i++) {
      const x = cx + rng.range(-w * 0.42, w * 0.42);
      const len = rng.range(w * 0.45, w * 0.8);
      const tx = x + (x - cx) * 0.35;
      const ty = cy - w * 0.15 - len;
      out += line(x, cy - w * 0.15, tx, ty, '#7f9670', 0.8);
      out += ellipse(tx, ty + 3, 1.6, 5, rng.pick([flower, lighten(flower, 0.2), darken(flower, 0.15)]), {
        transform: `rotate(${n((x - cx) * 0.6)} ${n(tx)} ${n(ty + 3)})`,
      });
    }
    return out;
  }
  if (style === 'hydrangea') {
    out += foliage(rng, cx, cy - w * 0.32, w * 0.55, w * 0.4, color, 10);
    for (let i = 0; i < 7; i++) {
      const fx = cx + rng.range(-w * 0.4, w * 0.4);
      const fy = cy - w * 0.32 + rng.range(-w * 0.32, w * 0.12);
      const r = w * rng.range(0.13, 0.18);
      out += circle(
        fx,
        fy,
        r,
        pen.defs.radial(
          [
            [0, lighten(flower, 0.3)],
            [0.7, flower],
            [1, darken(flower, 0.2)],
          ],
          0.4,
          0.35,
          0.6,
        ),
      );
      for (let k = 0; k < 5; k++)
        out += circle(
          fx + rng.range(-r * 0.6, r * 0.6),
          fy + rng.range(-r * 0.6, r * 0.6),
          r * 0.18,
          lighten(flower, 0.35),
          { 'fill-opacity': 0.7 },
        );
    }
    return out;
  }
  // trailing: a mound with stems spilling over the rim
  out += foliage(rng, cx, cy - w * 0.2, w * 0.5, w * 0.3, color, 9);
  for (let i = 0; i < 8; i++) {
    const side = i % 2 === 0 ? -1 : 1;
    const x = cx + side * rng.range(w * 0.25, w * 0.5);
    const len = rng.range(w * 0.3, w * 0.6);
    for (let k = 0; k < 4; k++) {
      out += leaf(
        x + side * k * 1.5,
        cy - 2 + (k * len) / 4,
        w * 0.12,
        w * 0.09,
        side * rng.range(100, 160),
        rng.pick([color, lighten(color, 0.15)]),
      );
    }
  }
  for (let i = 0; i < 6; i++)
    out += circle(cx + rng.range(-w * 0.4, w * 0.4), cy - w * rng.range(0.1, 0.4), w * 0.045, flower);
  return out;
}

export const drawPlanter: DrawFn = ({ pen, look, rng }) => {
  const v = look.variant % 3;
  if (v === 1) {
    const w = 60;
    const h = 45;
    let svg = pen.floorShadow(-w / 2, w / 2, 0, w, 0.3);
    svg += pot(pen, 'cube', w, h, look.color, w / 2);
    svg += soil(pen, w * 0.95, h, w / 2);
    svg += greenery(pen, rng, 'grass', w, h, w / 2, '#7d9a5a', '#e7d08a');
    return { svg, w, h: h + 70, d: w, mount: 'floor' };
  }
  if (v === 2) {
    const w = 44;
    const h = 84;
    let svg = pen.floorShadow(-w / 2, w / 2, 0, w, 0.3);
    svg += pen.cylinder({
      cx: 0,
      zc: w / 2,
      yTop: -h,
      yBottom: 0,
      rTop: w / 2,
      rBottom: w * 0.36,
      color: look.color,
      finish: 'gloss',
      open: '#4a3526',
    });
    svg += greenery(pen, rng, 'ball', w * 0.95, h, w / 2, '#56804a', '#ffffff');
    return { svg, w, h: h + 48, d: w, mount: 'floor' };
  }
  const w = 50;
  const h = 42;
  let svg = pen.floorShadow(-w / 2, w / 2, 0, w, 0.3);
  svg += pot(pen, 'rim', w, h, look.color, w / 2);
  svg += soil(pen, w, h, w / 2);
  svg += greenery(pen, rng, 'trailing', w, h, w / 2, '#5e8c4f', look.accent);
  return { svg, w, h: h + 30, d: w, mount: 'floor' };
};

export const drawShrub: DrawFn = ({ pen, look, rng }) => {
  const v = look.variant % 4;
  const w = v === 1 ? 42 : 48;
  const h = v === 1 ? 30 : 34;
  let svg = pen.floorShadow(-w / 2, w / 2, 0, w, 0.3);
  svg += pot(pen, v === 0 ? 'rim' : 'cylinder', w * 0.8, h, look.accent, w / 2);
  svg += soil(pen, w * 0.8, h, w / 2);
  const style = v === 0 ? 'ball' : v === 1 ? 'lavender' : v === 2 ? 'hydrangea' : 'grass';
  svg += greenery(pen, rng, style, w * (v === 3 ? 0.9 : 1.15), h, w / 2, look.color, v === 1 ? '#8e7cc3' : '#9db7e0');
  return { svg, w: w * 1.3, h: h + w * 1.1, d: w, mount: 'floor' };
};

/** A conifer: stacked, shaded tiers (scenery behind fences and hedges). */
export function conifer(pen: Pen, cx: number, base: number, h: number, w: number, color: string): string {
  let out = '';
  const tiers = 5;
  for (let i = 0; i < tiers; i++) {
    const t0 = i / tiers;
    const y = base - h * 0.12 - h * 0.8 * t0;
    const tw = (w / 2) * (1 - t0 * 0.75);
    const th = h * 0.32;
    out += path(
      `M${n(cx - tw)},${n(y)} Q${n(cx)},${n(y + th * 0.12)} ${n(cx + tw)},${n(y)} L${n(cx)},${n(y - th)}Z`,
      pen.defs.linear(
        [
          [0, lighten(color, 0.12)],
          [0.5, color],
          [1, darken(color, 0.25)],
        ],
        0,
        0,
        1,
        0,
      ),
    );
  }
  out += rect(cx - w * 0.03, base - h * 0.12, w * 0.06, h * 0.12, '#5b4636');
  return out;
}

/** A small tree: a trunk and a canopy of shaded lobes, in a pot unless planted in the ground. */
export function treeShape(
  pen: Pen,
  rng: Rng,
  o: {
    height: number;
    spread: number;
    foliage: string;
    trunk: string;
    fruit?: string;
    potColor?: string;
    layered?: boolean;
    trunkRatio?: number;
    lobes?: number;
  },
): string {
  let out = '';
  let base = 0;
  const zc = 20;
  if (o.potColor) {
    out += pen.floorShadow(-26, 26, 0, 44, 0.3);
    out += pot(pen, 'rim', 48, 40, o.potColor, zc);
    out += soil(pen, 48, 40, zc);
    base = -40;
  } else {
    out += pen.floorShadow(-o.spread * 0.45, o.spread * 0.45, 0, 40, 0.22);
  }
  const [cx, cy] = pen.p(0, base, zc);
  const trunkTop = cy - (o.height - (base === 0 ? 0 : 40)) * (o.trunkRatio ?? 0.55);
  const tw = Math.max(3, o.height * 0.03);
  out += path(
    `M${n(cx - tw)},${n(cy)} C${n(cx - tw * 0.6)},${n((cy + trunkTop) / 2)} ${n(cx - tw * 1.4)},${n(trunkTop + 10)} ${n(cx - tw * 0.3)},${n(trunkTop)} L${n(cx + tw * 0.5)},${n(trunkTop)} C${n(cx + tw)},${n(trunkTop + 14)} ${n(cx + tw * 0.4)},${n((cy + trunkTop) / 2)} ${n(cx + tw)},${n(cy)}Z`,
    pen.cylinderFill(o.trunk),
  );
  for (const side of [-1, 1]) {
    out += path(
      `M${n(cx)},${n(trunkTop + 16)} Q${n(cx + side * o.spread * 0.15)},${n(trunkTop)} ${n(cx + side * o.spread * 0.28)},${n(trunkTop - 12)}`,
      'none',
      {
        stroke: o.trunk,
        'stroke-width': tw * 0.7,
        'stroke-linecap': 'round',
      },
    );
  }
  const canopyH = o.height - (cy - trunkTop) - (base === 0 ? 0 : 40);
  const ccy = trunkTop - canopyH * 0.42;
  if (o.layered) {
    // a maple's tiered, airy crown
    for (let i = 0; i < 3; i++) {
      const spread = (o.spread / 2) * (1 - i * 0.2);
      out += foliage(
        rng,
        cx + rng.range(-10, 10) - spread * 0.35,
        ccy + canopyH * (0.2 - i * 0.24),
        spread * 0.6,
        canopyH * 0.24,
        o.foliage,
        7,
      );
      out += foliage(
        rng,
        cx + rng.range(-10, 10) + spread * 0.35,
        ccy + canopyH * (0.16 - i * 0.24),
        spread * 0.6,
        canopyH * 0.24,
        i === 2 ? lighten(o.foliage, 0.08) : o.foliage,
        7,
      );
    }
  } else {
    out += foliage(rng, cx, ccy, o.spread / 2, canopyH * 0.5, o.foliage, o.lobes ?? 16);
    if (!o.lobes)
      out += foliage(
        rng,
        cx - o.spread * 0.12,
        ccy - canopyH * 0.12,
        o.spread * 0.3,
        canopyH * 0.3,
        lighten(o.foliage, 0.05),
        7,
      );
  }
  if (o.fruit) {
    for (let i = 0; i < 12; i++) {
      out += circle(
        cx + rng.range(-o.spread * 0.38, o.spread * 0.38),
        ccy + rng.range(-canopyH * 0.3, canopyH * 0.35),
        o.spread * 0.035,
        pen.defs.radial(
          [
            [0, lighten(o.fruit, 0.4)],
            [1, o.fruit],
          ],
          0.35,
          0.35,
          0.65,
        ),
      );
    }
  }
  return out;
}

export const drawTree: DrawFn = ({ pen, look, rng }) => {
  const v = look.variant % 3;
  const svg =
    v === 0
      ? treeShape(pen, rng, {
          height: 190,
          spread: 150,
          foliage: look.color,
          trunk: '#5b4636',
          potColor: look.accent,
          layered: true,
        })
      : v === 1
        ? treeShape(pen, rng, {
            height: 200,
            spread: 130,
            foliage: look.color,
            trunk: '#7a6a58',
            potColor: look.accent,
          })
        : treeShape(pen, rng, {
            height: 170,
            spread: 110,
            foliage: look.color,
            trunk: '#6b5140',
            potColor: look.accent,
            fruit: '#f2c230',
          });
  return { svg, w: 160, h: 205, d: 50, mount: 'floor' };
};

export const drawOutdoorSofa: DrawFn = ({ pen, look }) => {
  const v = look.variant % 2;
  const w = 200;
  const svg = seating(pen, {
    w,
    h: 76,
    d: 88,
    seats: 3,
    legH: v === 0 ? 10 : 8,
    legStyle: 'block',
    legColor: v === 0 ? look.accent : darken(look.accent, 0.2),
    armW: 14,
    armH: 58,
    armStyle: 'slab',
    color: look.color,
    frame: look.accent,
    finish: 'fabric',
    frameFinish: v === 0 ? 'wood' : 'matte',
    frameTexture: v === 0 ? 'rib' : 'weave',
    backDepth: 28,
    pillows: [mix(look.color, '#3f6f8f', 0.7), mix(look.color, '#e8a56a', 0.6)],
  });
  return { svg, w, h: 80, d: 88, mount: 'floor', surface: 40 };
};

export const drawLoungeChair: DrawFn = ({ pen, look }) => {
  const v = look.variant % 3;
  if (v === 0) {
    // chaise longue seen side-on: it reads as a lounger from any angle
    const w = 196;
    const d = 70;
    let svg = pen.floorShadow(-w / 2, w / 2, 0, d, 0.3);
    const legs = (z: number) => squareLegs(pen, [-w / 2 + 10, w / 2 - 14], z, 2.5, 26, darken(look.accent, 0.1));
    svg += legs(d - 6);
    svg += pen.box({ x0: -w / 2, x1: w / 2, y0: -30, y1: -24, z0: 0, z1: d, color: look.accent, finish: 'wood' });
    svg += pen.box({
      x0: -w / 2 + 52,
      x1: w / 2,
      y0: -40,
      y1: -30,
      z0: 2,
      z1: d - 2,
      color: look.color,
      finish: 'fabric',
      r: 5,
    });
    // reclined back: a slanted panel rising at the left end
    const back = (z: number) => {
      const a = pen.p(-w / 2 + 56, -32, z);
      const b = pen.p(-w / 2 + 12, -92, z);
      return [a, b] as const;
    };
    const [f1, f2] = back(2);
    const [b1, b2] = back(d - 2);
    svg += poly([f1, f2, b2, b1], lighten(look.color, 0.18));
    svg += poly([f1, f2, [f2[0] - 9, f2[1] + 5], [f1[0] - 8, f1[1] + 9]], pen.frontFill(look.color, 'fabric'));
    svg += legs(6);
    return { svg, w, h: 96, d, mount: 'floor', surface: 40 };
  }
  if (v === 1) {
    // Adirondack: a fan of slats, wide arms
    const w = 78;
    const d = 86;
    const c = look.color;
    let svg = pen.floorShadow(-w / 2, w / 2, 0, d, 0.3);
    const slats = 7;
    const [bx, by] = pen.p(0, -40, d - 8);
    for (let i = 0; i < slats; i++) {
      const t = (i - (slats - 1) / 2) / ((slats - 1) / 2);
      const sxp = bx + t * 24;
      const h = 58 - Math.abs(t) * 12;
      const ang = t * 10;
      svg += group(rect(-4.5, -h, 9, h, pen.frontFill(c, 'matte'), { rx: 4 }), {
        transform: `translate(${n(sxp)} ${n(by)}) rotate(${n(ang)})`,
      });
    }
    svg += pen.box({ x0: -w / 2 + 8, x1: w / 2 - 8, y0: -38, y1: -33, z0: 0, z1: d - 10, color: c });
    for (const x of [-w / 2 + 5, w / 2 - 5])
      svg += pen.box({ x0: x - 3, x1: x + 3, y0: -56, y1: 0, z0: 4, z1: 10, color: darken(c, 0.05) });
    for (const side of [-1, 1]) {
      const x0 = side < 0 ? -w / 2 - 4 : w / 2 - 10;
      svg += pen.box({ x0, x1: x0 + 14, y0: -60, y1: -56, z0: 0, z1: d - 6, color: lighten(c, 0.04) });
    }
    return { svg, w: w + 8, h: 100, d, mount: 'floor', surface: 38 };
  }
  // sling lounge chair seen side-on: a steel frame with a fabric sling between its two sides
  const w = 84;
  const d = 64;
  let svg = pen.floorShadow(-w / 2, w / 2, 0, d, 0.3);
  const frame = look.accent;
  const side = (z: number, shade: number) => {
    const q = (x: number, y: number) => pen.p(x, y, z);
    const pts = [q(34, 0), q(30, -38), q(-30, -52), q(-38, -86)];
    const [a, b, c, e] = pts as [[number, number], [number, number], [number, number], [number, number]];
    const [f1, f2] = [q(-30, 0), q(-26, -44)];
    const [g1, g2] = [q(-30, -50), q(34, -50)];
    const stroke = {
      stroke: darken(frame, shade),
      'stroke-width': 2.6,
      'stroke-linecap': 'round' as const,
      'stroke-linejoin': 'round' as const,
    };
    return (
      path(
        `M${n(a[0])},${n(a[1])} L${n(b[0])},${n(b[1])} M${n(c[0])},${n(c[1])} L${n(e[0])},${n(e[1])} M${n(f1[0])},${n(f1[1])} L${n(f2[0])},${n(f2[1])}`,
        'none',
        stroke,
      ) + path(`M${n(g1[0])},${n(g1[1])} L${n(g2[0])},${n(g2[1])} L${n(b[0])},${n(b[1])}`, 'none', stroke)
    );
  };
  svg += side(d, 0.25);
  // the sling: front edge, a dip under the seat, then up the back
  const curve = [
    [30, -40],
    [10, -33],
    [-14, -31],
    [-28, -46],
    [-36, -82],
  ] as const;
  const near = curve.map(([x, y]) => pen.p(x, y, 2));
  const far = curve.map(([x, y]) => pen.p(x, y, d - 2)).reverse();
  svg += poly(
    [...near, ...far],
    pen.defs.linear(
      [
        [0, lighten(look.color, 0.2)],
        [0.6, look.color],
        [1, darken(look.color, 0.2)],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  svg += path(`M${near.map(([x, y]) => `${n(x)},${n(y)}`).join(' L')}`, 'none', {
    stroke: darken(look.color, 0.25),
    'stroke-width': 1.6,
  });
  svg += side(0, 0);
  return { svg, w, h: 90, d, mount: 'floor', surface: 36 };
};

function profileChair(pen: Pen, x: number, z: number, facing: 1 | -1, color: string, seat: string): string {
  // a chair seen side-on, facing towards +x (1) or −x (−1)
  const back = x - facing * 20;
  let out = '';
  const p = (px: number, py: number) => pen.p(px, py, z);
  const [a, b, c, d] = [p(back, 0), p(back, -86), p(x + facing * 20, 0), p(x + facing * 20, -44)];
  out += path(`M${n(a[0])},${n(a[1])} L${n(b[0])},${n(b[1])} M${n(c[0])},${n(c[1])} L${n(d[0])},${n(d[1])}`, 'none', {
    stroke: color,
    'stroke-width': 3.5,
    'stroke-linecap': 'round',
  });
  const [s0x, s0y] = p(Math.min(back, x + facing * 22), -46);
  out += rect(s0x, s0y, 44, 5, pen.frontFill(seat, 'wood'), { rx: 1.5 });
  const [bx, by] = p(back, -84);
  out += rect(bx - 3, by, 6, 36, pen.frontFill(seat, 'wood'), { rx: 2 });
  return out;
}

export const drawOutdoorDiningSet: DrawFn = ({ pen, look, rng }) => {
  const v = look.variant % 2;
  if (v === 1) {
    // bistro: a small round table between two chairs
    const r = 32;
    let svg = pen.floorShadow(-80, 80, 0, 70, 0.28);
    svg += profileChair(pen, -58, 30, 1, look.accent, look.color);
    svg += pen.cylinder({
      cx: 0,
      zc: 30,
      yTop: -70,
      yBottom: 0,
      rTop: 2.5,
      rBottom: 2.5,
      color: look.accent,
      finish: 'metal',
      hideTop: true,
    });
    const [bx, by] = pen.p(0, 0, 30);
    svg += path(`M${n(bx - 18)},${n(by)} Q${n(bx)},${n(by - 24)} ${n(bx + 18)},${n(by)}`, 'none', {
      stroke: look.accent,
      'stroke-width': 2,
    });
    svg += pen.cylinder({
      cx: 0,
      zc: 30,
      yTop: -74,
      yBottom: -71,
      rTop: r,
      rBottom: r,
      color: look.color,
      finish: 'gloss',
    });
    svg += profileChair(pen, 58, 30, -1, look.accent, look.color);
    return { svg, w: 170, h: 92, d: 64, mount: 'floor', surface: 74 };
  }
  const w = 200;
  const d = 96;
  let svg = pen.floorShadow(-w / 2 - 40, w / 2 + 40, 0, d, 0.26);
  const chairBack = (x: number) => {
    const [cx, cy] = pen.p(x, 0, d + 24);
    let out = '';
    for (const dx of [-20, 20]) out += line(cx + dx, cy, cx + dx, cy - 88, darken(look.color, 0.1), 3.2);
    out += rect(cx - 22, cy - 92, 44, 10, pen.frontFill(look.color, 'wood'), { rx: 2 });
    out += rect(cx - 22, cy - 76, 44, 8, pen.frontFill(look.color, 'wood'), { rx: 2 });
    out += rect(cx - 22, cy - 48, 44, 8, pen.frontFill(look.accent, 'fabric'), { rx: 3 });
    return out;
  };
  svg += chairBack(-48) + chairBack(48);
  svg += profileChair(pen, -w / 2 - 30, d / 2, 1, darken(look.color, 0.1), look.color);
  const legs = (z: number) => squareLegs(pen, [-w / 2 + 8, w / 2 - 8], z, 4, 70, look.color);
  svg += legs(d - 8);
  svg += legs(8);
  svg += pen.box({ x0: -w / 2, x1: w / 2, y0: -76, y1: -70, z0: 0, z1: d, color: look.color, finish: 'wood' });
  const [tx, ty] = pen.p(-w / 2, -76, d);
  for (let i = 1; i < 6; i++) {
    const x = tx + (w * i) / 6;
    svg += line(x, ty + 1, x - pen.view.sx * d, ty + d * pen.view.sy - 1, darken(look.color, 0.3), 0.7, {
      'stroke-opacity': 0.6,
    });
  }
  svg += profileChair(pen, w / 2 + 30, d / 2, -1, darken(look.color, 0.1), look.color);
  const [px, py] = pen.p(30, -76, d / 2);
  svg += pen.box({ x0: -40, x1: -10, y0: -80, y1: -76, z0: d / 2 - 14, z1: d / 2 + 14, color: '#efe8dc' });
  svg += group(greenery(pen, rng, 'grass', 18, 0, 0, '#6f8f5a', '#fff'), { transform: `translate(${n(px)} ${n(py)})` });
  return { svg, w: w + 110, h: 96, d: d + 30, mount: 'floor', surface: 76 };
};

export const drawBench: DrawFn = ({ pen, look }) => {
  const w = 150;
  const d = 60;
  const c = look.color;
  let svg = pen.floorShadow(-w / 2, w / 2, 0, d, 0.3);
  for (const x of [-w / 2 + 6, w / 2 - 6])
    svg += pen.box({
      x0: x - 3,
      x1: x + 3,
      y0: -88,
      y1: 0,
      z0: d - 8,
      z1: d - 2,
      color: darken(c, 0.1),
      finish: 'wood',
    });
  for (const y of [-84, -72, -60])
    svg += pen.box({
      x0: -w / 2 + 6,
      x1: w / 2 - 6,
      y0: y,
      y1: y + 8,
      z0: d - 10,
      z1: d - 7,
      color: c,
      finish: 'wood',
    });
  for (let i = 0; i < 4; i++) {
    const z0 = 4 + i * 12;
    svg += pen.box({ x0: -w / 2 + 4, x1: w / 2 - 4, y0: -44, y1: -41, z0, z1: z0 + 10, color: c, finish: 'wood' });
  }
  for (const x of [-w / 2 + 4, w / 2 - 4]) {
    svg += pen.box({ x0: x - 3.5, x1: x + 3.5, y0: -64, y1: 0, z0: 2, z1: 8, color: darken(c, 0.06), finish: 'wood' });
    svg += pen.box({ x0: x - 5, x1: x + 5, y0: -66, y1: -62, z0: 0, z1: d - 6, color: c, finish: 'wood' });
  }
  return { svg, w, h: 90, d, mount: 'floor', surface: 44 };
};

function flames(pen: Pen, rng: Rng, cx: number, cy: number, w: number): string {
  let out = circle(cx, cy - w * 0.3, w * 1.4, glowFill(pen.defs, '#ffb347', 0.45));
  const layers: Array<[string, number]> = [
    ['#e8572a', 1],
    ['#f49a2c', 0.72],
    ['#ffd45e', 0.45],
  ];
  for (const [color, scale] of layers) {
    for (let i = 0; i < 5; i++) {
      const x = cx + (i - 2) * w * 0.16 * scale + rng.range(-2, 2);
      const h = w * scale * rng.range(0.55, 0.95) * (1 - Math.abs(i - 2) * 0.18);
      const fw = w * 0.16 * scale + 2;
      out += path(
        `M${n(x - fw)},${n(cy)} Q${n(x - fw)},${n(cy - h * 0.55)} ${n(x + rng.range(-3, 3))},${n(cy - h)} Q${n(x + fw)},${n(cy - h * 0.5)} ${n(x + fw)},${n(cy)}Z`,
        color,
      );
    }
  }
  return out;
}

export const drawFirePit: DrawFn = ({ pen, look, rng }) => {
  const v = look.variant % 2;
  const r = v === 0 ? 48 : 52;
  let svg = pen.floorShadow(-r, r, 0, 2 * r, 0.3);
  if (v === 0) {
    svg += pen.cylinder({
      cx: 0,
      zc: r,
      yTop: -12,
      yBottom: 0,
      rTop: r * 0.45,
      rBottom: r * 0.55,
      color: darken(look.color, 0.2),
      finish: 'metal',
    });
    const [cx, cy] = pen.p(0, -36, r);
    const ry = r * pen.view.sy;
    svg += ellipse(cx, cy, r, ry, darken(look.color, 0.35));
    svg += flames(pen, rng, cx, cy + ry * 0.3, r * 0.75);
    svg += path(
      `M${n(cx - r)},${n(cy)} Q${n(cx - r * 0.9)},${n(cy + 28)} ${n(cx)},${n(cy + 30)} Q${n(cx + r * 0.9)},${n(cy + 28)} ${n(cx + r)},${n(cy)} A${n(r)},${n(ry)} 0 0 1 ${n(cx - r)},${n(cy)}Z`,
      pen.cylinderFill(look.color, 'metal'),
    );
    svg += path(`M${n(cx - r)},${n(cy)} A${n(r)},${n(ry)} 0 0 0 ${n(cx + r)},${n(cy)}`, 'none', {
      stroke: lighten(look.color, 0.2),
      'stroke-width': 2,
    });
    return { svg, w: 2 * r, h: 80, d: 2 * r, mount: 'floor' };
  }
  const h = 34;
  svg += pen.cylinder({
    cx: 0,
    zc: r,
    yTop: -h,
    yBottom: 0,
    rTop: r,
    rBottom: r,
    color: look.color,
    finish: 'stone',
    open: '#2e2825',
  });
  const [cx, cy] = pen.p(0, 0, r);
  for (let row = 0; row < 4; row++) {
    const y = cy - h + 4 + row * 8.5;
    const count = 7;
    for (let i = 0; i < count; i++) {
      const t = -1 + ((i + (row % 2 ? 0.5 : 0)) / count) * 2;
      if (t > 0.98) continue;
      const x = cx + Math.sin(t * 1.45) * r * 0.98;
      const sw = Math.cos(t * 1.45) * 11 + 2;
      svg += rect(x - sw / 2, y, sw, 7, rng.pick([lighten(look.color, 0.12), look.color, darken(look.color, 0.1)]), {
        rx: 2,
        stroke: darken(look.color, 0.35),
        'stroke-width': 0.5,
      });
    }
  }
  const [fx, fy] = pen.p(0, -h, r);
  svg += flames(pen, rng, fx, fy + 2, r * 0.7);
  return { svg, w: 2 * r, h: h + 45, d: 2 * r, mount: 'floor' };
};

export const drawUmbrella: DrawFn = ({ pen, look }) => {
  const v = look.variant % 2;
  const canopy = look.color;
  const pole = look.accent;
  const R = 140;
  if (v === 1) {
    let svg = pen.floorShadow(-110, 40, 0, 80, 0.22);
    svg += pen.box({ x0: -104, x1: -56, y0: -10, y1: 0, z0: 10, z1: 60, color: '#4a4a48', finish: 'stone' });
    const [bx, by] = pen.p(-80, -10, 35);
    svg += line(bx, by, bx, by - 230, pole, 5, { 'stroke-linecap': 'round' });
    svg += path(`M${n(bx)},${n(by - 226)} Q${n(bx + 50)},${n(by - 262)} ${n(bx + 92)},${n(by - 250)}`, 'none', {
      stroke: pole,
      'stroke-width': 3.5,
    });
    const cx = bx + 92;
    const top = by - 262;
    svg += umbrellaCanopy(pen, cx, top, R * 0.95, 60, canopy);
    return { svg, w: 320, h: 270, d: 80, mount: 'floor' };
  }
  let svg = pen.floorShadow(-40, 40, 0, 60, 0.25);
  svg += pen.cylinder({
    cx: 0,
    zc: 30,
    yTop: -8,
    yBottom: 0,
    rTop: 24,
    rBottom: 28,
    color: '#3d3b38',
    finish: 'stone',
  });
  const [bx, by] = pen.p(0, -8, 30);
  svg += line(bx, by, bx, by - 235, pole, 4, { 'stroke-linecap': 'round' });
  svg += umbrellaCanopy(pen, bx, by - 250, R, 58, canopy);
  return { svg, w: 2 * R + 20, h: 268, d: 60, mount: 'floor' };
};

function umbrellaCanopy(pen: Pen, cx: number, top: number, R: number, h: number, color: string): string {
  const panels = 6;
  const edgeY = top + h;
  let out = ellipse(cx, edgeY + 4, R * 0.9, 10, darken(color, 0.45), { 'fill-opacity': 0.35 });
  for (let i = 0; i < panels; i++) {
    const x0 = cx - R + (2 * R * i) / panels;
    const x1 = cx - R + (2 * R * (i + 1)) / panels;
    const mid = (x0 + x1) / 2;
    const shade = i / (panels - 1);
    const c = mix(lighten(color, 0.2), darken(color, 0.22), shade);
    const sag = 8 - Math.abs(shade - 0.5) * 6;
    out += path(
      `M${n(cx)},${n(top)} L${n(x0)},${n(edgeY - Math.abs(x0 - cx) * 0.06)} Q${n(mid)},${n(edgeY + sag)} ${n(x1)},${n(edgeY - Math.abs(x1 - cx) * 0.06)}Z`,
      c,
    );
  }
  out += circle(cx, top, 4, darken(color, 0.3));
  out += path(`M${n(cx - R)},${n(edgeY)} L${n(cx + R)},${n(edgeY)}`, 'none', {
    stroke: darken(color, 0.25),
    'stroke-width': 0.8,
    'stroke-opacity': 0.4,
  });
  return out;
}

export const drawStringLights: DrawFn = ({ pen, look, span }) => {
  const s = span ?? { from: [-150, -120] as [number, number], to: [150, -120] as [number, number], sag: 60, scale: 1 };
  const [x0, y0] = s.from;
  const [x1, y1] = s.to;
  const mx = (x0 + x1) / 2;
  const my = (y0 + y1) / 2 + s.sag;
  let svg = path(`M${n(x0)},${n(y0)} Q${n(mx)},${n(my + s.sag)} ${n(x1)},${n(y1)}`, 'none', {
    stroke: '#2e2a26',
    'stroke-width': Math.max(0.8, 0.9 * s.scale),
  });
  const count = Math.max(6, Math.round(Math.hypot(x1 - x0, y1 - y0) / (26 * s.scale)));
  const bulbR = (look.variant % 2 === 1 ? 6 : 4.2) * s.scale;
  for (let i = 1; i < count; i++) {
    const t = i / count;
    const x = (1 - t) * (1 - t) * x0 + 2 * (1 - t) * t * mx + t * t * x1;
    const y = (1 - t) * (1 - t) * y0 + 2 * (1 - t) * t * (my + s.sag) + t * t * y1;
    svg += circle(x, y + bulbR * 2.2, bulbR * 4.2, glowFill(pen.defs, '#ffd27a', 0.35));
    svg += rect(x - bulbR * 0.35, y, bulbR * 0.7, bulbR * 1.1, '#2e2a26');
    const glass = pen.defs.radial(
      [
        [0, '#ffffff'],
        [0.5, WARM_LIGHT],
        [1, look.color],
      ],
      0.45,
      0.4,
      0.6,
    );
    const rim = { stroke: '#d9a441', 'stroke-width': bulbR * 0.12 };
    // a globe bulb, or a pear-shaped one
    svg +=
      look.variant % 2 === 1
        ? circle(x, y + bulbR * 2.1, bulbR, glass, rim)
        : ellipse(x, y + bulbR * 2.1, bulbR * 0.75, bulbR * 1.2, glass, rim);
  }
  return { svg, w: Math.abs(x1 - x0), h: s.sag, d: 1, mount: 'span' };
};

export const drawLantern: DrawFn = ({ pen, look }) => {
  const v = look.variant % 2;
  const w = 26;
  const h = 52;
  const frame = look.color;
  let svg = pen.floorShadow(-w / 2, w / 2, 0, w, 0.3);
  svg += pen.box({
    x0: -w / 2,
    x1: w / 2,
    y0: -4,
    y1: 0,
    z0: 0,
    z1: w,
    color: frame,
    finish: v === 0 ? 'metal' : 'wood',
  });
  const [gx, gy] = pen.p(-w / 2 + 2, -h + 8, 0);
  svg += rect(gx + 1, gy, w - 6, h - 12, '#5b4a3a');
  svg += circle(gx + w / 2 - 2, gy + (h - 12) * 0.62, 14, glowFill(pen.defs, '#ffcf70', 0.7));
  svg += rect(gx + w / 2 - 6, gy + (h - 12) * 0.62, 8, (h - 12) * 0.38, '#f4ecde', { rx: 1 });
  svg += path(`M${n(gx + w / 2 - 2)},${n(gy + (h - 12) * 0.62)} q-3,-5 0,-10 q3,5 0,10Z`, '#ffd45e');
  svg += rect(
    gx + 1,
    gy,
    w - 6,
    h - 12,
    pen.defs.linear(
      [
        [0, '#ffffff', 0.3],
        [0.4, '#ffffff', 0.05],
        [1, '#ffffff', 0.1],
      ],
      0,
      0,
      1,
      0.3,
    ),
  );
  for (const x of [-w / 2, w / 2 - 3])
    svg += pen.box({
      x0: x,
      x1: x + 3,
      y0: -h + 6,
      y1: -4,
      z0: 0,
      z1: 3,
      color: frame,
      finish: v === 0 ? 'metal' : 'wood',
    });
  svg += pen.box({
    x0: -w / 2 - 2,
    x1: w / 2 + 2,
    y0: -h + 2,
    y1: -h + 7,
    z0: -2,
    z1: w + 2,
    color: frame,
    finish: v === 0 ? 'metal' : 'wood',
  });
  const [tx, ty] = pen.p(0, -h + 2, w / 2);
  svg += path(
    `M${n(tx - w / 2)},${n(ty)} L${n(tx)},${n(ty - 12)} L${n(tx + w / 2)},${n(ty)}Z`,
    pen.frontFill(frame, 'metal'),
  );
  svg += path(`M${n(tx - 7)},${n(ty - 12)} A7,8 0 0 1 ${n(tx + 7)},${n(ty - 12)}`, 'none', {
    stroke: frame,
    'stroke-width': 1.6,
  });
  return { svg, w: w + 4, h: h + 20, d: w, mount: 'floor' };
};

export const drawFountain: DrawFn = ({ pen, look, rng }) => {
  const v = look.variant % 2;
  const stone = look.color;
  const water = '#8fc3d6';
  const basin = (y: number, r: number, depth: number) => {
    const [cx, cy] = pen.p(0, y, 60);
    const ry = r * pen.view.sy;
    let out = path(
      `M${n(cx - r)},${n(cy)} Q${n(cx - r * 0.85)},${n(cy + depth)} ${n(cx)},${n(cy + depth)} Q${n(cx + r * 0.85)},${n(cy + depth)} ${n(cx + r)},${n(cy)} A${n(r)},${n(ry)} 0 0 1 ${n(cx - r)},${n(cy)}Z`,
      pen.cylinderFill(stone, 'stone'),
    );
    out += ellipse(cx, cy, r, ry, lighten(stone, 0.12));
    out += ellipse(
      cx,
      cy + 0.6,
      r * 0.9,
      ry * 0.82,
      pen.defs.linear([
        [0, lighten(water, 0.2)],
        [1, darken(water, 0.15)],
      ]),
    );
    out += ellipse(cx - r * 0.2, cy - ry * 0.2, r * 0.3, ry * 0.2, '#ffffff', { 'fill-opacity': 0.35 });
    return { out, cx, cy };
  };
  const column = (yTop: number, yBottom: number, r: number) =>
    pen.cylinder({
      cx: 0,
      zc: 60,
      yTop,
      yBottom,
      rTop: r,
      rBottom: r * 1.2,
      color: stone,
      finish: 'stone',
      hideTop: true,
    });
  let svg = pen.floorShadow(-60, 60, 0, 120, 0.28);
  if (v === 0) {
    const b1 = basin(-30, 58, 26);
    svg += column(-30, 0, 26) + b1.out;
    svg += column(-78, -30, 7);
    const b2 = basin(-78, 32, 16);
    svg += b2.out + column(-110, -78, 5);
    const b3 = basin(-110, 16, 10);
    svg += b3.out;
    for (const b of [b2, b3]) {
      for (const side of [-1, 1]) {
        const r = b === b2 ? 32 : 16;
        svg += path(
          `M${n(b.cx + side * r * 0.95)},${n(b.cy + 2)} q${n(side * 4)},${n(10)} ${n(side * 5)},${n(b === b2 ? 40 : 26)}`,
          'none',
          { stroke: '#d5ecf3', 'stroke-width': 1.6, 'stroke-opacity': 0.85 },
        );
      }
    }
    svg += path(`M${n(b3.cx)},${n(b3.cy - 2)} q-1,-12 0,-16 q1,4 0,16`, '#d5ecf3');
    return { svg, w: 120, h: 130, d: 120, mount: 'floor' };
  }
  svg += column(-40, 0, 18);
  const b = basin(-40, 56, 22);
  svg += b.out;
  for (let i = 0; i < 5; i++)
    svg += ellipse(b.cx + rng.range(-6, 6), b.cy - 2 - i * 2, 6 - i, 2, '#e6f4f8', { 'fill-opacity': 0.8 });
  return { svg, w: 116, h: 70, d: 112, mount: 'floor' };
};

export const drawRaisedBed: DrawFn = ({ pen, look, rng }) => {
  const w = 150;
  const d = 70;
  const h = 40;
  const v = look.variant % 2;
  let svg = pen.floorShadow(-w / 2, w / 2, 0, d, 0.3);
  svg += pen.box({
    x0: -w / 2,
    x1: w / 2,
    y0: -h,
    y1: 0,
    z0: 0,
    z1: d,
    color: look.color,
    finish: v === 0 ? 'wood' : 'metal',
  });
  const [sx, sy] = pen.p(-w / 2 + 3, -h + 2, 3);
  svg += poly(
    [
      [sx, sy],
      [sx + w - 6, sy],
      [sx + w - 6 + pen.view.sx * (d - 6), sy - pen.view.sy * (d - 6)],
      [sx + pen.view.sx * (d - 6), sy - pen.view.sy * (d - 6)],
    ],
    '#5b4332',
  );
  const [fx, fy] = pen.p(-w / 2, -h, 0);
  if (v === 0) {
    for (let i = 1; i < 3; i++)
      svg += line(fx, fy + (h * i) / 3, fx + w, fy + (h * i) / 3, darken(look.color, 0.3), 0.8, {
        'stroke-opacity': 0.6,
      });
  } else {
    for (let i = 1; i < 10; i++)
      svg += line(fx + (w * i) / 10, fy, fx + (w * i) / 10, fy + h, lighten(look.color, 0.2), 1.2, {
        'stroke-opacity': 0.6,
      });
  }
  // rows of vegetables: lettuce at the front, tomatoes behind
  for (let i = 0; i < 4; i++) {
    const [tx, ty] = pen.p(-w / 2 + 22 + i * 36, -h, d * 0.7);
    svg += foliage(rng, tx, ty - 16, 14, 18, '#4f7d3f', 7);
    for (let k = 0; k < 3; k++) svg += circle(tx + rng.range(-9, 9), ty - rng.range(8, 26), 3.4, '#d9482f');
  }
  for (let i = 0; i < 5; i++) {
    const [lx, ly] = pen.p(-w / 2 + 16 + i * 29, -h, d * 0.25);
    svg += foliage(rng, lx, ly - 5, 12, 8, i % 2 ? '#8cc064' : '#7fae5a', 7);
  }
  return { svg, w, h: h + 45, d, mount: 'floor' };
};

export const drawPergola: DrawFn = ({ pen, look }) => {
  const v = look.variant % 2;
  const w = 360;
  const d = 300;
  const h = 250;
  const c = look.color;
  const finish = v === 0 ? 'matte' : 'wood';
  let svg = pen.floorShadow(-w / 2, w / 2, 0, d, 0.14);
  const post = (x: number, z: number) =>
    pen.box({ x0: x - 6, x1: x + 6, y0: -h, y1: 0, z0: z - 6, z1: z + 6, color: c, finish });
  svg += post(-w / 2 + 10, d - 10) + post(w / 2 - 10, d - 10);
  svg += pen.box({ x0: -w / 2, x1: w / 2, y0: -h - 10, y1: -h + 8, z0: d - 14, z1: d - 6, color: c, finish });
  if (v === 0) {
    // louvred roof: slats across the width, stepping back
    for (let i = 0; i < 14; i++) {
      const z = 10 + (i * (d - 20)) / 14;
      svg += pen.box({
        x0: -w / 2 + 8,
        x1: w / 2 - 8,
        y0: -h - 6,
        y1: -h - 2,
        z0: z,
        z1: z + 14,
        color: lighten(c, 0.1),
        finish: 'metal',
      });
    }
  } else {
    for (let i = 0; i < 11; i++) {
      const x = -w / 2 + 12 + (i * (w - 24)) / 10;
      svg += pen.box({
        x0: x - 2.5,
        x1: x + 2.5,
        y0: -h - 20,
        y1: -h - 8,
        z0: -12,
        z1: d + 12,
        color: c,
        finish: 'wood',
      });
    }
  }
  svg += post(-w / 2 + 10, 10) + post(w / 2 - 10, 10);
  svg += pen.box({ x0: -w / 2 - 8, x1: w / 2 + 8, y0: -h - 10, y1: -h + 8, z0: 4, z1: 14, color: c, finish });
  return { svg, w: w + 16, h: h + 20, d, mount: 'floor' };
};

export const drawPavers: DrawFn = ({ pen, look, flat, flatSize, rng }) => {
  const map: FlatMap = flat ?? ((u, v) => [(u - 0.5) * 300, -v * 100]);
  const v = look.variant % 2;
  const joint = v === 0 ? darken(look.color, 0.35) : '#d8cfc0';
  const quadOf = (u0: number, v0: number, u1: number, v1: number) => [
    map(u0, v0),
    map(u1, v0),
    map(u1, v1),
    map(u0, v1),
  ];
  let svg = poly(quadOf(0, 0, 1, 1), joint);
  // real-size stones: bluestone slabs of ~0.5 m, bricks of ~0.2 m
  const size = flatSize ?? { width: 3, depth: 2 };
  const rows = Math.max(4, Math.round(size.depth / (v === 0 ? 0.5 : 0.16)));
  const unit = (v === 0 ? 0.6 : 0.24) / size.width;
  for (let r = 0; r < rows; r++) {
    const v0 = r / rows;
    const v1 = (r + 1) / rows;
    let u = v === 1 && r % 2 ? -unit / 2 : -rng.range(0, unit);
    while (u < 1) {
      const du = v === 0 ? unit * rng.range(0.7, 1.6) : unit;
      const gap = 0.012 / size.width;
      const u0 = Math.max(0, u) + gap;
      const u1 = Math.min(1, u + du) - gap;
      if (u1 > u0) {
        const c =
          v === 0
            ? rng.pick([
                look.color,
                lighten(look.color, 0.1),
                darken(look.color, 0.08),
                mix(look.color, '#8a9aa8', 0.2),
              ])
            : rng.pick([
                look.color,
                darken(look.color, 0.1),
                lighten(look.color, 0.08),
                mix(look.color, '#7a3b28', 0.2),
              ]);
        svg += poly(quadOf(u0, v0 + (0.012 / size.depth) * 2, u1, v1 - (0.012 / size.depth) * 2), c);
      }
      u += du;
    }
  }
  svg += poly(
    quadOf(0, 0, 1, 1),
    pen.defs.linear(
      [
        [0, '#ffffff', 0.12],
        [1, '#000000', 0.1],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  const [a, b] = [map(0, 0), map(1, 0)];
  svg += poly([a, b, [b[0], b[1] + 4], [a[0], a[1] + 4]], darken(look.color, 0.4));
  return { svg, w: 300, h: 4, d: 200, mount: 'flat' };
};

export const drawGrill: DrawFn = ({ pen, look }) => {
  const v = look.variant % 2;
  const c = look.color;
  if (v === 0) {
    const r = 30;
    let svg = pen.floorShadow(-34, 34, 0, 60, 0.3);
    const [cx, cy] = pen.p(0, -78, 30);
    for (const [dx, dz] of [
      [-22, 40],
      [22, 40],
      [0, 8],
    ] as const) {
      const [lx, ly] = pen.p(dx, 0, dz);
      svg += line(cx + dx * 0.4, cy + 10, lx, ly, '#3a3a3a', 2.6, { 'stroke-linecap': 'round' });
    }
    const [ax, ay] = pen.p(0, -30, 30);
    svg += ellipse(ax, ay, 18, 4, '#6b6b6b');
    svg += circle(
      cx,
      cy,
      r,
      pen.defs.radial(
        [
          [0, lighten(c, 0.45)],
          [0.35, lighten(c, 0.1)],
          [1, darken(c, 0.35)],
        ],
        0.35,
        0.3,
        0.75,
      ),
    );
    svg += path(`M${n(cx - r)},${n(cy + 2)} Q${n(cx)},${n(cy + 9)} ${n(cx + r)},${n(cy + 2)}`, 'none', {
      stroke: darken(c, 0.45),
      'stroke-width': 1.4,
    });
    svg += rect(cx - 8, cy - r - 5, 16, 4, '#3a2f28', { rx: 2 });
    svg += ellipse(cx - 9, cy - 12, 9, 5, '#ffffff', { 'fill-opacity': 0.22 });
    return { svg, w: 70, h: 112, d: 60, mount: 'floor' };
  }
  const w = 130;
  const d = 58;
  let svg = pen.floorShadow(-w / 2, w / 2, 0, d, 0.3);
  svg += pen.box({
    x0: -w / 2 + 28,
    x1: w / 2 - 28,
    y0: -86,
    y1: -10,
    z0: 0,
    z1: d,
    color: darken(c, 0.05),
    finish: 'metal',
  });
  const [dx, dy] = pen.p(-w / 2 + 28, -72, 0);
  svg += rect(dx + 4, dy + 6, (w - 56) / 2 - 6, 50, pen.frontFill(c, 'metal'), {
    stroke: darken(c, 0.4),
    'stroke-width': 0.6,
  });
  svg += rect(dx + (w - 56) / 2 + 2, dy + 6, (w - 56) / 2 - 6, 50, pen.frontFill(c, 'metal'), {
    stroke: darken(c, 0.4),
    'stroke-width': 0.6,
  });
  for (const side of [-1, 1]) {
    const x0 = side < 0 ? -w / 2 : w / 2 - 26;
    svg += pen.box({ x0, x1: x0 + 26, y0: -88, y1: -84, z0: 2, z1: d - 6, color: '#c9ccce', finish: 'metal' });
  }
  svg += pen.box({
    x0: -w / 2 + 26,
    x1: w / 2 - 26,
    y0: -90,
    y1: -84,
    z0: 0,
    z1: d,
    color: '#b9bcbf',
    finish: 'metal',
  });
  for (let i = 0; i < 4; i++) svg += circle(dx + 12 + i * 16, dy - 5, 2.6, '#2e2e2e');
  const [hx, hy] = pen.p(0, -90, d / 2);
  svg += path(
    `M${n(hx - (w - 60) / 2)},${n(hy)} L${n(hx - (w - 60) / 2)},${n(hy - 20)} Q${n(hx)},${n(hy - 44)} ${n(hx + (w - 60) / 2)},${n(hy - 20)} L${n(hx + (w - 60) / 2)},${n(hy)}Z`,
    pen.frontFill('#c9ccce', 'metal'),
  );
  svg += line(hx - 24, hy - 10, hx + 24, hy - 10, '#3a3a3a', 2.4, { 'stroke-linecap': 'round' });
  svg += circle(hx, hy - 24, 4, '#f4f4f2', { stroke: '#3a3a3a', 'stroke-width': 0.8 });
  for (const x of [-w / 2 + 32, w / 2 - 32]) {
    const [wx, wy] = pen.p(x, -5, 2);
    svg += circle(wx, wy, 5, '#2a2a2a');
  }
  return { svg, w, h: 136, d, mount: 'floor' };
};

export const drawHammock: DrawFn = ({ pen, look }) => {
  const w = 300;
  let svg = pen.floorShadow(-w / 2, w / 2, 0, 90, 0.22);
  const [lx, ly] = pen.p(-w / 2, 0, 45);
  const [rx, ry] = pen.p(w / 2, 0, 45);
  const stand = look.accent;
  svg += path(
    `M${n(lx + 6)},${n(ly - 118)} Q${n(lx + 30)},${n(ly + 4)} ${n((lx + rx) / 2)},${n(ly - 4)} Q${n(rx - 30)},${n(ry + 4)} ${n(rx - 6)},${n(ry - 118)}`,
    'none',
    {
      stroke: stand,
      'stroke-width': 7,
      'stroke-linecap': 'round',
    },
  );
  for (const [x, y] of [
    [lx + 40, ly],
    [rx - 40, ry],
  ] as const) {
    svg += rect(x - 30, y - 6, 60, 6, pen.frontFill(stand, 'wood'), { rx: 2 });
  }
  const ax = lx + 10;
  const bx = rx - 10;
  const top = ly - 112;
  svg += line(ax, top, ax + 34, top + 28, '#c9b89a', 1.2) + line(bx, top, bx - 34, top + 28, '#c9b89a', 1.2);
  const body = `M${n(ax + 34)},${n(top + 24)} Q${n((ax + bx) / 2)},${n(top + 112)} ${n(bx - 34)},${n(top + 24)} L${n(bx - 34)},${n(top + 34)} Q${n((ax + bx) / 2)},${n(top + 124)} ${n(ax + 34)},${n(top + 34)}Z`;
  svg += path(body, pen.frontFill(look.color, 'fabric'));
  const stripe = `M${n(ax + 34)},${n(top + 28)} Q${n((ax + bx) / 2)},${n(top + 116)} ${n(bx - 34)},${n(top + 28)}`;
  svg += path(stripe, 'none', { stroke: lighten(look.color, 0.45), 'stroke-width': 2.5 });
  svg +=
    line(ax + 34, top + 20, ax + 34, top + 38, darken(stand, 0.1), 2.5) +
    line(bx - 34, top + 20, bx - 34, top + 38, darken(stand, 0.1), 2.5);
  return { svg, w, h: 125, d: 90, mount: 'floor' };
};

export function landscapeDrawers(): Record<string, DrawFn> {
  return {
    planter: drawPlanter,
    shrub: drawShrub,
    tree: drawTree,
    'outdoor-sofa': drawOutdoorSofa,
    'lounge-chair': drawLoungeChair,
    'outdoor-dining-set': drawOutdoorDiningSet,
    bench: drawBench,
    'fire-pit': drawFirePit,
    umbrella: drawUmbrella,
    'string-lights': drawStringLights,
    lantern: drawLantern,
    fountain: drawFountain,
    'raised-bed': drawRaisedBed,
    pergola: drawPergola,
    pavers: drawPavers,
    grill: drawGrill,
    hammock: drawHammock,
  };
}
