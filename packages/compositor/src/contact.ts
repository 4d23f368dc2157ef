import type { CutOutPlan } from './cutout';
import type { Raster } from './raster';

/**
 * Where a standing piece meets the floor, across its picture: shares of its width (0 its left edge, 1 its right).
 * An arc lamp's foot lies under its far end, not under its box's middle; a chair's spans its legs.
 */
export interface BaseSpan {
  /** The base's first and last columns, as shares of the width. */
  left: number;
  right: number;
  /** Its weighted middle column (the lowest rows count most), as a share of the width. */
  centre: number;
}

/** A pixel this opaque (0–255) or more is the piece's. */
const SOLID = 128;
/** The base: the lowest part of the piece's opaque height. */
const BASE_SHARE = 0.25;
/** How steeply a row's weight falls off above the lowest row. */
const WEIGHT_POWER = 1;
/** A column counts in the base's span when its weight is this share of the heaviest column's or more. */
const SPAN_FLOOR = 0.15;

/** The span of a picture as a whole: what a piece with nothing opaque, or a picture too small to read, stands on. */
export const WHOLE_BASE: BaseSpan = { left: 0, right: 1, centre: 0.5 };

/**
 * The base of a cut-out (RGBA) or of the alpha of one (`alpha`, 0–1 or 0–255 by `scale`, row by row over `width` ×
 * `height`): the columns opaque in the lowest quarter of its opaque height, each row weighted the more the lower it
 * lies (the very lowest rows are where it stands; higher ones may be a lamp's arc or a table's top), its span the
 * columns of at least 15% of the heaviest column's weight.
 */
export function baseSpanOf(sprite: Raster): BaseSpan {
  const { width, height, data, channels } = sprite;
  if (channels !== 4) return WHOLE_BASE;
  return baseSpanOfAlpha((i) => data[i * 4 + 3]!, width, height, SOLID);
}

/** baseSpanOf for a one-channel alpha read through `at(index)`, a pixel solid at `solid` or more. */
export function baseSpanOfAlpha(at: (index: number) => number, width: number, height: number, solid: number): BaseSpan {
  if (width < 2 || height < 2) return WHOLE_BASE;
  let top = -1;
  let bottom = -1;
  for (let y = 0; y < height && top < 0; y++) {
    for (let x = 0; x < width; x++) {
      if (at(y * width + x) >= solid) {
        top = y;
        break;
      }
    }
  }
  for (let y = height - 1; y >= 0 && bottom < 0; y--) {
    for (let x = 0; x < width; x++) {
      if (at(y * width + x) >= solid) {
        bottom = y;
        break;
      }
    }
  }
  if (top < 0 || bottom < top) return WHOLE_BASE;
  const band = Math.max(1, Math.round((bottom - top + 1) * BASE_SHARE));
  const weights = new Float64Array(width);
  for (let y = bottom; y > bottom - band && y >= 0; y--) {
    // the lowest row weighs 1, the band's top row nearly nothing
    const w = Math.pow((y - (bottom - band)) / band, WEIGHT_POWER);
    for (let x = 0; x < width; x++) if (at(y * width + x) >= solid) weights[x]! += w;
  }
  let heaviest = 0;
  for (let x = 0; x < width; x++) heaviest = Math.max(heaviest, weights[x]!);
  if (heaviest <= 0) return WHOLE_BASE;
  let left = -1;
  let right = -1;
  let sum = 0;
  let moment = 0;
  for (let x = 0; x < width; x++) {
    const w = weights[x]!;
    if (w < heaviest * SPAN_FLOOR) continue;
    if (left < 0) left = x;
    right = x + 1;
    sum += w;
    moment += w * (x + 0.5);
  }
  return { left: left / width, right: right / width, centre: moment / sum / width };
}

/**
 * The box's left edge for a piece `width` wide whose base centre (a share of its width, `base.centre`) is to stand on
 * column `u`.
 */
export function leftForBase(u: number, width: number, base: BaseSpan = WHOLE_BASE): number {
  return u - width * base.centre;
}

/** The columns a piece's base covers, drawn with its box's left edge at `left` and `width` wide. */
export function baseColumns(left: number, width: number, base: BaseSpan = WHOLE_BASE): { from: number; to: number } {
  return { from: left + width * base.left, to: left + width * base.right };
}

/**
 * The base of a planned cut-out (cutout.ts): read from the plan's alpha when the background was removed, from the
 * picture's own alpha when it came transparent (`picture`, at `shrink` times the plan's size), and the whole width
 * for a framed print.
 */
export function baseSpanOfPlan(plan: CutOutPlan, picture: Raster, shrink = 1): BaseSpan {
  const { left, top, width, height } = plan.box;
  if (plan.method === 'background-removed' && plan.alpha) {
    const alpha = plan.alpha;
    const stride = plan.sourceWidth;
    return baseSpanOfAlpha(
      (i) => alpha[(top + Math.floor(i / width)) * stride + left + (i % width)]!,
      width,
      height,
      0.5,
    );
  }
  if (plan.method === 'transparent' && picture.channels === 4) {
    const { data } = picture;
    const stride = picture.width;
    return baseSpanOfAlpha(
      (i) => data[((top + Math.floor(i / width)) * shrink * stride + (left + (i % width)) * shrink) * 4 + 3]!,
      width,
      height,
      SOLID,
    );
  }
  return WHOLE_BASE;
}
