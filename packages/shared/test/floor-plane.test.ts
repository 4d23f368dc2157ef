import { describe, expect, it } from 'vitest';
import { floorQuadProblem, horizonOf, reflowBox, standAt, type FloorQuad } from '../src/floor-plane';

// a floor whose sides meet at row 400, its far edge at row 600
const floor: FloorQuad = [
  [0, 1200],
  [1600, 1200],
  [1000, 600],
  [600, 600],
];

describe('the floor plane', () => {
  it('sizes a product by its foot’s distance below the horizon, and keeps it on the near side of the far edge', () => {
    const horizon = horizonOf(floor)!;
    expect(horizon.a * 123 + horizon.b * 400 + horizon.c).toBeCloseTo(0, 6);
    const sofa = { x: 500, y: 600, width: 400, height: 200 };
    // foot from 800 (400 below the horizon) to 700 (300 below): three quarters of the size
    expect(standAt(floor, sofa, [700, 700])).toEqual({ x: 550, y: 550, width: 300, height: 150 });
    // dragged past the far edge, it stops on it (200 below the horizon: half the size)
    const stopped = standAt(floor, sofa, [700, 450]);
    expect(stopped.y + stopped.height).toBeCloseTo(600, 6);
    expect(stopped.width).toBeCloseTo(200, 6);
    // it still follows the pointer across
    expect(stopped.x + stopped.width / 2).toBeCloseTo(700, 6);
  });

  it('re-flows a box onto another floor: the same place on it, the new floor’s size there', () => {
    const flatter: FloorQuad = [floor[0], floor[1], [1040, 520], [560, 520]];
    const box = { x: 500, y: 600, width: 400, height: 200 };
    const moved = reflowBox(floor, flatter, box);
    // the same floor moves nothing
    expect(reflowBox(floor, floor, box)).toEqual(box);
    expect(moved.width).toBeGreaterThan(box.width);
    expect(floorQuadProblem(flatter)).toBeNull();
  });

  it('refuses four corners that are no floor', () => {
    expect(floorQuadProblem([floor[0], floor[1], floor[3], floor[2]])).toMatch(/cross over/);
    expect(floorQuadProblem([floor[0], floor[1], [1600, 600], [0, 600]])).toMatch(/meet in the distance/);
    // the far edge below the near one: a ceiling, not a floor
    expect(floorQuadProblem([floor[0], floor[1], [1000, 1500], [600, 1500]])).not.toBeNull();
  });
});
