import sharp from 'sharp';
import { applyGrade, type Tones } from './grade';
import type { Placement } from './layout';
import type { Grade } from './palette';
import type { Raster } from './raster';

/**
 * The pictures the result step adjusts a render with, live (decision 0046): the render with no product drawn, and
 * each product as the render draws it (light matched, shadows cast, graded as the render is) on a transparent
 * picture of its own, placed in output pixels.
 */
export interface RenderLayers {
  /** The graded scene without any product, WebP. */
  base: Uint8Array;
  products: Array<{ index: number; bytes: Uint8Array; x: number; y: number; width: number; height: number }>;
}

const LAYER_WEBP = { quality: 84, alphaQuality: 90, effort: 1 } as const;

/**
 * The floor as four corners (near left, near right, far right, far left) for a camera looking straight ahead: a
 * rectangle on the floor spanning the picture's width at its bottom, reaching back to `farRow` (the floor's far edge,
 * kept between a tenth and three quarters of the way from the bottom to the horizon). A camera rolled by `roll`
 * radians (positive when the horizon rises to the right) sees it sheared along its horizon, as placement measures
 * depth (place-on-geometry: a row's distance below the horizon at its column), and lifted as little as keeps its near
 * corners in the picture. Null when the horizon is so low that hardly any floor shows.
 */
export function floorQuadOfCamera(
  camera: { cx: number; horizon: number; roll?: number },
  width: number,
  height: number,
  farRow: number | null,
): Array<[number, number]> | null {
  const { cx, horizon } = camera;
  const tanRoll = Math.tan(camera.roll ?? 0);
  if (!Number.isFinite(cx) || !Number.isFinite(tanRoll)) return null;
  // in level rows (a row's distance below the horizon at its column), the picture's bottom at either edge
  const nearRow = Math.min(height, height - cx * tanRoll, height + (width - cx) * tanRoll);
  const below = nearRow - horizon;
  if (!(below > height * 0.08)) return null;
  const far = Math.min(nearRow - below * 0.25, Math.max(horizon + below * 0.1, farRow ?? horizon + below * 0.3));
  // a floor point's distance below the horizon is inversely its depth: the far edge is this much narrower
  const r = (far - horizon) / below;
  const round = (v: number) => Math.round(v * 10) / 10;
  const sheared = (x: number, levelRow: number): [number, number] => [round(x), round(levelRow - (x - cx) * tanRoll)];
  return [sheared(0, nearRow), sheared(width, nearRow), sheared(cx + (width - cx) * r, far), sheared(cx - cx * r, far)];
}

interface LayersInput {
  /** The scene as it was before any product was drawn (ungraded). */
  empty: Raster;
  sprites: readonly Raster[];
  placements: readonly Placement[];
  grade: Grade;
  /** The finished picture's tones, so that every layer takes its grade. */
  tones: Tones;
  /** Draws one product as the render does. */
  draw: (scene: Raster, sprite: Raster, placement: Placement) => void;
}

/**
 * Each product drawn twice, on white and on black, in a frame around it: where the two differ the product is
 * see-through (a shadow is black, partly opaque), and its colour is what shows on black over its opacity. So its
 * shadows and its blending come out exactly as the render draws them, over any base.
 */
export async function layersOf(input: LayersInput): Promise<RenderLayers> {
  const { empty, grade, tones } = input;
  const { width, height } = empty;
  const frame = { left: 0, top: 0, width, height };
  const graded: Raster = { ...empty, data: Uint8Array.from(empty.data) };
  applyGrade(graded, grade, tones, frame);
  const base = await sharp(graded.data, { raw: { width, height, channels: 3 } })
    .webp({ quality: 84, effort: 1 })
    .toBuffer();
  const products = await Promise.all(
    input.placements.map(async (placement, n) => {
      const area = areaOf(placement, width, height);
      const shifted = shift(placement, -area.left, -area.top);
      const onWhite: Raster = {
        data: new Uint8Array(area.width * area.height * 3).fill(255),
        width: area.width,
        height: area.height,
        channels: 3,
      };
      const onBlack: Raster = { ...onWhite, data: new Uint8Array(area.width * area.height * 3) };
      input.draw(onWhite, input.sprites[n]!, shifted);
      input.draw(onBlack, input.sprites[n]!, shifted);
      const pixels = area.width * area.height;
      const alpha = new Uint8Array(pixels);
      const colour: Raster = { ...onBlack, data: new Uint8Array(pixels * 3) };
      for (let i = 0; i < pixels; i++) {
        const w = onWhite.data[i * 3]! + onWhite.data[i * 3 + 1]! + onWhite.data[i * 3 + 2]!;
        const b = onBlack.data[i * 3]! + onBlack.data[i * 3 + 1]! + onBlack.data[i * 3 + 2]!;
        const a = Math.max(0, Math.min(255, 255 - (w - b) / 3));
        alpha[i] = Math.round(a);
        if (a < 1) continue;
        for (let c = 0; c < 3; c++) colour.data[i * 3 + c] = Math.min(255, (onBlack.data[i * 3 + c]! * 255) / a);
      }
      applyGrade(colour, grade, tones, { ...frame, left: area.left, top: area.top });
      const rgba = new Uint8Array(pixels * 4);
      for (let i = 0; i < pixels; i++) {
        rgba[i * 4] = colour.data[i * 3]!;
        rgba[i * 4 + 1] = colour.data[i * 3 + 1]!;
        rgba[i * 4 + 2] = colour.data[i * 3 + 2]!;
        rgba[i * 4 + 3] = alpha[i]!;
      }
      const bytes = await sharp(rgba, { raw: { width: area.width, height: area.height, channels: 4 } })
        .webp(LAYER_WEBP)
        .toBuffer();
      return { index: placement.index, bytes, x: area.left, y: area.top, width: area.width, height: area.height };
    }),
  );
  return { base, products };
}

/** The part of the picture a product and its shadows may touch: its box (or floor corners), its cord, and a margin. */
function areaOf(placement: Placement, width: number, height: number) {
  let left = placement.x;
  let top = placement.y;
  let right = placement.x + placement.width;
  let bottom = placement.y + placement.height;
  for (const [x, y] of placement.quad ?? []) {
    left = Math.min(left, x);
    right = Math.max(right, x);
    top = Math.min(top, y);
    bottom = Math.max(bottom, y);
  }
  if (placement.cord) top = Math.min(top, placement.cord.top ?? 0);
  const w = right - left;
  const h = bottom - top;
  const x0 = Math.max(0, Math.floor(left - w * 0.3));
  const x1 = Math.min(width, Math.ceil(right + w * 0.3));
  const y0 = Math.max(0, Math.floor(top - h * 0.08));
  const y1 = Math.min(height, Math.ceil(bottom + h * 0.12));
  return { left: x0, top: y0, width: Math.max(1, x1 - x0), height: Math.max(1, y1 - y0) };
}

function shift(placement: Placement, dx: number, dy: number): Placement {
  return {
    ...placement,
    x: placement.x + dx,
    y: placement.y + dy,
    ...(placement.cord
      ? {
          cord: {
            x: placement.cord.x + dx,
            y: placement.cord.y + dy,
            top: (placement.cord.top ?? 0) + dy,
          },
        }
      : {}),
    ...(placement.quad ? { quad: placement.quad.map(([x, y]) => [x + dx, y + dy] as const) } : {}),
    ...(placement.baseY !== undefined ? { baseY: placement.baseY + dy } : {}),
  };
}
