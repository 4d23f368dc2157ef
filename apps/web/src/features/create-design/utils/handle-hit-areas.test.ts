import { describe, expect, it } from 'vitest';
import { boundsOf, handleAt, handleHitAreas, type FrameBox, type HitArea } from './handle-hit-areas';

const frame = { width: 358, height: 268 };
const centre = (box: FrameBox) => [box.x + box.width / 2, box.y + box.height / 2] as const;

/** The width and height through a point that hit `handle`, as a finger sliding across finds them (1 px steps). */
function extentsThrough(areas: HitArea[], handle: number, [x, y]: readonly [number, number]) {
  const run = (dx: number, dy: number) => {
    let steps = 0;
    while (steps < 200 && handleAt(areas, [x + dx * (steps + 1), y + dy * (steps + 1)]) === handle) steps += 1;
    return steps;
  };
  return { width: run(-1, 0) + run(1, 0) + 1, height: run(0, -1) + run(0, 1) + 1 };
}

describe('placement handles’ hit areas', () => {
  it('gives a product drawn 10 × 20 px a 44 × 44 area around its middle, inside the frame even at its edge', () => {
    for (const far of [
      { x: 170, y: 100, width: 10, height: 20 },
      { x: 0, y: 0, width: 10, height: 20 },
      { x: 348, y: 248, width: 10, height: 20 },
    ]) {
      const areas = handleHitAreas([far], frame);
      const bounds = boundsOf(areas[0]!.polygon);
      expect(bounds.width).toBeGreaterThanOrEqual(44);
      expect(bounds.height).toBeGreaterThanOrEqual(44);
      expect(bounds.x).toBeGreaterThanOrEqual(0);
      expect(bounds.x + bounds.width).toBeLessThanOrEqual(frame.width);
      expect(bounds.y + bounds.height).toBeLessThanOrEqual(frame.height);
      const through = extentsThrough(areas, 0, centre(far));
      expect(Math.min(through.width, through.height)).toBeGreaterThanOrEqual(44);
    }
  });

  it('keeps a big product’s whole box', () => {
    const sofa = { x: 40, y: 150, width: 200, height: 90 };
    expect(boundsOf(handleHitAreas([sofa], frame)[0]!.polygon)).toEqual(sofa);
  });

  it('gives each point two handles reach to the one whose middle is nearer: a small product over a big one keeps its taps, the big one the rest', () => {
    const sofa = { x: 40, y: 150, width: 200, height: 90 };
    const vase = { x: 200, y: 140, width: 10, height: 20 };
    const lamp = { x: 260, y: 60, width: 30, height: 120 };
    const boxes = [sofa, vase, lamp];
    const areas = handleHitAreas(boxes, frame);
    const distance = (index: number, x: number, y: number) =>
      Math.hypot(x - centre(boxes[index]!)[0], y - centre(boxes[index]!)[1]);
    for (let y = 0; y < frame.height; y += 2) {
      for (let x = 0; x < frame.width; x += 2) {
        // the handles that reach this point: the bounds of their box and the 44 px square around their middle
        // (none lies at an edge)
        const reaching = boxes.flatMap((box, index) => {
          const [cx, cy] = centre(box);
          const left = Math.min(box.x, cx - 22);
          const right = Math.max(box.x + box.width, cx + 22);
          const top = Math.min(box.y, cy - 22);
          const bottom = Math.max(box.y + box.height, cy + 22);
          return x >= left && x <= right && y >= top && y <= bottom ? [index] : [];
        });
        const hit = handleAt(areas, [x, y]);
        if (reaching.length === 0) {
          expect(hit).toBe(-1);
          continue;
        }
        const nearest = Math.min(...reaching.map((index) => distance(index, x, y)));
        expect(reaching).toContain(hit);
        expect(distance(hit, x, y)).toBeLessThanOrEqual(nearest + 1);
      }
    }
    // the vase's middle is the vase's, with a finger's height through it; the sofa keeps its middle
    expect(handleAt(areas, centre(vase))).toBe(1);
    expect(extentsThrough(areas, 1, centre(vase)).height).toBeGreaterThanOrEqual(44);
    expect(handleAt(areas, centre(sofa))).toBe(0);
    expect(handleAt(areas, [45, 235])).toBe(0);
  });

  it('gives two small products 60 px apart a full 44 × 44 each', () => {
    const a = { x: 100, y: 100, width: 12, height: 16 };
    const b = { x: 160, y: 100, width: 12, height: 16 };
    const areas = handleHitAreas([a, b], frame);
    for (const [index, box] of [a, b].entries()) {
      const through = extentsThrough(areas, index, centre(box));
      expect(Math.min(through.width, through.height)).toBeGreaterThanOrEqual(44);
    }
  });
});
