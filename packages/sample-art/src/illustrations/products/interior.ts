import { darken, lighten, mix } from '../color';
import { glowFill, weavePattern } from '../materials';
import type { Pen } from '../pen';
import type { Rng } from '../prng';
import { circle, ellipse, group, line, n, path, poly, rect } from '../svg';
import { books, grain, leaf, pillowShape, pot, seating, soil, squareLegs } from './parts';
import type { DrawFn, FlatMap } from './types';

/** Interior products, drawn in centimetres (see Figure). */

const WARM_LIGHT = '#fff1cf';
const BOOK_PALETTE = [
  '#b5523b',
  '#2f4858',
  '#d9b26f',
  '#6b8f71',
  '#e8dcc4',
  '#8a5a44',
  '#3d3b4f',
  '#c9856b',
  '#f2efe6',
];

export const drawSofa: DrawFn = ({ pen, look }) => {
  const v = look.variant % 4;
  const w = 214;
  const svg = seating(pen, {
    w,
    h: v === 3 ? 78 : 84,
    d: 94,
    seats: v === 1 ? 2 : 3,
    legH: v === 1 ? 7 : v === 3 ? 9 : 15,
    legStyle: v === 0 ? 'taper' : v === 1 ? 'plinth' : v === 2 ? 'metal' : 'block',
    legColor: look.accent,
    armW: v === 1 || v === 3 ? 26 : 20,
    armH: v === 3 ? 58 : 62,
    armStyle: v === 1 || v === 3 ? 'round' : 'track',
    color: look.color,
    finish: v === 0 ? 'velvet' : v === 2 ? 'leather' : 'fabric',
    texture: v === 3 ? 'nubble' : v === 0 ? 'channel' : undefined,
    frameTexture: v === 3 ? 'nubble' : undefined,
    pillows: v === 2 ? [] : [mix(look.accent, '#f3ede2', 0.55), lighten(look.color, 0.35)],
  });
  return { svg, w, h: 84, d: 94, mount: 'floor', surface: 42 };
};

export const drawArmchair: DrawFn = ({ pen, look }) => {
  const v = look.variant % 3;
  const w = v === 2 ? 80 : 88;
  let svg: string;
  if (v === 1) {
    // rattan frame with a loose cushion
    svg = seating(pen, {
      w,
      h: 82,
      d: 80,
      seats: 1,
      legH: 10,
      legStyle: 'block',
      legColor: darken(look.accent, 0.1),
      armW: 12,
      armH: 60,
      armStyle: 'track',
      color: look.color,
      frame: look.accent,
      finish: 'fabric',
      frameFinish: 'wood',
      frameTexture: 'weave',
      backDepth: 26,
    });
  } else {
    svg = seating(pen, {
      w,
      h: v === 2 ? 86 : 78,
      d: 84,
      seats: 1,
      legH: v === 2 ? 16 : 8,
      legStyle: v === 2 ? 'taper' : 'block',
      legColor: look.accent,
      armW: v === 2 ? 12 : 24,
      armH: v === 2 ? 56 : 60,
      armStyle: v === 2 ? 'slab' : 'round',
      color: look.color,
      frame: v === 2 ? look.accent : look.color,
      finish: v === 2 ? 'leather' : 'fabric',
      frameFinish: v === 2 ? 'wood' : 'fabric',
      texture: v === 0 ? 'nubble' : undefined,
      frameTexture: v === 0 ? 'nubble' : undefined,
      pillows: v === 0 ? [] : [],
    });
  }
  return { svg, w, h: 86, d: 84, mount: 'floor', surface: 42 };
};

export const drawCoffeeTable: DrawFn = ({ pen, look, rng }) => {
  const v = look.variant % 2;
  if (v === 1) {
    // round marble top on a drum base
    const r = 52;
    let svg = pen.floorShadow(-r, r, 0, 2 * r, 0.3);
    svg += pen.cylinder({
      cx: 0,
      zc: r,
      yTop: -36,
      yBottom: 0,
      rTop: 27,
      rBottom: 29,
      color: look.accent,
      finish: 'stone',
    });
    svg += pen.cylinder({
      cx: 0,
      zc: r,
      yTop: -40,
      yBottom: -35,
      rTop: r,
      rBottom: r,
      color: look.color,
      finish: 'stone',
    });
    const [cx, cy] = pen.p(0, -40, r);
    const ry = r * pen.view.sy;
    for (let i = 0; i < 3; i++) {
      const y = cy + rng.range(-ry * 0.45, ry * 0.3);
      const x0 = cx - r * rng.range(0.5, 0.7);
      svg += path(
        `M${n(x0)},${n(y)} q${n(r * 0.35)},${n(rng.range(-2, 2))} ${n(r * 0.6)},${n(rng.range(-ry * 0.2, ry * 0.2))} t${n(r * 0.35)},${n(rng.range(-1.5, 1.5))}`,
        'none',
        {
          stroke: darken(look.color, 0.22),
          'stroke-width': 0.6,
          'stroke-opacity': 0.35,
        },
      );
    }
    return { svg, w: 2 * r, h: 40, d: 2 * r, mount: 'floor', surface: 40 };
  }
  const w = 120;
  const d = 62;
  let svg = pen.floorShadow(-w / 2, w / 2, 0, d, 0.3);
  const legs = (z: number) => squareLegs(pen, [-w / 2 + 6, w / 2 - 6], z, 2.5, 37, look.accent);
  svg += legs(d - 6);
  svg += pen.box({
    x0: -w / 2 + 4,
    x1: w / 2 - 4,
    y0: -12,
    y1: -9,
    z0: 4,
    z1: d - 4,
    color: look.color,
    finish: 'wood',
  });
  svg += legs(6);
  svg += pen.box({ x0: -w / 2, x1: w / 2, y0: -40, y1: -36, z0: 0, z1: d, color: look.color, finish: 'wood', r: 1 });
  const [gx, gy] = pen.p(-w / 2, -40, d);
  svg += grain(gx, gy, w, d * pen.view.sy, look.color, rng, 5);
  return { svg, w, h: 40, d, mount: 'floor', surface: 40 };
};

