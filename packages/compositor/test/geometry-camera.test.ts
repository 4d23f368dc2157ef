import { describe, expect, it } from 'vitest';
import { estimateCamera, FOCAL_PRIOR_PER_LONG_SIDE } from '../src/geometry/analyze';
import { downsample } from '../src/geometry/image';
import type { Segment } from '../src/geometry/lines';
import { walkNeighbours } from '../src/geometry/walk';

const WIDTH = 640;
const HEIGHT = 480;

/** Segments from row 100 to row 400 on lines through (vx, vy), one every 45 px across the picture. */
function towards(vx: number, vy: number): Segment[] {
  const segments: Segment[] = [];
  for (let x = 50; x <= 590; x += 45) {
    // the line through (x, 400) and the vanishing point, cut at row 100
    const x2 = x + ((vx - x) * (100 - 400)) / (vy - 400);
    const length = Math.hypot(x2 - x, 300);
    segments.push({ x1: x, y1: 400, x2, y2: 100, length, angle: Math.atan2(300, x - x2) });
  }
  return segments;
}

describe('estimateCamera from verticals alone', () => {
  // a room seen from low down, tilted up: its verticals lean together upwards, and no horizontal lines
  const verticals = towards(WIDTH / 2, -2000);
  const f = FOCAL_PRIOR_PER_LONG_SIDE * WIDTH;
  const expected = HEIGHT / 2 + (f * f) / (HEIGHT / 2 + 2000);

  it('puts the horizon below the centre, where the tilt the verticals show puts it', () => {
    const { camera, found } = estimateCamera(verticals, WIDTH, HEIGHT, 'interior');
    expect(found).toBe(false);
    expect(camera.horizonY).toBeGreaterThan(expected - 3);
    expect(camera.horizonY).toBeLessThan(expected + 3);
  });

  it('keeps the guessed horizon in a yard (its trunks and posts lean: decision 0063 measured the house fronts)', () => {
    const { camera } = estimateCamera(verticals, WIDTH, HEIGHT, 'landscape');
    expect(camera.horizonY).toBeCloseTo(0.45 * HEIGHT);
  });
});

/** Segments from column 100 to column 540 on lines through (vx, vy), starting at each of the given rows. */
function across(vx: number, vy: number, rows: readonly number[]): Segment[] {
  return rows.map((y) => {
    const y2 = y + ((vy - y) * (540 - 100)) / (vx - 100);
    return { x1: 100, y1: y, x2: 540, y2, length: Math.hypot(440, y2 - y), angle: Math.atan2(y2 - y, 440) };
  });
}

describe('estimateCamera on a facade seen nearly square through a long lens', () => {
  // a camera of focal length 2 long sides tilted up by atan(0.1): the verticals meet 20 long sides above the
  // centre, the horizon is 0.2 long sides below it, and the facade's horizontals meet on it 25 long sides right
  const f = 2 * WIDTH;
  const horizon = HEIGHT / 2 + 0.2 * WIDTH;
  const verticals = towards(WIDTH / 2, HEIGHT / 2 - 20 * WIDTH);
  const farRight = WIDTH / 2 + 25 * WIDTH;

  it('takes the horizon from the far vanishing point that the verticals are orthogonal to, and the focal length', () => {
    const facade = across(farRight, horizon, [60, 120, 180, 240, 300, 420, 460]);
    const { camera, found } = estimateCamera([...verticals, ...facade], WIDTH, HEIGHT, 'landscape');
    expect(found).toBe(true);
    expect(camera.horizonY).toBeGreaterThan(horizon - 0.02 * HEIGHT);
    expect(camera.horizonY).toBeLessThan(horizon + 0.02 * HEIGHT);
    expect(camera.focalSource).toBe('measured');
    expect(camera.focal).toBeGreaterThan(0.9 * f);
    expect(camera.focal).toBeLessThan(1.1 * f);
  });

  it('keeps the guess when the far lines all lie on one side of their vanishing point (their row is extrapolated)', () => {
    const facade = across(farRight, horizon, [40, 80, 120, 160, 200, 240, 280]);
    const { camera, found } = estimateCamera([...verticals, ...facade], WIDTH, HEIGHT, 'landscape');
    expect(found).toBe(false);
    expect(camera.horizonY).toBeCloseTo(0.45 * HEIGHT);
  });
});

