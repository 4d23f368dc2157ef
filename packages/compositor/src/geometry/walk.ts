/**
 * The one breadth-first walk over a grid's 4-neighbours that the region growing, the shade's growth and the connected
 * components share. The cells already in `queue` (its first `size`) are walked in order; each one's neighbours are
 * offered to `step` left, right, up, down (those inside the grid), and `step` returns the cell that visit adds to the
 * queue (the neighbour itself, a cell beyond it, or −1 for none), having marked it taken itself. Returns the queue's
 * final length.
 */
export function walkNeighbours(
  queue: Int32Array,
  size: number,
  width: number,
  height: number,
  step: (from: number, to: number, toX: number, toY: number) => number,
): number {
  for (let head = 0; head < size; head++) {
    const p = queue[head]!;
    const x = p % width;
    const y = (p - x) / width;
    if (x > 0) {
      const r = step(p, p - 1, x - 1, y);
      if (r >= 0) queue[size++] = r;
    }
    if (x < width - 1) {
      const r = step(p, p + 1, x + 1, y);
      if (r >= 0) queue[size++] = r;
    }
    if (y > 0) {
      const r = step(p, p - width, x, y - 1);
      if (r >= 0) queue[size++] = r;
    }
    if (y < height - 1) {
      const r = step(p, p + width, x, y + 1);
      if (r >= 0) queue[size++] = r;
    }
  }
  return size;
}