export const drawDiningTable: DrawFn = ({ pen, look, rng }) => {
  const v = look.variant % 2;
  if (v === 1) {
    const r = 60;
    let svg = pen.floorShadow(-r, r, 0, 2 * r, 0.28);
    svg += pen.cylinder({
      cx: 0,
      zc: r,
      yTop: -12,
      yBottom: 0,
      rTop: 14,
      rBottom: 34,
      color: look.accent,
      finish: 'wood',
      hideTop: true,
    });
    svg += pen.cylinder({
      cx: 0,
      zc: r,
      yTop: -72,
      yBottom: -10,
      rTop: 9,
      rBottom: 12,
      color: look.accent,
      finish: 'wood',
      hideTop: true,
    });
    svg += pen.cylinder({
      cx: 0,
      zc: r,
      yTop: -76,
      yBottom: -71,
      rTop: r,
      rBottom: r,
      color: look.color,
      finish: 'wood',
    });
    return { svg, w: 2 * r, h: 76, d: 2 * r, mount: 'floor', surface: 76 };
  }
  const w = 184;
  const d = 92;
  let svg = pen.floorShadow(-w / 2, w / 2, 0, d, 0.28);
  const legs = (z: number) => squareLegs(pen, [-w / 2 + 9, w / 2 - 9], z, 3.5, 72, darken(look.accent, 0.04));
  svg += legs(d - 9);
  svg += pen.box({
    x0: -w / 2 + 6,
    x1: w / 2 - 6,
    y0: -72,
    y1: -64,
    z0: 6,
    z1: d - 6,
    color: darken(look.accent, 0.1),
    finish: 'wood',
  });
  svg += legs(9);
  svg += pen.box({ x0: -w / 2, x1: w / 2, y0: -77, y1: -72, z0: 0, z1: d, color: look.color, finish: 'wood', r: 1 });
  const [gx, gy] = pen.p(-w / 2, -77, d);
  svg += grain(gx, gy, w, d * pen.view.sy, look.color, rng, 6);
  return { svg, w, h: 77, d, mount: 'floor', surface: 77 };
};

export const drawDiningChair: DrawFn = ({ pen, look }) => {
  const v = look.variant % 3;
  const w = 48;
  const d = 50;
  let svg = pen.floorShadow(-w / 2, w / 2, 0, d, 0.28);
  const frame = v === 1 ? look.accent : look.color;
  const legW = v === 2 ? 2.4 : 3.6;
  const backLegs = [-w / 2 + 3, w / 2 - 3]
    .map((x) => pen.leg(x, d - 4, v === 1 ? 44 : 78, frame, legW, legW * 0.8))
    .join('');
  svg += backLegs;
  if (v === 0) {
    // wishbone: curved top rail and a Y splat
    const [lx, ly] = pen.p(-w / 2 + 3, -70, d - 4);
    const [rx] = pen.p(w / 2 - 3, -70, d - 4);
    svg += path(
      `M${n(lx - 2)},${n(ly + 6)} C${n(lx - 4)},${n(ly - 8)} ${n(rx + 4)},${n(ly - 8)} ${n(rx + 2)},${n(ly + 6)}`,
      'none',
      {
        stroke: darken(frame, 0.05),
        'stroke-width': 4.5,
        'stroke-linecap': 'round',
      },
    );
    const mx = (lx + rx) / 2;
    svg += path(
      `M${n(mx)},${n(ly + 26)} L${n(mx)},${n(ly + 14)} L${n(mx - 7)},${n(ly - 1)} M${n(mx)},${n(ly + 14)} L${n(mx + 7)},${n(ly - 1)}`,
      'none',
      {
        stroke: frame,
        'stroke-width': 3.2,
        'stroke-linejoin': 'round',
        'stroke-linecap': 'round',
      },
    );
    svg += pen.box({
      x0: -w / 2 + 1,
      x1: w / 2 - 1,
      y0: -46,
      y1: -42,
      z0: 0,
      z1: d,
      color: look.accent,
      finish: 'woven',
      r: 1.5,
    });
    const [sx, sy] = pen.p(-w / 2 + 1, -46, d);
    svg += poly(
      [
        [sx, sy],
        [sx + w - 2, sy],
        [sx + w - 2 - pen.view.sx * d, sy + pen.view.sy * d],
        [sx - pen.view.sx * d, sy + pen.view.sy * d],
      ],
      weavePattern(pen.defs, look.accent, 3),
    );
  } else if (v === 1) {
    // upholstered shell
    svg += pen.box({
      x0: -w / 2 + 1,
      x1: w / 2 - 1,
      y0: -88,
      y1: -46,
      z0: d - 10,
      z1: d,
      color: look.color,
      finish: 'velvet',
      r: 16,
    });
    svg += pen.box({
      x0: -w / 2,
      x1: w / 2,
      y0: -50,
      y1: -42,
      z0: 0,
      z1: d - 8,
      color: look.color,
      finish: 'velvet',
      r: 4,
    });
  } else {
    for (const y of [-76, -66, -56]) {
      svg += pen.box({
        x0: -w / 2 + 3,
        x1: w / 2 - 3,
        y0: y,
        y1: y + 4,
        z0: d - 5,
        z1: d - 3,
        color: frame,
        finish: 'metal',
        r: 1,
      });
    }
    svg += pen.box({
      x0: -w / 2 + 1,
      x1: w / 2 - 1,
      y0: -46,
      y1: -43,
      z0: 0,
      z1: d,
      color: frame,
      finish: 'metal',
      r: 1,
    });
  }
  svg += [-w / 2 + 3, w / 2 - 3].map((x) => pen.leg(x, 4, 43, frame, legW, legW * 0.8)).join('');
  return { svg, w, h: 88, d, mount: 'floor', surface: 46 };
};

function lampGlow(pen: Pen, x: number, y: number, r: number): string {
  return circle(x, y, r, glowFill(pen.defs, '#ffe6a8', 0.45));
}

