import { describe, expect, it } from 'vitest';
import { safeEncode } from 'zod';
import { recompositeDesignBodySchema, renderPlacementSchema } from '../src/render-schemas';

const box = { x: 120, y: 340, width: 400, height: 220 };

describe('a render placement says its drawn view once', () => {
  it('reads a placement saved before `view`, with only a variation’s turn, as that view', () => {
    const saved = { productId: 'armchair-1', box, pose: 'standing', turned: 'left' };
    const read = renderPlacementSchema.parse(saved);
    expect(read).toEqual({ productId: 'armchair-1', box, pose: 'standing', view: { view: 'left' } });
    expect('turned' in read).toBe(false);
  });

  it('reads an old placement that said both as its turn, which was drawn whatever the view beside it said', () => {
    const saved = { productId: 'armchair-1', box, pose: 'standing', turned: 'right', view: { view: 'front' } };
    expect(renderPlacementSchema.parse(saved).view).toEqual({ view: 'right' });
  });

  it('keeps a view with its warp as it is, and a placement with neither without one', () => {
    const view = { view: 'left' as const, recede: { vanishingX: 2077, horizonY: 450 } };
    expect(renderPlacementSchema.parse({ productId: 'sofa-1', box, view })).toEqual({ productId: 'sofa-1', box, view });
    expect(renderPlacementSchema.parse({ productId: 'rug-1', box, pose: 'flat' })).toEqual({
      productId: 'rug-1',
      box,
      pose: 'flat',
    });
  });

  it('still refuses a turn that is not a view, in an adjustment’s body as anywhere', () => {
    expect(renderPlacementSchema.safeParse({ productId: 'sofa-1', box, turned: 'up' }).success).toBe(false);
    const body = {
      selectedProducts: [],
      mode: 'interior',
      spaceImageUrl: '/media/spaces/a.jpg',
      placements: [{ productId: 'sofa-1', box, turned: 'left' }],
    };
    const parsed = recompositeDesignBodySchema.safeParse(body);
    expect(parsed.success && parsed.data.placements[0]!.view).toEqual({ view: 'left' });
  });

  it('writes a placement back as it is, as the server checks a response (backward)', () => {
    const placement = { productId: 'sofa-1', box, pose: 'standing' as const, view: { view: 'right' as const } };
    const written = safeEncode(renderPlacementSchema, placement);
    expect(written.success && written.data).toEqual(placement);
  });
});
