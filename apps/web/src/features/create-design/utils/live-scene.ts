import { recedeScaleOf, type PlaneBox } from '@dwellscape/shared';

/**
 * One product's layer drawn where the person has it now (decision 0046): the layer is the product as the render drew
 * it (its light, its shadows) on a transparent picture around its box; moved and scaled with the box.
 */
export interface LiveItem {
  /** The decoded layer picture. */
  image: CanvasImageSource;
  /** Where the layer lay in the render, and the product's box there, in render pixels. */
  layer: PlaneBox;
  from: PlaneBox;
  /** The product's box now, in render pixels. */
  to: PlaneBox;
  /** Drawing order: flat on the floor, on the wall, standing, hanging; then back to front by the foot. */
  layerOrder: number;
  /**
   * A receding product's warp, as its drawn view says (render pixels): the layer holds the product warped to that
   * vanishing point from the box it was drawn in, and Apply warps it again from its new box; so the layer is redrawn
   * column by column, each column's warp undone and done again from `to` (recedeScaleOf, as the server's).
   */
  recede?: { vanishingX: number; horizonY: number };
}

export const layerOrderOf = (pose: string | undefined): number =>
  pose === 'flat' ? 0 : pose === 'hung' ? 1 : pose === 'suspended' ? 3 : 2;

/** Where a layer goes when its product's box moves from `from` to `to`, scaled with the box as a whole. */
export function layerRectOf(item: Pick<LiveItem, 'layer' | 'from' | 'to'>): PlaneBox {
  const { layer, from, to } = item;
  const sx = to.width / from.width;
  const sy = to.height / from.height;
  return {
    x: to.x + (layer.x - from.x) * sx,
    y: to.y + (layer.y - from.y) * sy,
    width: layer.width * sx,
    height: layer.height * sy,
  };
}

/** Columns of a layer's picture (`sx` to `sx + sw`, its own pixels) drawn into a rectangle of the render. */
export interface LayerStrip {
  sx: number;
  sw: number;
  to: PlaneBox;
}

/** A layer where it is drawn now: the rectangle it covers, and the strips it is drawn in (null: in one piece). */
export interface PlacedLayer {
  rect: PlaneBox;
  strips: LayerStrip[] | null;
}

/** The most strips a receding layer is drawn in, and how far (canvas pixels) a strip's rows may be off its columns'. */
const MAX_STRIPS = 96;
const STRIP_TOLERANCE = 0.5;

/**
 * Where a layer goes now, `scale` canvas pixels per render pixel. A product with no warp, or not moved, is its layer
 * scaled with its box (layerRectOf). A receding one moved or scaled is drawn in vertical strips: each of its columns
 * is scaled about the horizon h by its warp from `to` over the one it was drawn with from `from`, so that a row y of
 * the layer goes to h + k₁·(to.y + (h + (y − h)/k₀ − from.y)·sy − h), as Apply draws it (views.ts). As few strips as
 * keep every row within half a canvas pixel of its column's own place; their edges fall on whole canvas columns, so
 * that they meet without a seam.
 */
export function placedLayerOf(item: Pick<LiveItem, 'layer' | 'from' | 'to' | 'recede'>, scale: number): PlacedLayer {
  const rect = layerRectOf(item);
  const { layer, from, to, recede } = item;
  if (!recede || sameRect(from, to)) return { rect, strips: null };
  const h = recede.horizonY;
  const sx = to.width / from.width;
  const sy = to.height / from.height;
  const drawnScale = recedeScaleOf(from.x, from.width, recede.vanishingX);
  const nowScale = recedeScaleOf(to.x, to.width, recede.vanishingX);
  /** The rows of the column at render x (now) as an affine map of the layer's rows: y ↦ a·y + b. */
  const rowsAt = (x: number) => {
    const k0 = drawnScale(from.x + (x - to.x) / sx);
    const k1 = nowScale(x);
    return { a: (sy * k1) / k0, b: h + k1 * (to.y - h + (h - h / k0 - from.y) * sy) };
  };
  const spanOf = (x: number) => {
    const { a, b } = rowsAt(x);
    return { top: a * layer.y + b, bottom: a * (layer.y + layer.height) + b };
  };
  const first = Math.floor(rect.x * scale);
  const last = Math.ceil((rect.x + rect.width) * scale);
  const ends = [spanOf(rect.x), spanOf(rect.x + rect.width / 2), spanOf(rect.x + rect.width)];
  const spread = Math.max(
    ...ends.map((e) => Math.abs(e.top - ends[0]!.top)),
    ...ends.map((e) => Math.abs(e.bottom - ends[0]!.bottom)),
  );
  const count = Math.max(1, Math.min(MAX_STRIPS, last - first, Math.ceil((spread * scale) / STRIP_TOLERANCE)));
  const strips: LayerStrip[] = [];
  let bounds: Bounds | null = null;
  for (let i = 0; i < count; i++) {
    // whole canvas columns, the first and last cut to the layer's own edges
    const left = Math.max(rect.x, (first + Math.round(((last - first) * i) / count)) / scale);
    const right = Math.min(rect.x + rect.width, (first + Math.round(((last - first) * (i + 1)) / count)) / scale);
    if (right <= left) continue;
    const { top, bottom } = spanOf((left + right) / 2);
    const strip = {
      sx: from.x + (left - to.x) / sx - layer.x,
      sw: (right - left) / sx,
      to: { x: left, y: top, width: right - left, height: bottom - top },
    };
    strips.push(strip);
    bounds = grow(bounds, strip.to);
  }
  if (!bounds) return { rect, strips: null };
  const covered = {
    x: bounds.left,
    y: bounds.top,
    width: bounds.right - bounds.left,
    height: bounds.bottom - bounds.top,
  };
  return { rect: covered, strips };
}