export const drawFloorLamp: DrawFn = ({ pen, look }) => {
  const v = look.variant % 3;
  const metal = look.accent;
  if (v === 0) {
    // arc lamp: a weighted base on the right, the shade reaching over to the left
    let svg = pen.floorShadow(25, 55, 0, 28, 0.32);
    svg += pen.box({ x0: 28, x1: 52, y0: -7, y1: 0, z0: 2, z1: 26, color: '#e9e4dc', finish: 'stone', r: 1.5 });
    const [bx, by] = pen.p(40, -7, 14);
    svg += path(
      `M${n(bx)},${n(by)} C${n(bx + 6)},${n(by - 150)} ${n(bx - 60)},${n(by - 215)} ${n(bx - 94)},${n(by - 160)}`,
      'none',
      {
        stroke: metal,
        'stroke-width': 2.6,
        'stroke-linecap': 'round',
      },
    );
    const sx = bx - 94;
    const sy = by - 152;
    svg += lampGlow(pen, sx, sy + 10, 46);
    svg += path(
      `M${n(sx - 24)},${n(sy)} C${n(sx - 24)},${n(sy - 30)} ${n(sx + 24)},${n(sy - 30)} ${n(sx + 24)},${n(sy)}Z`,
      pen.frontFill(look.color, 'metal'),
    );
    svg += ellipse(sx, sy, 24, 4.5, WARM_LIGHT);
    return { svg, w: 150, h: 200, d: 30, mount: 'floor' };
  }
  if (v === 1) {
    let svg = pen.floorShadow(-34, 34, 0, 30, 0.26);
    const [ax, ay] = pen.p(0, -118, 12);
    for (const [x, z] of [
      [6, 26],
      [-30, 4],
      [30, 4],
    ] as const) {
      const [fx, fy] = pen.p(x, 0, z);
      svg += line(ax, ay, fx, fy, darken(metal, z > 10 ? 0.15 : 0), 3.2, { 'stroke-linecap': 'round' });
    }
    svg += line(ax, ay, ax, ay - 14, darken(metal, 0.2), 2);
    svg += lampGlow(pen, ax, ay - 24, 50);
    svg += pen.cylinder({
      cx: 0,
      zc: 12,
      yTop: -168,
      yBottom: -128,
      rTop: 22,
      rBottom: 26,
      color: lighten(look.color, 0.1),
      finish: 'fabric',
      open: darken(look.color, 0.15),
    });
    const [lx, ly] = pen.p(0, -128, 12);
    svg += ellipse(lx, ly, 25, 25 * pen.view.sy, WARM_LIGHT, { 'fill-opacity': 0.9 });
    return { svg, w: 70, h: 170, d: 30, mount: 'floor' };
  }
  let svg = pen.floorShadow(-16, 16, 0, 30, 0.3);
  svg += pen.cylinder({ cx: 0, zc: 15, yTop: -3, yBottom: 0, rTop: 15, rBottom: 16, color: metal, finish: 'metal' });
  const [tx, ty] = pen.p(0, -3, 15);
  svg += line(tx, ty, tx, ty - 136, metal, 2.2);
  svg += lampGlow(pen, tx, ty - 152, 48);
  svg += circle(
    tx,
    ty - 152,
    18,
    pen.defs.radial(
      [
        [0, '#ffffff'],
        [0.5, WARM_LIGHT],
        [1, mix(look.color, WARM_LIGHT, 0.4)],
      ],
      0.45,
      0.4,
      0.6,
    ),
  );
  return { svg, w: 60, h: 172, d: 30, mount: 'floor' };
};

export const drawTableLamp: DrawFn = ({ pen, look }) => {
  const v = look.variant % 3;
  let svg = pen.floorShadow(-12, 12, 0, 20, 0.3);
  const zc = 10;
  if (v === 0) {
    const [cx, cy] = pen.p(0, 0, zc);
    svg += path(
      `M${n(cx - 4)},${n(cy - 33)} C${n(cx - 4)},${n(cy - 28)} ${n(cx - 14)},${n(cy - 24)} ${n(cx - 14)},${n(cy - 12)} C${n(cx - 14)},${n(cy - 3)} ${n(cx - 8)},${n(cy)} ${n(cx)},${n(cy)} C${n(cx + 8)},${n(cy)} ${n(cx + 14)},${n(cy - 3)} ${n(cx + 14)},${n(cy - 12)} C${n(cx + 14)},${n(cy - 24)} ${n(cx + 4)},${n(cy - 28)} ${n(cx + 4)},${n(cy - 33)}Z`,
      pen.cylinderFill(look.color, 'gloss'),
    );
    svg += line(cx, cy - 33, cx, cy - 38, '#b89b6a', 1.2);
    svg += lampGlow(pen, cx, cy - 46, 32);
    svg += pen.cylinder({
      cx: 0,
      zc,
      yTop: -58,
      yBottom: -37,
      rTop: 13,
      rBottom: 17,
      color: look.accent,
      finish: 'fabric',
      open: darken(look.accent, 0.1),
    });
    const [, ly] = pen.p(0, -37, zc);
    svg += ellipse(cx, ly, 16.5, 16.5 * pen.view.sy, WARM_LIGHT, { 'fill-opacity': 0.85 });
    return { svg, w: 36, h: 58, d: 20, mount: 'floor' };
  }
  if (v === 1) {
    svg += pen.cylinder({ cx: 0, zc, yTop: -2, yBottom: 0, rTop: 9, rBottom: 10, color: look.color, finish: 'gloss' });
    svg += pen.cylinder({
      cx: 0,
      zc,
      yTop: -30,
      yBottom: -2,
      rTop: 2.6,
      rBottom: 3.2,
      color: look.color,
      finish: 'gloss',
      hideTop: true,
    });
    const [cx, cy] = pen.p(0, -28, zc);
    svg += lampGlow(pen, cx, cy + 2, 30);
    svg += path(
      `M${n(cx - 19)},${n(cy)} C${n(cx - 19)},${n(cy - 22)} ${n(cx + 19)},${n(cy - 22)} ${n(cx + 19)},${n(cy)}Z`,
      pen.frontFill(look.color, 'gloss'),
    );
    svg += ellipse(cx, cy, 19, 3.2, WARM_LIGHT);
    return { svg, w: 40, h: 46, d: 20, mount: 'floor' };
  }
  svg += pen.cylinder({
    cx: 0,
    zc,
    yTop: -2.5,
    yBottom: 0,
    rTop: 8,
    rBottom: 8.5,
    color: look.accent,
    finish: 'metal',
  });
  const [cx, cy] = pen.p(0, -2.5, zc);
  svg += line(cx, cy, cx, cy - 36, look.accent, 1.6);
  svg += lampGlow(pen, cx, cy - 44, 30);
  svg += pen.cylinder({
    cx: 0,
    zc,
    yTop: -58,
    yBottom: -37,
    rTop: 8,
    rBottom: 17,
    color: look.color,
    finish: 'fabric',
    open: darken(look.color, 0.1),
  });
  const [, ly] = pen.p(0, -37, zc);
  svg += ellipse(cx, ly, 16.5, 16.5 * pen.view.sy, WARM_LIGHT, { 'fill-opacity': 0.85 });
  return { svg, w: 36, h: 58, d: 20, mount: 'floor' };
};

