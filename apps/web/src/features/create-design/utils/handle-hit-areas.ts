/** A box on the adjuster's frame, in CSS pixels from its top left corner. */
export interface FrameBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type FramePoint = readonly [number, number];

/** The smallest hit area of a control (WCAG 2.5.5; e2e/tap-targets.spec.ts). */
export const MIN_HIT_PX = 44;

/** One handle's hit area: a convex polygon on the frame, and its layer (higher is drawn, and hit-tested, on top). */
export interface HitArea {
  polygon: FramePoint[];
  layer: number;
}

/**
 * Where each placement handle takes a finger: the product's drawn box, grown to at least `minimum` × `minimum`
 * around its middle (moved inward at the frame's edges, so a product drawn small at the picture's edge still gets
 * the whole square). Where two overlap, the point goes to the handle whose middle is nearer: smaller products lie
 * on top, each cut where a larger one's middle is nearer, so a small product far back keeps the taps around it and
 * the big one in front the rest of its box. Two handles closer than `minimum` share the space between them.
 */
export function handleHitAreas(
  boxes: readonly FrameBox[],
  frame: { width: number; height: number },
  minimum = MIN_HIT_PX,
): HitArea[] {
  const centres = boxes.map((box): FramePoint => [box.x + box.width / 2, box.y + box.height / 2]);
  const areas = boxes.map((box, index) => hitRect(box, centres[index]!, frame, minimum));
  // bottom to top: the largest drawn first
  const order = boxes
    .map((box, index) => ({ index, size: box.width * box.height }))
    .sort((a, b) => b.size - a.size || b.index - a.index)
    .map(({ index }) => index);
  return boxes.map((_, index) => {
    const area = areas[index]!;
    const own = centres[index]!;
    const layer = order.indexOf(index);
    let polygon: FramePoint[] = [
      [area.x, area.y],
      [area.x + area.width, area.y],
      [area.x + area.width, area.y + area.height],
      [area.x, area.y + area.height],
    ];
    // cut against the handles beneath: what is nearer their middle falls through to them
    for (const below of order.slice(0, layer)) {
      if (!overlaps(area, areas[below]!)) continue;
      const other = centres[below]!;
      const [dx, dy] = [other[0] - own[0], other[1] - own[1]];
      if (dx === 0 && dy === 0) continue;
      const mid: FramePoint = [(own[0] + other[0]) / 2, (own[1] + other[1]) / 2];
      polygon = clipToHalfPlane(polygon, (p) => (p[0] - mid[0]) * dx + (p[1] - mid[1]) * dy);
    }
    return { polygon, layer };
  });
}

/** The handle a point hits: the topmost whose area holds it; -1 for none. */
export function handleAt(areas: readonly HitArea[], point: FramePoint): number {
  let hit = -1;
  areas.forEach((area, index) => {
    if (polygonContains(area.polygon, point) && (hit < 0 || area.layer > areas[hit]!.layer)) hit = index;
  });
  return hit;
}

/** The drawn box with a `minimum` square around its middle, kept inside the frame. */
function hitRect(box: FrameBox, [cx, cy]: FramePoint, frame: { width: number; height: number }, minimum: number) {
  const side = (centre: number, extent: number) => {
    const size = Math.min(minimum, extent);
    return Math.min(Math.max(centre - size / 2, 0), extent - size);
  };
  const sx = side(cx, frame.width);
  const sy = side(cy, frame.height);
  const left = Math.max(0, Math.min(box.x, sx));
  const top = Math.max(0, Math.min(box.y, sy));
  const right = Math.min(frame.width, Math.max(box.x + box.width, sx + Math.min(minimum, frame.width)));
  const bottom = Math.min(frame.height, Math.max(box.y + box.height, sy + Math.min(minimum, frame.height)));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

const overlaps = (a: FrameBox, b: FrameBox) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Sutherland–Hodgman: the part of a convex polygon where `side` is at most 0. */
function clipToHalfPlane(polygon: FramePoint[], side: (p: FramePoint) => number): FramePoint[] {
  const out: FramePoint[] = [];
  polygon.forEach((current, index) => {
    const previous = polygon[(index + polygon.length - 1) % polygon.length]!;
    const [sc, sp] = [side(current), side(previous)];
    if (sc <= 0 !== sp <= 0) {
      const t = sp / (sp - sc);
      out.push([previous[0] + (current[0] - previous[0]) * t, previous[1] + (current[1] - previous[1]) * t]);
    }
    if (sc <= 0) out.push(current);
  });
  return out;
}

/** Whether a point lies inside a convex polygon (its edges or inside). */
function polygonContains(polygon: readonly FramePoint[], [x, y]: FramePoint): boolean {
  if (polygon.length < 3) return false;
  let sign = 0;
  for (let i = 0; i < polygon.length; i++) {
    const [ax, ay] = polygon[i]!;
    const [bx, by] = polygon[(i + 1) % polygon.length]!;
    const cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax);
    if (Math.abs(cross) < 1e-9) continue;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

/** The polygon's bounds. */
export function boundsOf(polygon: readonly FramePoint[]): FrameBox {
  const xs = polygon.map(([x]) => x);
  const ys = polygon.map(([, y]) => y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}
