import { darken, lighten } from './color';
import { createRng } from './prng';
import { circle, Defs, ellipse, path, rect, svgDocument } from './svg';

export const AVATAR_SIZE = 256;

export type HairStyle = 'short' | 'long' | 'bun' | 'curly' | 'bob' | 'buzz' | 'wavy' | 'pony';

export interface AvatarLook {
  skin: string;
  hair: string;
  hairStyle: HairStyle;
  shirt: string;
  background: string;
  glasses?: boolean;
  beard?: boolean;
  earrings?: boolean;
}

/** A friendly head-and-shoulders portrait on a soft coloured backdrop. */
export function avatarSvg(id: string, a: AvatarLook): string {
  const rng = createRng(`avatar/${id}`);
  const defs = new Defs('a');
  const S = AVATAR_SIZE;
  const cx = S / 2;
  const headY = 112;
  const headRx = 46;
  const headRy = 56;
  let out = rect(
    0,
    0,
    S,
    S,
    defs.linear(
      [
        [0, lighten(a.background, 0.25)],
        [1, darken(a.background, 0.08)],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  out += circle(S * 0.82, S * 0.18, 70, lighten(a.background, 0.35), { 'fill-opacity': 0.35 });
  out += circle(S * 0.12, S * 0.9, 60, darken(a.background, 0.12), { 'fill-opacity': 0.25 });

  // hair that falls behind the head and shoulders
  const hairFill = defs.linear(
    [
      [0, lighten(a.hair, 0.18)],
      [1, darken(a.hair, 0.2)],
    ],
    0,
    0,
    1,
    1,
  );
  if (a.hairStyle === 'long' || a.hairStyle === 'wavy') {
    const wave = a.hairStyle === 'wavy' ? 10 : 0;
    out += path(
      `M${cx - 58},${headY - 20} C${cx - 70},${headY + 40} ${cx - 66 - wave},${headY + 90} ${cx - 54},${headY + 112} L${cx + 54},${headY + 112} C${cx + 66 + wave},${headY + 90} ${cx + 70},${headY + 40} ${cx + 58},${headY - 20}Z`,
      hairFill,
    );
  }
  if (a.hairStyle === 'curly') {
    for (let i = 0; i < 22; i++) {
      const ang = Math.PI * (0.95 + (i / 21) * 1.1);
      const r = rng.range(62, 70);
      out += circle(
        cx + Math.cos(ang) * r * 0.92,
        headY - 6 + Math.sin(ang) * r * 0.85,
        rng.range(17, 23),
        i % 3 ? a.hair : lighten(a.hair, 0.1),
      );
    }
  }

  // shoulders and neck
  out += path(
    `M${cx - 96},${S} C${cx - 92},${S - 62} ${cx - 52},${S - 78} ${cx},${S - 80} C${cx + 52},${S - 78} ${cx + 92},${S - 62} ${cx + 96},${S}Z`,
    defs.linear(
      [
        [0, lighten(a.shirt, 0.12)],
        [1, darken(a.shirt, 0.15)],
      ],
      0,
      0,
      1,
      0.6,
    ),
  );
  out += path(
    `M${cx - 20},${headY + 40} L${cx - 20},${S - 82} Q${cx},${S - 62} ${cx + 20},${S - 82} L${cx + 20},${headY + 40}Z`,
    darken(a.skin, 0.12),
  );
  out += path(`M${cx - 26},${S - 80} Q${cx},${S - 50} ${cx + 26},${S - 80}`, 'none', {
    stroke: darken(a.shirt, 0.25),
    'stroke-width': 3,
    'stroke-linecap': 'round',
  });

  // ears, head
  const skinFill = defs.radial(
    [
      [0, lighten(a.skin, 0.1)],
      [0.7, a.skin],
      [1, darken(a.skin, 0.1)],
    ],
    0.42,
    0.38,
    0.7,
  );
  out += ellipse(cx - headRx + 2, headY + 6, 9, 13, darken(a.skin, 0.06));
  out += ellipse(cx + headRx - 2, headY + 6, 9, 13, darken(a.skin, 0.06));
  if (a.earrings) {
    out += circle(cx - headRx + 1, headY + 22, 4, '#e9c46a');
    out += circle(cx + headRx - 1, headY + 22, 4, '#e9c46a');
  }
  out += ellipse(cx, headY, headRx, headRy, skinFill);

  // face
  const eyeY = headY + 4;
  for (const side of [-1, 1]) {
    out += ellipse(cx + side * 17, eyeY, 4.2, 5.2, '#2b2320');
    out += circle(cx + side * 17 + 1.4, eyeY - 1.8, 1.4, '#ffffff');
    out += path(
      `M${cx + side * 10},${eyeY - 13} Q${cx + side * 17},${eyeY - 17} ${cx + side * 25},${eyeY - 12}`,
      'none',
      { stroke: darken(a.hair, 0.1), 'stroke-width': 3.2, 'stroke-linecap': 'round' },
    );
    out += ellipse(cx + side * 26, eyeY + 16, 8, 5, '#e07a6a', { 'fill-opacity': 0.22 });
  }
  out += path(`M${cx - 2},${eyeY + 6} Q${cx - 6},${eyeY + 18} ${cx + 1},${eyeY + 20}`, 'none', {
    stroke: darken(a.skin, 0.22),
    'stroke-width': 2.2,
    'stroke-linecap': 'round',
  });
  if (a.beard) {
    out += path(
      `M${cx - headRx + 6},${headY + 6} C${cx - headRx + 8},${headY + 58} ${cx - 18},${headY + 62} ${cx},${headY + 62} C${cx + 18},${headY + 62} ${cx + headRx - 8},${headY + 58} ${cx + headRx - 6},${headY + 6} C${cx + 30},${headY + 30} ${cx - 30},${headY + 30} ${cx - headRx + 6},${headY + 6}Z`,
      hairFill,
    );
    out += path(`M${cx - 12},${eyeY + 30} Q${cx},${eyeY + 38} ${cx + 12},${eyeY + 30}`, 'none', {
      stroke: '#7a3b32',
      'stroke-width': 3,
      'stroke-linecap': 'round',
    });
  } else {
    out += path(`M${cx - 14},${eyeY + 28} Q${cx},${eyeY + 40} ${cx + 14},${eyeY + 28}`, '#8a3b33');
    out += path(`M${cx - 10},${eyeY + 29.5} Q${cx},${eyeY + 33} ${cx + 10},${eyeY + 29.5}`, '#ffffff', {
      'fill-opacity': 0.9,
    });
  }
  if (a.glasses) {
    for (const side of [-1, 1])
      out += circle(cx + side * 17, eyeY, 12, 'none', { stroke: '#2b2320', 'stroke-width': 3 });
    out += path(`M${cx - 5},${eyeY - 1} Q${cx},${eyeY - 4} ${cx + 5},${eyeY - 1}`, 'none', {
      stroke: '#2b2320',
      'stroke-width': 3,
    });
  }

  // hair on top
  switch (a.hairStyle) {
    case 'buzz':
      out += path(
        `M${cx - headRx + 1},${headY - 8} C${cx - headRx},${headY - 66} ${cx + headRx},${headY - 66} ${cx + headRx - 1},${headY - 8} C${cx + 30},${headY - 34} ${cx - 30},${headY - 34} ${cx - headRx + 1},${headY - 8}Z`,
        hairFill,
        { 'fill-opacity': 0.9 },
      );
      break;
    case 'short':
      out += path(
        `M${cx - headRx - 3},${headY + 2} C${cx - headRx - 8},${headY - 72} ${cx + headRx + 10},${headY - 76} ${cx + headRx + 3},${headY - 2} C${cx + 30},${headY - 40} ${cx - 6},${headY - 26} ${cx - 20},${headY - 38} C${cx - 28},${headY - 28} ${cx - 38},${headY - 20} ${cx - headRx - 3},${headY + 2}Z`,
        hairFill,
      );
      break;
    case 'bun':
      out += circle(cx + 4, headY - 66, 22, hairFill);
      out += path(
        `M${cx - headRx - 2},${headY + 4} C${cx - headRx - 4},${headY - 72} ${cx + headRx + 4},${headY - 72} ${cx + headRx + 2},${headY + 4} C${cx + 36},${headY - 38} ${cx - 36},${headY - 38} ${cx - headRx - 2},${headY + 4}Z`,
        hairFill,
      );
      break;
    case 'pony':
      out += path(
        `M${cx + 40},${headY - 36} C${cx + 78},${headY - 30} ${cx + 74},${headY + 40} ${cx + 58},${headY + 66} C${cx + 60},${headY + 30} ${cx + 52},${headY - 8} ${cx + 36},${headY - 20}Z`,
        hairFill,
      );
      out += path(
        `M${cx - headRx - 2},${headY + 4} C${cx - headRx - 4},${headY - 72} ${cx + headRx + 4},${headY - 72} ${cx + headRx + 2},${headY + 4} C${cx + 36},${headY - 38} ${cx - 36},${headY - 38} ${cx - headRx - 2},${headY + 4}Z`,
        hairFill,
      );
      break;
    case 'bob':
      out += path(
        `M${cx - headRx - 8},${headY + 40} C${cx - headRx - 16},${headY - 78} ${cx + headRx + 16},${headY - 78} ${cx + headRx + 8},${headY + 40} L${cx + headRx - 6},${headY + 40} C${cx + headRx - 4},${headY - 10} ${cx + 20},${headY - 30} ${cx - 10},${headY - 36} C${cx - 26},${headY - 24} ${cx - headRx + 4},${headY - 6} ${cx - headRx + 6},${headY + 40}Z`,
        hairFill,
      );
      break;
    case 'curly':
      for (let i = 0; i < 12; i++) {
        const x = cx - 40 + (i % 6) * 16 + rng.range(-3, 3);
        const y = headY - 52 + Math.floor(i / 6) * 14 + rng.range(-3, 3) + Math.abs((i % 6) - 2.5) * 4;
        out += circle(x, y, rng.range(13, 17), i % 2 ? a.hair : lighten(a.hair, 0.12));
      }
      break;
    default:
      // long and wavy: a parted crown
      out += path(
        `M${cx - headRx - 6},${headY + 24} C${cx - headRx - 12},${headY - 76} ${cx + headRx + 12},${headY - 76} ${cx + headRx + 6},${headY + 24} C${cx + headRx - 6},${headY - 18} ${cx + 14},${headY - 34} ${cx + 4},${headY - 44} C${cx - 12},${headY - 28} ${cx - headRx + 2},${headY - 14} ${cx - headRx - 6},${headY + 24}Z`,
        hairFill,
      );
  }
  return svgDocument(S, S, defs, out);
}