export const drawPendantLight: DrawFn = ({ pen, look, cord }) => {
  const v = look.variant % 2;
  const len = cord ?? 60;
  const shadeH = v === 0 ? 30 : 24;
  const r = v === 0 ? 28 : 21;
  let svg = line(0, -shadeH - len, 0, -shadeH + 2, '#2b2622', 0.9);
  svg += circle(0, 6, r * 1.5, glowFill(pen.defs, '#ffe3a0', 0.4));
  const dome = `M${-r},0 C${-r},${n(-shadeH * 1.25)} ${r},${n(-shadeH * 1.25)} ${r},0Z`;
  svg += path(dome, pen.frontFill(look.color, v === 0 ? 'wood' : 'gloss'));
  if (v === 0) svg += path(dome, weavePattern(pen.defs, look.color, 3.5));
  svg += ellipse(0, 0, r, r * 0.16, WARM_LIGHT);
  svg += circle(0, 2, 4.5, '#fffaf0');
  return { svg, w: 2 * r, h: shadeH + len, d: 2 * r, mount: 'ceiling' };
};

function quad(map: FlatMap, u0: number, v0: number, u1: number, v1: number): Array<[number, number]> {
  return [map(u0, v0), map(u1, v0), map(u1, v1), map(u0, v1)];
}

export const drawRug: DrawFn = ({ pen, look, flat, rng }) => {
  const map = flat ?? ((u: number, v: number): [number, number] => [(u - 0.5) * 240, -v * 60]);
  const variant = look.variant % 3;
  const outline = quad(map, 0, 0, 1, 1);
  const clipId = pen.defs.raw(
    `clip${outline.flat().map(n).join(',')}`,
    (id) => `<clipPath id="${id}">${poly(outline, '#000')}</clipPath>`,
  );
  let body = '';
  if (variant === 0) {
    body += poly(outline, look.color);
    for (let k = 0; k < 7; k++) {
      const i = 0.04 + k * 0.065;
      body += poly(quad(map, i, i * 1.3, 1 - i, 1 - i * 1.3), 'none', {
        stroke: darken(look.color, k % 2 ? 0.12 : 0.2),
        'stroke-width': 1.2,
        'stroke-opacity': 0.55,
      });
    }
    body += poly(quad(map, 0.42, 0.44, 0.58, 0.56), lighten(look.color, 0.1));
  } else if (variant === 1) {
    body += poly(outline, look.color);
    const ink = look.accent;
    for (let i = -6; i <= 12; i++) {
      const u = i * 0.125;
      body += poly([map(u, 0), map(u + 0.5, 1)], 'none', { stroke: ink, 'stroke-width': 1.4, 'stroke-opacity': 0.8 });
      body += poly([map(u, 0), map(u - 0.5, 1)], 'none', { stroke: ink, 'stroke-width': 1.4, 'stroke-opacity': 0.8 });
    }
    body += poly(outline, 'none', { stroke: darken(look.color, 0.12), 'stroke-width': 5 });
  } else {
    const bands = 9;
    for (let i = 0; i < bands; i++) {
      const c = i % 2 === 0 ? look.color : i % 4 === 1 ? look.accent : mix(look.color, look.accent, 0.45);
      body += poly(quad(map, 0, i / bands, 1, (i + 1) / bands), c);
    }
    body += poly(outline, 'none', { stroke: darken(look.color, 0.15), 'stroke-width': 3 });
  }
  // a light sheen falling across the pile from the window side
  body += poly(
    outline,
    pen.defs.linear(
      [
        [0, '#ffffff', 0.16],
        [0.6, '#ffffff', 0],
        [1, '#000000', 0.08],
      ],
      0,
      0,
      1,
      0.4,
    ),
  );
  let svg = group(body, { 'clip-path': clipId });
  const [a, b] = [map(0, 0), map(1, 0)];
  svg = poly([a, b, [b[0], b[1] + 2.5], [a[0], a[1] + 2.5]], darken(look.color, 0.35)) + svg;
  if (variant === 1) {
    // fringe on the short ends
    for (const v of [0, 1]) {
      for (let i = 0; i <= 24; i++) {
        const [x, y] = map(i / 24, v);
        const dy = v === 0 ? 5 : -3;
        svg += line(x, y, x + rng.range(-0.6, 0.6), y + dy, lighten(look.color, 0.05), 0.9);
      }
    }
  }
  return { svg, w: 240, h: 2, d: 170, mount: 'flat' };
};

export const drawBookshelf: DrawFn = ({ pen, look, rng }) => {
  const v = look.variant % 2;
  if (v === 1) {
    // leaning ladder shelf
    const w = 70;
    const h = 180;
    let svg = pen.floorShadow(-w / 2, w / 2, 0, 40, 0.22);
    const shelves = [
      { y: -8, d: 38 },
      { y: -52, d: 32 },
      { y: -96, d: 26 },
      { y: -140, d: 20 },
    ];
    const rail = (x: number) => {
      const [bx, by] = pen.p(x, 0, 4);
      const [tx, ty] = pen.p(x, -h, 34);
      return line(bx, by, tx, ty, look.color, 3.8, { 'stroke-linecap': 'round' });
    };
    svg += rail(-w / 2);
    for (const s of shelves) {
      const back = 38 + 2 - (-s.y / h) * 30;
      const [x0, y0] = pen.p(-w / 2, s.y, back - s.d);
      svg += pen.box({
        x0: -w / 2 + 2,
        x1: w / 2 - 2,
        y0: s.y - 2.5,
        y1: s.y,
        z0: back - s.d,
        z1: back,
        color: look.color,
        finish: 'wood',
      });
      svg += books(rng, x0 + 6, x0 + w * (s.y < -100 ? 0.45 : 0.6), y0 - 2.5, 24, BOOK_PALETTE);
      if (s.y > -100 && rng.chance(0.7)) svg += smallPlant(pen, rng, x0 + w * 0.78, y0 - 2.5);
    }
    svg += rail(w / 2);
    return { svg, w, h, d: 40, mount: 'floor' };
  }
  const w = 104;
  const h = 192;
  const d = 34;
  let svg = pen.floorShadow(-w / 2, w / 2, 0, d, 0.25);
  svg += pen.box({ x0: -w / 2, x1: w / 2, y0: -h, y1: 0, z0: 0, z1: d, color: look.color, finish: 'wood' });
  const rows = 5;
  const t = 3;
  const innerH = (h - t * (rows + 1) - 6) / rows;
  for (let r = 0; r < rows; r++) {
    const y0 = -h + t + r * (innerH + t);
    const x0 = -w / 2 + t;
    const iw = w - 2 * t;
    svg += rect(x0, y0, iw, innerH, darken(look.color, 0.42));
    svg += rect(
      x0,
      y0,
      iw,
      innerH,
      pen.defs.linear([
        [0, '#000000', 0.35],
        [0.35, '#000000', 0],
        [1, '#000000', 0.05],
      ]),
    );
    const base = y0 + innerH;
    const layout = rng.int(0, 2);
    if (layout === 0) {
      svg += books(rng, x0 + 2, x0 + iw * 0.62, base, innerH - 6, BOOK_PALETTE);
      svg += vaseShape(
        pen,
        x0 + iw * 0.8,
        base,
        rng.range(10, 16),
        rng.pick(['#e8e1d5', '#c9856b', '#7d8b74', '#2d2a28']),
      );
    } else if (layout === 1) {
      svg += smallPlant(pen, rng, x0 + iw * 0.22, base);
      svg += books(rng, x0 + iw * 0.42, x0 + iw - 2, base, innerH - 6, BOOK_PALETTE);
    } else {
      svg += books(rng, x0 + 2, x0 + iw * 0.4, base, innerH - 6, BOOK_PALETTE);
      svg += rect(x0 + iw * 0.5, base - innerH * 0.55, innerH * 0.42, innerH * 0.55, '#3a3532', { rx: 1 });
      svg += rect(x0 + iw * 0.5 + 1.5, base - innerH * 0.55 + 1.5, innerH * 0.42 - 3, innerH * 0.55 - 3, '#d8c9b0');
      svg += vaseShape(pen, x0 + iw * 0.85, base, rng.range(9, 13), '#b8a48a');
    }
  }
  return { svg, w, h, d, mount: 'floor' };
};

