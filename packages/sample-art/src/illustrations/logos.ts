import { darken, lighten } from './color';
import { circle, Defs, el, ellipse, path, rect, svgDocument } from './svg';

export const LOGO_SIZE = 256;

export type LogoEmblem = 'oak' | 'lamp' | 'wave' | 'loom' | 'pot' | 'sun' | 'flame' | 'canopy' | 'pine' | 'leaf';

export interface LogoLook {
  /** the wordmark under the emblem */
  name: string;
  monogram: string;
  emblem: LogoEmblem;
  background: string;
  ink: string;
  serif?: boolean;
}

/** A brand mark: an emblem with a monogram on a coloured tile, the name set below it. */
export function logoSvg(look: LogoLook): string {
  const S = LOGO_SIZE;
  const defs = new Defs('l');
  const cx = S / 2;
  const cy = 104;
  const ink = look.ink;
  let out = rect(
    0,
    0,
    S,
    S,
    defs.linear(
      [
        [0, lighten(look.background, 0.1)],
        [1, darken(look.background, 0.1)],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  out += circle(cx, cy, 64, 'none', { stroke: ink, 'stroke-width': 3, 'stroke-opacity': 0.9 });
  out += emblem(look.emblem, cx, cy, ink);
  const family = look.serif
    ? "'DejaVu Serif', 'Liberation Serif', serif"
    : "'DejaVu Sans', 'Liberation Sans', sans-serif";
  out += el(
    'text',
    {
      x: cx,
      y: cy + 17,
      'text-anchor': 'middle',
      'font-family': family,
      'font-size': 46,
      'font-weight': 'bold',
      fill: ink,
      'letter-spacing': 1,
    },
    escapeXml(look.monogram),
  );
  const name = look.name.toUpperCase();
  // long names get a smaller size so that the wordmark keeps a margin on the tile
  const size = Math.min(22, Math.floor(250 / Math.max(8, name.length)));
  out += el(
    'text',
    {
      x: cx,
      y: 214,
      'text-anchor': 'middle',
      'font-family': family,
      'font-size': size,
      'font-weight': 'bold',
      fill: ink,
      'letter-spacing': name.length > 14 ? 1.5 : 2.5,
    },
    escapeXml(name),
  );
  return svgDocument(S, S, defs, out);
}

/** A light motif behind the monogram, drawn in the ink colour at low opacity. */
function emblem(kind: LogoEmblem, cx: number, cy: number, ink: string): string {
  const o = { 'fill-opacity': 0.18 };
  switch (kind) {
    case 'oak':
      return path(
        `M${cx},${cy - 52} C${cx + 40},${cy - 40} ${cx + 44},${cy + 10} ${cx},${cy + 52} C${cx - 44},${cy + 10} ${cx - 40},${cy - 40} ${cx},${cy - 52}Z`,
        ink,
        o,
      );
    case 'lamp':
      return (
        path(`M${cx - 40},${cy + 6} C${cx - 40},${cy - 44} ${cx + 40},${cy - 44} ${cx + 40},${cy + 6}Z`, ink, o) +
        circle(cx, cy + 22, 16, ink, o)
      );
    case 'wave':
      return path(
        `M${cx - 56},${cy + 20} q14,-16 28,0 t28,0 t28,0 t28,0 L${cx + 56},${cy + 50} L${cx - 56},${cy + 50}Z`,
        ink,
        o,
      );
    case 'loom': {
      let out = '';
      for (let i = -3; i <= 3; i++) out += rect(cx + i * 14 - 3, cy - 50, 6, 100, ink, { 'fill-opacity': 0.12 });
      return out;
    }
    case 'pot':
      return (
        path(`M${cx - 34},${cy - 10} L${cx + 34},${cy - 10} L${cx + 24},${cy + 46} L${cx - 24},${cy + 46}Z`, ink, o) +
        ellipse(cx, cy - 26, 26, 16, ink, o)
      );
    case 'sun': {
      let out = circle(cx, cy, 30, ink, o);
      for (let i = 0; i < 12; i++) {
        const a = (i / 12) * Math.PI * 2;
        out += path(
          `M${cx + Math.cos(a) * 38},${cy + Math.sin(a) * 38} L${cx + Math.cos(a) * 54},${cy + Math.sin(a) * 54}`,
          'none',
          { stroke: ink, 'stroke-width': 4, 'stroke-opacity': 0.2, 'stroke-linecap': 'round' },
        );
      }
      return out;
    }
    case 'flame':
      return path(
        `M${cx},${cy - 54} C${cx + 30},${cy - 20} ${cx + 40},${cy + 10} ${cx + 30},${cy + 34} C${cx + 18},${cy + 56} ${cx - 18},${cy + 56} ${cx - 30},${cy + 34} C${cx - 40},${cy + 10} ${cx - 10},${cy - 10} ${cx},${cy - 54}Z`,
        ink,
        o,
      );
    case 'canopy':
      return (
        path(`M${cx - 56},${cy + 2} Q${cx},${cy - 66} ${cx + 56},${cy + 2}Z`, ink, o) +
        rect(cx - 2, cy, 4, 50, ink, { 'fill-opacity': 0.2 })
      );
    case 'pine':
      return (
        path(`M${cx},${cy - 56} L${cx + 40},${cy + 30} L${cx - 40},${cy + 30}Z`, ink, o) +
        rect(cx - 5, cy + 30, 10, 18, ink, o)
      );
    case 'leaf':
    default:
      return path(
        `M${cx - 44},${cy + 40} C${cx - 50},${cy - 30} ${cx + 10},${cy - 56} ${cx + 48},${cy - 48} C${cx + 52},${cy + 6} ${cx + 4},${cy + 50} ${cx - 44},${cy + 40}Z`,
        ink,
        o,
      );
  }
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