/** Draws a layer where it is now (placedLayerOf), in the context's render-pixel transform. */
function drawLayer(context: CanvasRenderingContext2D, image: CanvasImageSource, placed: PlacedLayer, layer: PlaneBox) {
  if (!placed.strips) {
    const { rect } = placed;
    context.drawImage(image, rect.x, rect.y, rect.width, rect.height);
    return;
  }
  for (const { sx, sw, to } of placed.strips) {
    context.drawImage(image, sx, 0, sw, layer.height, to.x, to.y, to.width, to.height);
  }
}

/**
 * Draws the scene: the render without its products, then every product's layer where it is now, in the order the
 * server draws adjusted placements (flat, hung, standing, suspended; back to front). `scale` is canvas pixels per
 * render pixel.
 */
export function drawLiveScene(
  context: CanvasRenderingContext2D,
  base: CanvasImageSource,
  items: readonly LiveItem[],
  renderWidth: number,
  renderHeight: number,
  scale: number,
): void {
  context.setTransform(scale, 0, 0, scale, 0, 0);
  context.drawImage(base, 0, 0, renderWidth, renderHeight);
  const ordered = [...items].sort(byDrawingOrder);
  for (const item of ordered) drawLayer(context, item.image, placedLayerOf(item, scale), item.layer);
}

export interface LiveRenderer {
  /** Draws the items as they are now: the whole scene the first time, then only where something moved. */
  draw(items: readonly LiveItem[]): void;
}

/**
 * Draws frame after frame, repainting only the part of the canvas where a product was or now is (its layer's old and
 * new rectangles): there the base and every layer that reaches into it are drawn again in order, clipped to it. A
 * drag moves one product, so a frame costs its layer's area rather than the whole picture.
 */
