/**
 * A finished job's stored variations, read back (render-jobs.service.ts variationsOf): a placement written by another
 * version no longer parses; the variation keeps its picture and its other placements, and the reader is told.
 */
import { describe, expect, it } from 'vitest';
import { variationsOf, type DroppedPlacements } from '../src/modules/render-jobs/render-jobs.service';

const placement = (productId: string, x: number) => ({
  productId,
  box: { x, y: 200, width: 300, height: 240 },
  pose: 'standing',
});
const variation = (placements: unknown[]) => ({
  imageUrl: '/media/renders/a.webp',
  width: 1600,
  height: 1200,
  label: 'Sofa on the left',
  placements,
});

describe('a stored variation read back', () => {
  it('keeps the placements that parse when one does not, and says which was left out', () => {
    const dropped: DroppedPlacements[] = [];
    const [first, second] = variationsOf(
      [
        variation([placement('p1', 100), placement('p2', 700)]),
        // an old job's placement by index, beside two by product id
        variation([placement('p1', 400), { index: 1, box: { x: 10, y: 10, width: 5, height: 5 } }, placement('p3', 0)]),
      ],
      (d) => dropped.push(d),
    );
    expect(first!.placements!.map((p) => p.productId)).toEqual(['p1', 'p2']);
    expect(second!.imageUrl).toBe('/media/renders/a.webp');
    expect(second!.label).toBe('Sofa on the left');
    expect(second!.placements!.map((p) => [p.productId, p.box.x])).toEqual([
      ['p1', 400],
      ['p3', 0],
    ]);
    expect(dropped).toEqual([{ variation: 1, dropped: 1, of: 3, issue: expect.stringMatching(/^placements\.1\./) }]);
  });

  it('leaves a variation whose placements all parse as it was, and tells nothing', () => {
    const onDropped = (d: DroppedPlacements) => {
      throw new Error(`told of ${d.dropped}`);
    };
    const [only] = variationsOf([variation([placement('p1', 100)])], onDropped);
    expect(only!.placements).toEqual([placement('p1', 100)]);
    expect(variationsOf([{ imageUrl: '/media/renders/b.webp', width: 10, height: 10 }], onDropped)[0]).toEqual({
      imageUrl: '/media/renders/b.webp',
      width: 10,
      height: 10,
    });
  });

  it('still refuses a variation without its picture', () => {
    expect(() => variationsOf([{ width: 10, height: 10, placements: [] }])).toThrow();
  });
});