function vaseShape(pen: Pen, cx: number, base: number, h: number, color: string): string {
  const r = h * 0.36;
  return path(
    `M${n(cx - r * 0.45)},${n(base - h)} C${n(cx - r * 0.4)},${n(base - h * 0.7)} ${n(cx - r * 1.2)},${n(base - h * 0.55)} ${n(cx - r)},${n(base - h * 0.2)} Q${n(cx - r * 0.8)},${n(base)} ${n(cx)},${n(base)} Q${n(cx + r * 0.8)},${n(base)} ${n(cx + r)},${n(base - h * 0.2)} C${n(cx + r * 1.2)},${n(base - h * 0.55)} ${n(cx + r * 0.4)},${n(base - h * 0.7)} ${n(cx + r * 0.45)},${n(base - h)}Z`,
    pen.cylinderFill(color, 'gloss'),
  );
}

function smallPlant(pen: Pen, rng: Rng, cx: number, base: number): string {
  let out = path(
    `M${n(cx - 6)},${n(base - 9)} L${n(cx - 4.5)},${n(base)} L${n(cx + 4.5)},${n(base)} L${n(cx + 6)},${n(base - 9)}Z`,
    pen.cylinderFill('#d9cfc1'),
  );
  for (let i = 0; i < 7; i++) {
    out += leaf(
      cx + rng.range(-2, 2),
      base - 9,
      rng.range(8, 13),
      rng.range(4, 6),
      rng.range(-65, 65),
      rng.pick(['#5f8a5b', '#4c7a4e', '#79a36f']),
    );
  }
  return out;
}

export const drawBed: DrawFn = ({ pen, look, rng }) => {
  const v = look.variant % 2;
  const w = 166;
  const d = 214;
  const frame = look.color;
  const bedding = look.accent;
  let svg = pen.floorShadow(-w / 2 - 4, w / 2 + 4, 0, d, 0.3);
  svg += pen.box({
    x0: -w / 2 - 5,
    x1: w / 2 + 5,
    y0: v === 0 ? -122 : -104,
    y1: 0,
    z0: d - 10,
    z1: d,
    color: frame,
    finish: v === 0 ? 'velvet' : 'wood',
    r: v === 0 ? 16 : 2,
  });
  if (v === 0) {
    const [hx, hy] = pen.p(-w / 2 - 5, -122, d - 10);
    for (let i = 1; i < 9; i++) {
      const x = hx + ((w + 10) * i) / 9;
      svg += line(x, hy + 8, x, hy + 100, darken(frame, 0.28), 1.2, { 'stroke-opacity': 0.5 });
    }
  } else {
    const [hx, hy] = pen.p(-w / 2 - 5, -104, d - 10);
    svg += grain(hx, hy, w + 10, 90, frame, rng, 6);
    svg += line(hx + 4, hy + 46, hx + w + 6, hy + 46, darken(frame, 0.3), 1, { 'stroke-opacity': 0.5 });
  }
  svg += pen.box({
    x0: -w / 2 - 4,
    x1: w / 2 + 4,
    y0: -32,
    y1: -6,
    z0: 0,
    z1: d - 10,
    color: frame,
    finish: v === 0 ? 'velvet' : 'wood',
    r: v === 0 ? 6 : 1,
  });
  svg += pen.box({
    x0: -w / 2,
    x1: w / 2,
    y0: -56,
    y1: -30,
    z0: 3,
    z1: d - 12,
    color: bedding,
    finish: 'fabric',
    r: 10,
  });
  // pillows against the headboard
  for (const x0 of [-w / 2 + 6, 4]) {
    svg += pen.box({
      x0,
      x1: x0 + w / 2 - 10,
      y0: -76,
      y1: -54,
      z0: d - 62,
      z1: d - 18,
      color: lighten(bedding, 0.25),
      finish: 'fabric',
      r: 11,
    });
  }
  const [px, py] = pen.p(0, -68, d - 66);
  svg += pillowShape(pen, px, py, 34, mix(frame, bedding, 0.35), 0, 'piping');
  // folded throw across the foot
  svg += pen.box({
    x0: -w / 2 - 1.5,
    x1: w / 2 + 1.5,
    y0: -59,
    y1: -40,
    z0: 2,
    z1: 62,
    color: mix(frame, '#e9dfcf', 0.35),
    finish: 'fabric',
    r: 6,
  });
  const [tx, ty] = pen.p(-w / 2 - 1.5, -59, 2);
  svg += rect(tx, ty + 4, w + 3, 2.5, darken(mix(frame, '#e9dfcf', 0.35), 0.18), { 'fill-opacity': 0.6 });
  for (const x of [-w / 2 + 4, w / 2 - 4]) svg += pen.leg(x, 6, 7, darken(frame, 0.3), 5, 4);
  return { svg, w: w + 10, h: 122, d, mount: 'floor', surface: 56 };
};

