import { darken, lighten } from './color';
import type { Defs } from './svg';
import { n } from './svg';

/** Basket weave / cane lines laid over a shaded shape. */
export function weavePattern(defs: Defs, color: string, size = 6): string {
  const s = size;
  const h = s / 2;
  return defs.raw(
    `weave${color}${s}`,
    (id) =>
      `<pattern id="${id}" width="${n(s)}" height="${n(s)}" patternUnits="userSpaceOnUse">` +
      `<path d="M0,${n(h)} L${n(h)},0 M${n(h)},${n(s)} L${n(s)},${n(h)} M0,${n(h)} L${n(h)},${n(s)} M${n(h)},0 L${n(s)},${n(h)}" stroke="${darken(color, 0.4)}" stroke-width="${n(s * 0.14)}" stroke-opacity="0.55" fill="none"/>` +
      `</pattern>`,
  );
}

/** Fine horizontal ribbing (rope, slats seen from afar). */
export function ribPattern(defs: Defs, color: string, size = 4, vertical = false): string {
  return defs.raw(
    `rib${color}${size}${vertical ? 'v' : 'h'}`,
    (id) =>
      `<pattern id="${id}" width="${n(size)}" height="${n(size)}" patternUnits="userSpaceOnUse">` +
      (vertical
        ? `<rect x="0" y="0" width="${n(size * 0.3)}" height="${n(size)}" fill="${darken(color, 0.35)}" fill-opacity="0.35"/>`
        : `<rect x="0" y="0" width="${n(size)}" height="${n(size * 0.3)}" fill="${darken(color, 0.35)}" fill-opacity="0.35"/>`) +
      `</pattern>`,
  );
}

/** Small dots: boucle and terry textures. */
export function nubblePattern(defs: Defs, color: string, size = 5): string {
  return defs.raw(
    `nub${color}${size}`,
    (id) =>
      `<pattern id="${id}" width="${n(size)}" height="${n(size)}" patternUnits="userSpaceOnUse">` +
      `<circle cx="${n(size * 0.25)}" cy="${n(size * 0.3)}" r="${n(size * 0.16)}" fill="${lighten(color, 0.35)}" fill-opacity="0.5"/>` +
      `<circle cx="${n(size * 0.75)}" cy="${n(size * 0.78)}" r="${n(size * 0.16)}" fill="${darken(color, 0.2)}" fill-opacity="0.35"/>` +
      `</pattern>`,
  );
}

/** A soft glow (lamps, candles, bulbs) as a radial gradient that fades to nothing. */
export function glowFill(defs: Defs, color: string, strength = 0.55): string {
  return defs.radial([
    [0, color, strength],
    [0.4, color, strength * 0.35],
    [1, color, 0],
  ]);
}