export function createLiveRenderer(
  context: CanvasRenderingContext2D,
  base: CanvasImageSource,
  renderWidth: number,
  renderHeight: number,
  scale: number,
): LiveRenderer {
  let last: Map<CanvasImageSource, PlaneBox> | null = null;
  // the base at the canvas's own size, once: a repaint copies its pixels rather than resampling the render
  const width = Math.round(renderWidth * scale);
  const height = Math.round(renderHeight * scale);
  const scaled = document.createElement('canvas');
  scaled.width = width;
  scaled.height = height;
  const scaledContext = scaled.getContext('2d');
  scaledContext?.drawImage(base, 0, 0, width, height);
  const scaledBackdrop = scaledContext ? scaled : null;
  // layers that stand still while another moves, each drawn once at the canvas's scale where it stands, so that a
  // repaint copies their pixels rather than resampling each again; a layer that moves is drawn afresh
  const still = new Map<CanvasImageSource, StillLayer>();
  const stillLayerOf = (item: LiveItem, placed: PlacedLayer): StillLayer | null => {
    const { image } = item;
    const { rect } = placed;
    const cached = still.get(image);
    if (cached && sameRect(cached.rect, rect)) return cached;
    const left = Math.floor(rect.x * scale);
    const top = Math.floor(rect.y * scale);
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.ceil((rect.x + rect.width) * scale) - left);
    canvas.height = Math.max(1, Math.ceil((rect.y + rect.height) * scale) - top);
    const layerContext = canvas.getContext('2d');
    if (!layerContext) return null;
    layerContext.setTransform(scale, 0, 0, scale, -left, -top);
    drawLayer(layerContext, image, placed, item.layer);
    const made = { rect, canvas, left, top };
    still.set(image, made);
    return made;
  };
  return {
    draw(items) {
      const placed = new Map(items.map((item) => [item.image, placedLayerOf(item, scale)]));
      const rects = new Map([...placed].map(([image, layer]) => [image, layer.rect]));
      if (!last) {
        drawLiveScene(context, base, items, renderWidth, renderHeight, scale);
        last = rects;
        return;
      }
      let dirty: Bounds | null = null;
      for (const [image, rect] of rects) {
        const before = last.get(image);
        if (before && sameRect(before, rect)) continue;
        dirty = grow(grow(dirty, rect), before);
      }
      for (const [image, rect] of last) if (!rects.has(image)) dirty = grow(dirty, rect);
      const before = last;
      last = rects;
      for (const image of still.keys()) if (!rects.has(image)) still.delete(image);
      if (!dirty) return;
      // whole canvas pixels, a pixel more each way for the smoothing at the edges
      const left = Math.max(0, Math.floor(dirty.left * scale) - 1);
      const top = Math.max(0, Math.floor(dirty.top * scale) - 1);
      const right = Math.min(Math.round(renderWidth * scale), Math.ceil(dirty.right * scale) + 1);
      const bottom = Math.min(Math.round(renderHeight * scale), Math.ceil(dirty.bottom * scale) + 1);
      if (right <= left || bottom <= top) return;
      const area = { left: left / scale, top: top / scale, right: right / scale, bottom: bottom / scale };
      context.save();
      context.setTransform(1, 0, 0, 1, 0, 0);
      context.beginPath();
      context.rect(left, top, right - left, bottom - top);
      context.clip();
      if (scaledBackdrop) {
        // the base at the canvas's size, copied pixel for pixel in canvas pixels: whole-pixel rectangles with no
        // scale, so the copy is a plain one rather than a filtered resample of nearly whole coordinates
        context.drawImage(scaledBackdrop, left, top, right - left, bottom - top, left, top, right - left, bottom - top);
        context.setTransform(scale, 0, 0, scale, 0, 0);
      } else {
        context.setTransform(scale, 0, 0, scale, 0, 0);
        const w = area.right - area.left;
        const h = area.bottom - area.top;
        context.drawImage(base, area.left, area.top, w, h, area.left, area.top, w, h);
      }
      const ordered = [...items].sort(byDrawingOrder);
      for (const item of ordered) {
        const rect = rects.get(item.image)!;
        if (!overlaps(rect, area)) continue;
        const stood = before.get(item.image);
        const layer = stood && sameRect(stood, rect) ? stillLayerOf(item, placed.get(item.image)!) : null;
        if (layer) {
          context.setTransform(1, 0, 0, 1, 0, 0);
          context.drawImage(layer.canvas, layer.left, layer.top);
          context.setTransform(scale, 0, 0, scale, 0, 0);
        } else {
          drawLayer(context, item.image, placed.get(item.image)!, item.layer);
        }
      }
      context.restore();
    },
  };
}

/** A layer drawn at the canvas's scale where it stands (`rect`), its top left at canvas pixel (`left`, `top`). */
interface StillLayer {
  rect: PlaneBox;
  canvas: HTMLCanvasElement;
  left: number;
  top: number;
}

interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const byDrawingOrder = (a: LiveItem, b: LiveItem) =>
  a.layerOrder - b.layerOrder || a.to.y + a.to.height - (b.to.y + b.to.height);

const sameRect = (a: PlaneBox, b: PlaneBox) =>
  a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;

function grow(bounds: Bounds | null, rect: PlaneBox | undefined): Bounds | null {
  if (!rect) return bounds;
  const next = { left: rect.x, top: rect.y, right: rect.x + rect.width, bottom: rect.y + rect.height };
  if (!bounds) return next;
  return {
    left: Math.min(bounds.left, next.left),
    top: Math.min(bounds.top, next.top),
    right: Math.max(bounds.right, next.right),
    bottom: Math.max(bounds.bottom, next.bottom),
  };
}

const overlaps = (rect: PlaneBox, area: Bounds) =>
  rect.x < area.right && rect.x + rect.width > area.left && rect.y < area.bottom && rect.y + rect.height > area.top;