export const drawNightstand: DrawFn = ({ pen, look }) => {
  const v = look.variant % 2;
  if (v === 1) {
    const r = 24;
    let svg = pen.floorShadow(-r, r, 0, 2 * r, 0.28);
    svg += pen.cylinder({
      cx: 0,
      zc: r,
      yTop: -52,
      yBottom: 0,
      rTop: r - 3,
      rBottom: r - 2,
      color: look.color,
      finish: 'matte',
      hideTop: true,
    });
    const [cx, cy] = pen.p(0, -30, r);
    svg += path(
      `M${n(cx - r + 3)},${n(cy)} A${n(r - 3)},${n((r - 3) * pen.view.sy)} 0 0 0 ${n(cx + r - 3)},${n(cy)}`,
      'none',
      { stroke: darken(look.color, 0.25), 'stroke-width': 0.8 },
    );
    svg += circle(cx, cy + (r - 3) * pen.view.sy - 8, 1.6, look.accent);
    svg += pen.cylinder({
      cx: 0,
      zc: r,
      yTop: -56,
      yBottom: -52,
      rTop: r,
      rBottom: r,
      color: lighten(look.color, 0.05),
      finish: 'matte',
    });
    return { svg, w: 2 * r, h: 56, d: 2 * r, mount: 'floor', surface: 56 };
  }
  const w = 50;
  const d = 40;
  let svg = pen.floorShadow(-w / 2, w / 2, 0, d, 0.28);
  for (const x of [-w / 2 + 4, w / 2 - 4])
    svg += pen.leg(x, d - 4, 12, darken(look.color, 0.1), 3, 2, x < 0 ? -1.5 : 1.5);
  svg += pen.box({ x0: -w / 2, x1: w / 2, y0: -56, y1: -11, z0: 0, z1: d, color: look.color, finish: 'wood', r: 1 });
  for (const [y0, y1] of [
    [-52, -35],
    [-33, -14],
  ] as const) {
    svg += rect(-w / 2 + 3, y0, w - 6, y1 - y0, lighten(look.color, 0.05), {
      stroke: darken(look.color, 0.3),
      'stroke-width': 0.6,
    });
    svg += rect(-6, y0 + (y1 - y0) / 2 - 1, 12, 2, look.accent, { rx: 1 });
  }
  for (const x of [-w / 2 + 4, w / 2 - 4]) svg += pen.leg(x, 4, 12, darken(look.color, 0.1), 3, 2, x < 0 ? -1.5 : 1.5);
  return { svg, w, h: 56, d, mount: 'floor', surface: 56 };
};

export const drawDresser: DrawFn = ({ pen, look }) => {
  const v = look.variant % 2;
  const w = 142;
  const d = 48;
  let svg = pen.floorShadow(-w / 2, w / 2, 0, d, 0.28);
  for (const x of [-w / 2 + 6, w / 2 - 6])
    svg += pen.leg(x, d - 6, 14, darken(look.color, 0.12), 3.5, 2.4, x < 0 ? -2 : 2);
  svg += pen.box({ x0: -w / 2, x1: w / 2, y0: -84, y1: -13, z0: 0, z1: d, color: look.color, finish: 'wood', r: 1.5 });
  const knob = (x: number, y: number) =>
    circle(
      x,
      y,
      1.8,
      pen.defs.radial(
        [
          [0, lighten(look.accent, 0.4)],
          [1, darken(look.accent, 0.2)],
        ],
        0.4,
        0.35,
        0.6,
      ),
    );
  if (v === 0) {
    const cols = 2;
    const rows = 3;
    const cw = (w - 8) / cols;
    const rh = (84 - 13 - 6) / rows;
    for (let c = 0; c < cols; c++) {
      for (let r = 0; r < rows; r++) {
        const x = -w / 2 + 4 + c * cw;
        const y = -84 + 3 + r * rh;
        svg += rect(x + 0.8, y + 0.8, cw - 1.6, rh - 1.6, lighten(look.color, 0.04), {
          stroke: darken(look.color, 0.3),
          'stroke-width': 0.6,
          rx: 0.8,
        });
        svg += knob(x + cw / 2 - 12, y + rh / 2) + knob(x + cw / 2 + 12, y + rh / 2);
      }
    }
  } else {
    const topH = 16;
    for (let c = 0; c < 3; c++) {
      const cw = (w - 8) / 3;
      const x = -w / 2 + 4 + c * cw;
      svg += rect(x + 0.8, -84 + 3, cw - 1.6, topH, lighten(look.color, 0.04), {
        stroke: darken(look.color, 0.3),
        'stroke-width': 0.6,
      });
      svg += knob(x + cw / 2, -84 + 3 + topH / 2);
    }
    for (let c = 0; c < 2; c++) {
      const cw = (w - 8) / 2;
      const x = -w / 2 + 4 + c * cw;
      const y = -84 + 5 + topH;
      const h = 84 - 13 - 8 - topH;
      svg += rect(x + 1, y, cw - 2, h, darken(look.color, 0.04), {
        stroke: darken(look.color, 0.3),
        'stroke-width': 0.6,
      });
      svg += rect(x + 6, y + 5, cw - 12, h - 10, mix(look.accent, '#d8b98a', 0.5));
      svg += rect(x + 6, y + 5, cw - 12, h - 10, weavePattern(pen.defs, mix(look.accent, '#d8b98a', 0.5), 3));
      svg += rect(x + (c === 0 ? cw - 6 : 4), y + h / 2 - 6, 2, 12, look.accent, { rx: 1 });
    }
  }
  for (const x of [-w / 2 + 6, w / 2 - 6]) svg += pen.leg(x, 6, 14, darken(look.color, 0.12), 3.5, 2.4, x < 0 ? -2 : 2);
  return { svg, w, h: 84, d, mount: 'floor', surface: 84 };
};

/** A soft shadow on the wall from a few stacked translucent outlines (a blur filter is slow to render). */
function softShadow(pen: Pen, shape: (grow: number) => string): string {
  if (pen.options.floorShadows === false) return '';
  return [2.4, 1.2, 0].map(shape).join('');
}

function mirrorGlass(pen: Pen): string {
  return pen.defs.linear(
    [
      [0, '#eef2f1'],
      [0.45, '#c9d3d3'],
      [0.55, '#dfe6e4'],
      [1, '#aebbbd'],
    ],
    0,
    0,
    1,
    1,
  );
}

