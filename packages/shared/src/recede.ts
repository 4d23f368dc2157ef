/**
 * A standing product whose front runs along a wall seen at an angle is drawn with its rows running to that wall's
 * vanishing point (decision 0045): each column scaled about the horizon by its distance to the vanishing point over
 * its near edge's. The server warps the product's picture by it (compositor views.ts, warpToVanishingPoint) and the
 * live adjuster redraws a moved product's layer by it (live-scene.ts), so what a person drags is what Apply draws.
 */

/** How much smaller the far end of a receding product may be drawn than its near end. */
export const MIN_FAR_SCALE = 0.72;

/**
 * How a receding product of columns `left` to `left + width` scales each column `x` about the horizon, all in the
 * render's pixels: 1 at its near edge (the one further from `vanishingX`), smaller toward the vanishing point, never
 * under MIN_FAR_SCALE, never over 1 (a column past the near edge is drawn as the near one).
 */
export function recedeScaleOf(left: number, width: number, vanishingX: number): (x: number) => number {
  const near = Math.abs(vanishingX - left) > Math.abs(vanishingX - (left + width)) ? left : left + width;
  const reach = Math.max(1, Math.abs(vanishingX - near));
  return (x) => {
    const k = Math.abs(vanishingX - x) / reach;
    return k < MIN_FAR_SCALE ? MIN_FAR_SCALE : k > 1 ? 1 : k;
  };
}
