import type { PlaneBox } from '@dwellscape/shared';

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
}

export const layerOrderOf = (pose: string | undefined): number =>
  pose === 'flat' ? 0 : pose === 'hung' ? 1 : pose === 'suspended' ? 3 : 2;

/** Where a layer goes when its product's box moves from `from` to `to`. */
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
  const ordered = [...items].sort(
    (a, b) => a.layerOrder - b.layerOrder || a.to.y + a.to.height - (b.to.y + b.to.height),
  );
  for (const item of ordered) {
    const rect = layerRectOf(item);
    context.drawImage(item.image, rect.x, rect.y, rect.width, rect.height);
  }
}