export const drawMirror: DrawFn = ({ pen, look }) => {
  const v = look.variant % 2;
  if (v === 1) {
    const r = 40;
    let svg = softShadow(pen, (grow) => circle(4, 5, r + 3 + grow, '#2b2118', { 'fill-opacity': 0.07 }));
    svg += circle(0, 0, r + 3, pen.frontFill(look.accent, 'metal'));
    svg += circle(0, 0, r - 1, mirrorGlass(pen));
    svg += path(
      `M${-r * 0.5},${-r * 0.2} L${-r * 0.1},${-r * 0.62} L${r * 0.02},${-r * 0.5} L${-r * 0.38},${-r * 0.08}Z`,
      '#ffffff',
      { 'fill-opacity': 0.35 },
    );
    return { svg, w: 2 * r + 6, h: 2 * r + 6, d: 3, mount: 'wall' };
  }
  const w = 66;
  const h = 150;
  const arch = (inset: number) => {
    const rw = w / 2 - inset;
    return `M${n(-rw)},${n(h / 2 - inset)} L${n(-rw)},${n(-h / 2 + w / 2)} A${n(rw)},${n(rw)} 0 0 1 ${n(rw)},${n(-h / 2 + w / 2)} L${n(rw)},${n(h / 2 - inset)}Z`;
  };
  let svg = softShadow(pen, (grow) =>
    path(arch(-grow), '#2b2118', { 'fill-opacity': 0.07, transform: 'translate(4 5)' }),
  );
  svg += path(arch(0), pen.frontFill(look.accent, 'metal'));
  svg += path(arch(3), mirrorGlass(pen));
  // a reflected window and a highlight streak
  svg += rect(-18, -30, 22, 34, '#ffffff', { 'fill-opacity': 0.28 });
  svg += path(
    `M${-w * 0.3},${h * 0.1} L${w * 0.05},${-h * 0.22} L${w * 0.15},${-h * 0.15} L${-w * 0.2},${h * 0.18}Z`,
    '#ffffff',
    { 'fill-opacity': 0.3 },
  );
  return { svg, w, h, d: 3, mount: 'wall' };
};

