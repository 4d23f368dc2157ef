import { recompositeDesignResponseSchema } from '@dwellscape/shared';
import { describe, expect, it } from 'vitest';
import { dbKinds } from './helpers';
import { renderFields, renderingApp, seededChoice } from './render-fixtures';

/*
 * Erasing part of the room (decision 0047) travels with a re-composite: checked for bounds, size and count with a
 * 400 naming the field, then filled in the render worker; the receipt counts what was erased.
 */

const [lamp] = seededChoice(['Floor Lamp']);
const fields = {
  ...renderFields([lamp!], { userAnswers: {} }),
  placements: [{ productId: lamp!.id, box: { x: 1200, y: 300, width: 160, height: 420 } }],
};
const dab = (x: number, y: number, size = 0.08) => ({ size, points: [{ x, y }] });

describe.each(dbKinds)('erasing in a re-composite (%s)', (kind) => {
  const { recomposite, hash } = renderingApp(kind);

  it('erases what the brush and a piece cover, and the receipt counts the regions', async () => {
    const plain = await recomposite(fields);
    expect(plain.statusCode, plain.body).toBe(200);
    const erase = {
      strokes: [
        {
          size: 0.06,
          points: [
            { x: 0.1, y: 0.8 },
            { x: 0.25, y: 0.85 },
          ],
        },
      ],
      pieces: [
        {
          id: 'piece-1',
          polygon: [
            { x: 0.55, y: 0.1 },
            { x: 0.65, y: 0.1 },
            { x: 0.65, y: 0.2 },
          ],
        },
      ],
    };
    const res = await recomposite({ ...fields, erase });
    expect(res.statusCode, res.body).toBe(200);
    const erased = recompositeDesignResponseSchema.parse(res.json());
    const before = recompositeDesignResponseSchema.parse(plain.json());
    expect(hash(erased.imageUrl)).not.toBe(hash(before.imageUrl));
    expect(erased.receipt?.erased).toBe(2);
    expect(before.receipt?.erased).toBeUndefined();
    expect(erased.receipt!.structureKept).toBeLessThan(before.receipt!.structureKept);
  }, 90_000);

  it('answers 400 naming the field for an erase out of bounds, too large or too many', async () => {
    const cases: Array<[object, string]> = [
      [{ strokes: [dab(1.2, 0.5)] }, 'erase'],
      [{ strokes: [dab(0.5, 0.5, 0.5)] }, 'erase'],
      [{ strokes: [{ size: 0.05, points: [] }] }, 'erase'],
      [{ strokes: Array.from({ length: 41 }, () => dab(0.5, 0.5)) }, 'erase'],
      [
        {
          pieces: [
            {
              polygon: [
                { x: 0.1, y: 0.1 },
                { x: 0.2, y: 0.2 },
              ],
            },
          ],
        },
        'erase',
      ],
      // a whole band across the picture, wider than half of it
      [
        {
          strokes: Array.from({ length: 12 }, (_, n) => ({
            size: 0.2,
            points: [
              { x: 0, y: n / 11 },
              { x: 1, y: n / 11 },
            ],
          })),
        },
        'at most 50% can be erased',
      ],
    ];
    for (const [erase, words] of cases) {
      const res = await recomposite({ ...fields, erase });
      expect(res.statusCode, JSON.stringify(erase)).toBe(400);
      const { error, message } = res.json() as { error: string; message?: string };
      expect(`${error} ${message ?? ''}`).toContain(words);
    }
  }, 60_000);
});