describe('estimateCamera with few verticals', () => {
  // a yard's level camera: its lawn's lines meet right of the picture on row 200; three short verticals (a trunk,
  // a bush's edges: 0.9 long sides together) lean 2° the same way
  const lean = Math.tan((2 * Math.PI) / 180);
  const verticals: Segment[] = [120, 300, 480].map((x) => ({
    x1: x,
    y1: 300,
    x2: x + 190 * lean,
    y2: 110,
    length: 190 / Math.cos(Math.atan(lean)),
    angle: Math.PI / 2 - Math.atan(lean),
  }));
  const lawn = across(1500, 200, [60, 100, 140, 260, 320, 380, 440]);

  it('does not take the roll from them: the horizon stays on the row the level lines meet on', () => {
    const { camera, found } = estimateCamera([...verticals, ...lawn], WIDTH, HEIGHT, 'landscape');
    expect(found).toBe(true);
    expect(camera.roll).toBe(0);
    expect(camera.horizonY).toBeGreaterThan(197);
    expect(camera.horizonY).toBeLessThan(203);
  });
});

describe('walkNeighbours', () => {
  // a 6 × 4 grid: 1 is open, the walk takes open cells 4-connected to the seed
  const grid = [
    [1, 1, 0, 0, 1, 1],
    [0, 1, 0, 1, 0, 1],
    [0, 1, 1, 1, 0, 0],
    [1, 0, 0, 0, 0, 1],
  ].flat();
  const width = 6;
  const height = 4;

  it('takes the open cells joined to the seed by sides, breadth first, never across a corner', () => {
    const taken = new Uint8Array(grid.length);
    const queue = new Int32Array(grid.length);
    queue[0] = 0;
    taken[0] = 1;
    const size = walkNeighbours(queue, 1, width, height, (_, q) => {
      if (!grid[q] || taken[q]) return -1;
      taken[q] = 1;
      return q;
    });
    expect([...queue.subarray(0, size)]).toEqual([0, 1, 7, 13, 14, 15, 9]);
    // (4, 0) and (5, 1) touch the walked cells only at corners, (0, 3) and (5, 3) not at all
    expect(taken[4]).toBe(0);
    expect(taken[18]).toBe(0);
  });

  it('offers each neighbour with its column and row, and queues the cell the step names', () => {
    const offered: [number, number, number, number][] = [];
    const queue = new Int32Array(8);
    queue[0] = 7;
    // from (1, 1): the step jumps each rightward visit two cells on, once
    let jumped = false;
    const size = walkNeighbours(queue, 1, width, height, (p, q, x, y) => {
      offered.push([p, q, x, y]);
      if (p === 7 && q === 8 && !jumped) {
        jumped = true;
        return 10;
      }
      return -1;
    });
    expect(offered.slice(0, 4)).toEqual([
      [7, 6, 0, 1],
      [7, 8, 2, 1],
      [7, 1, 1, 0],
      [7, 13, 1, 2],
    ]);
    expect([...queue.subarray(0, size)]).toEqual([7, 10]);
    // the corner cell (5, 1) has no neighbour past the right edge
    expect(offered.filter(([p]) => p === 10).map(([, q]) => q)).toEqual([9, 11, 4, 16]);
  });
});

describe('downsample', () => {
  it('averages each analysis pixel over the photo pixels it covers', () => {
    // 8 × 4 RGB, each pixel's red its column, green its row, blue 100: halved, each pixel the mean of a 2 × 2 block
    const width = 8;
    const height = 4;
    const data = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) data.set([x * 10, y * 20, 100], (y * width + x) * 3);
    }
    const image = downsample({ data, width, height, channels: 3 }, 4);
    expect(image.luma.width).toBe(4);
    expect(image.luma.height).toBe(2);
    for (let y = 0; y < 2; y++) {
      for (let x = 0; x < 4; x++) {
        const r = (2 * x + 0.5) * 10;
        const g = (2 * y + 0.5) * 20;
        expect(image.redGreen.data[y * 4 + x]).toBeCloseTo(r - g, 4);
        expect(image.blueYellow.data[y * 4 + x]).toBeCloseTo((r + g) / 2 - 100, 4);
      }
    }
  });
});