export const drawWallArt: DrawFn = ({ pen, look, rng }) => {
  const v = look.variant % 3;
  const w = v === 0 ? 80 : 62;
  const h = v === 0 ? 100 : 82;
  const frameColor = v === 0 ? '#c8a877' : v === 1 ? '#2a2724' : '#f3efe8';
  let svg = softShadow(pen, (grow) =>
    rect(-w / 2 + 3 - grow, -h / 2 + 4 - grow, w + 2 * grow, h + 2 * grow, '#2b2118', {
      'fill-opacity': 0.07,
      rx: grow,
    }),
  );
  svg += rect(-w / 2, -h / 2, w, h, pen.frontFill(frameColor, 'wood'));
  const mat = v === 0 ? 2.5 : 6;
  svg += rect(-w / 2 + mat, -h / 2 + mat, w - 2 * mat, h - 2 * mat, '#f7f3ec');
  const ax = -w / 2 + mat + (v === 0 ? 0 : 6);
  const ay = -h / 2 + mat + (v === 0 ? 0 : 6);
  const aw = w - 2 * mat - (v === 0 ? 0 : 12);
  const ah = h - 2 * mat - (v === 0 ? 0 : 12);
  let art = '';
  if (v === 0) {
    art += rect(ax, ay, aw, ah, mix(look.color, '#f4ede1', 0.82));
    art += path(
      `M${n(ax + aw * 0.1)},${n(ay + ah)} L${n(ax + aw * 0.1)},${n(ay + ah * 0.5)} A${n(aw * 0.3)},${n(aw * 0.3)} 0 0 1 ${n(ax + aw * 0.7)},${n(ay + ah * 0.5)} L${n(ax + aw * 0.7)},${n(ay + ah)}Z`,
      look.color,
    );
    art += circle(ax + aw * 0.72, ay + ah * 0.26, aw * 0.14, look.accent);
    art += path(
      `M${n(ax + aw * 0.45)},${n(ay + ah * 0.95)} C${n(ax + aw * 0.6)},${n(ay + ah * 0.6)} ${n(ax + aw * 1.05)},${n(ay + ah * 0.75)} ${n(ax + aw * 0.95)},${n(ay + ah * 0.95)}Z`,
      mix(look.accent, '#2f3b3a', 0.5),
    );
    art += path(
      `M${n(ax + aw * 0.05)},${n(ay + ah * 0.2)} Q${n(ax + aw * 0.3)},${n(ay + ah * 0.05)} ${n(ax + aw * 0.5)},${n(ay + ah * 0.22)}`,
      'none',
      { stroke: '#2d2a28', 'stroke-width': 1.4, 'stroke-linecap': 'round' },
    );
  } else if (v === 1) {
    art += rect(ax, ay, aw, ah, '#efe7d6');
    const cx = ax + aw / 2;
    art += path(
      `M${n(cx)},${n(ay + ah * 0.95)} Q${n(cx + 2)},${n(ay + ah * 0.5)} ${n(cx - 1)},${n(ay + ah * 0.08)}`,
      'none',
      { stroke: darken(look.color, 0.2), 'stroke-width': 0.9 },
    );
    for (let i = 0; i < 7; i++) {
      const t = 0.2 + i * 0.11;
      const side = i % 2 === 0 ? 1 : -1;
      art += leaf(
        cx,
        ay + ah * (1 - t),
        aw * 0.3,
        aw * 0.14,
        side * rng.range(40, 60),
        i % 3 === 0 ? lighten(look.color, 0.15) : look.color,
        lighten(look.color, 0.4),
      );
    }
  } else {
    const sky = pen.defs.linear([
      [0, mix(look.accent, '#ffffff', 0.55)],
      [1, '#fbe7cf'],
    ]);
    art += rect(ax, ay, aw, ah, sky);
    art += circle(ax + aw * 0.66, ay + ah * 0.36, aw * 0.12, '#f6c07a');
    const hills = [
      mix(look.color, '#ffffff', 0.45),
      mix(look.color, '#ffffff', 0.2),
      look.color,
      darken(look.color, 0.25),
    ];
    hills.forEach((c, i) => {
      const base = ay + ah * (0.5 + i * 0.12);
      art += path(
        `M${n(ax)},${n(base)} Q${n(ax + aw * rng.range(0.2, 0.4))},${n(base - ah * rng.range(0.08, 0.2))} ${n(ax + aw * 0.55)},${n(base - ah * 0.02)} T${n(ax + aw)},${n(base - ah * rng.range(0, 0.1))} L${n(ax + aw)},${n(ay + ah)} L${n(ax)},${n(ay + ah)}Z`,
        c,
      );
    });
  }
  svg += art;
  svg += rect(
    -w / 2 + mat,
    -h / 2 + mat,
    w - 2 * mat,
    h - 2 * mat,
    pen.defs.linear(
      [
        [0, '#ffffff', 0.14],
        [0.5, '#ffffff', 0],
        [1, '#000000', 0.06],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  return { svg, w, h, d: 3, mount: 'wall' };
};

export const drawVase: DrawFn = ({ pen, look, rng }) => {
  const v = look.variant % 2;
  let svg = pen.floorShadow(-14, 14, 0, 22, 0.3);
  const [cx, cy] = pen.p(0, 0, 11);
  if (v === 0) {
    const h = 34;
    for (let i = 0; i < 5; i++) {
      const ang = -28 + i * 14 + rng.range(-4, 4);
      const len = rng.range(34, 48);
      const rad = (ang * Math.PI) / 180;
      const tx = cx + Math.sin(rad) * len;
      const ty = cy - h - Math.cos(rad) * len;
      svg += path(
        `M${n(cx)},${n(cy - h + 4)} Q${n(cx + Math.sin(rad) * len * 0.3)},${n(cy - h - len * 0.5)} ${n(tx)},${n(ty)}`,
        'none',
        { stroke: '#a8916c', 'stroke-width': 0.8 },
      );
      svg += ellipse(tx, ty - 5, 3.2, 9, mix(look.accent, '#efe2c8', 0.6), {
        transform: `rotate(${n(ang)} ${n(tx)} ${n(ty)})`,
        'fill-opacity': 0.95,
      });
    }
    svg += vaseShape(pen, cx, cy, h, look.color);
    svg += ellipse(cx, cy - h, 4.8, 1.4, darken(look.color, 0.4));
    return { svg, w: 70, h: 90, d: 22, mount: 'floor', surface: 34 };
  }
  const colors = [look.color, look.accent, mix(look.color, '#f2ede4', 0.5)];
  [-11, 0, 10].forEach((dx, i) => {
    const h = [16, 22, 13][i]!;
    const x = cx + dx;
    const stemH = h + rng.range(12, 20);
    svg += path(
      `M${n(x)},${n(cy - h + 2)} q${n(rng.range(-3, 3))},${n(-stemH * 0.5)} ${n(rng.range(-4, 4))},${n(-stemH)}`,
      'none',
      { stroke: '#6f8a5b', 'stroke-width': 0.8 },
    );
    svg += circle(x + rng.range(-3, 3), cy - h - stemH + 2, 2.6, i === 1 ? '#f2d5c4' : '#e9b44c');
    svg += vaseShape(pen, x, cy, h, colors[i]!);
  });
  return { svg, w: 44, h: 60, d: 22, mount: 'floor', surface: 20 };
};

export const drawThrowPillow: DrawFn = ({ pen, look }) => {
  const v = look.variant % 3;
  let svg = pen.floorShadow(-22, 22, 0, 16, 0.3);
  svg += pillowShape(pen, 0, -24, 46, look.color, 0, v === 0 ? 'piping' : v === 2 ? 'stripe' : undefined);
  return { svg, w: 48, h: 48, d: 16, mount: 'floor' };
};

export const drawPlant: DrawFn = ({ pen, look, rng }) => {
  const v = look.variant % 2;
  const greens = [look.color, lighten(look.color, 0.14), darken(look.color, 0.16)];
  if (v === 0) {
    // fiddle-leaf fig in a basket
    let svg = pen.floorShadow(-22, 22, 0, 40, 0.3);
    svg += pot(pen, 'basket', 44, 40, look.accent, 20);
    svg += soil(pen, 44, 40, 20);
    const [cx, cy] = pen.p(0, -40, 20);
    svg += path(
      `M${n(cx)},${n(cy)} C${n(cx - 4)},${n(cy - 50)} ${n(cx + 6)},${n(cy - 90)} ${n(cx + 1)},${n(cy - 132)}`,
      'none',
      { stroke: '#6b4f3a', 'stroke-width': 2.4 },
    );
    for (let i = 0; i < 17; i++) {
      const t = 0.3 + (i / 17) * 0.7;
      const y = cy - 132 * t;
      const side = i % 2 === 0 ? -1 : 1;
      svg += leaf(
        cx + side * 2,
        y,
        rng.range(26, 36),
        rng.range(20, 26),
        side * rng.range(25, 75) + (t > 0.9 ? -side * 30 : 0),
        rng.pick(greens),
        lighten(look.color, 0.35),
      );
    }
    return { svg, w: 90, h: 178, d: 40, mount: 'floor' };
  }
  let svg = pen.floorShadow(-18, 18, 0, 34, 0.3);
  svg += pot(pen, 'cylinder', 34, 30, look.accent, 17);
  svg += soil(pen, 34, 30, 17);
  const [cx, cy] = pen.p(0, -30, 17);
  for (let i = 0; i < 10; i++) {
    const x = cx + (i - 4.5) * 2.6;
    const len = rng.range(48, 82);
    const ang = (i - 4.5) * 3.2 + rng.range(-4, 4);
    const c = rng.pick(greens);
    svg += group(
      path(
        `M-4,0 C-5,${n(-len * 0.5)} -3,${n(-len * 0.85)} 0,${n(-len)} C3,${n(-len * 0.85)} 5,${n(-len * 0.5)} 4,0Z`,
        c,
        { stroke: '#d9cf6a', 'stroke-width': 0.8 },
      ) +
        path(`M-3,${n(-len * 0.3)} L3,${n(-len * 0.33)} M-3,${n(-len * 0.55)} L3,${n(-len * 0.58)}`, 'none', {
          stroke: lighten(c, 0.3),
          'stroke-width': 1.2,
          'stroke-opacity': 0.6,
        }),
      { transform: `translate(${n(x)} ${n(cy + 1)}) rotate(${n(ang)})` },
    );
  }
  return { svg, w: 60, h: 112, d: 34, mount: 'floor' };
};

export function interiorDrawers(): Record<string, DrawFn> {
  return {
    sofa: drawSofa,
    armchair: drawArmchair,
    'coffee-table': drawCoffeeTable,
    'dining-table': drawDiningTable,
    'dining-chair': drawDiningChair,
    'floor-lamp': drawFloorLamp,
    'table-lamp': drawTableLamp,
    'pendant-light': drawPendantLight,
    rug: drawRug,
    bookshelf: drawBookshelf,
    bed: drawBed,
    nightstand: drawNightstand,
    dresser: drawDresser,
    mirror: drawMirror,
    'wall-art': drawWallArt,
    vase: drawVase,
    'throw-pillow': drawThrowPillow,
    plant: drawPlant,
  };
}
