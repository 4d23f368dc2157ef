import { interiorDrawers } from './interior';
import { landscapeDrawers } from './landscape';
import type { DrawContext, DrawFn, Figure } from './types';

const drawers: Record<string, DrawFn> = { ...interiorDrawers(), ...landscapeDrawers() };

export function drawProduct(ctx: DrawContext): Figure {
  const draw = drawers[ctx.look.kind];
  if (!draw) throw new Error(`No drawing for product kind ${ctx.look.kind}`);
  return draw(ctx);
}
