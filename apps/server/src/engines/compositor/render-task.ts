import {
  measureFidelity,
  regionsOfPlacements,
  renderLocalDesign,
  UnreadableSpaceImageError,
  type FidelityReceipt,
  type LocalDesign,
  type LocalDesignInput,
} from '@dwellscape/compositor';

/** What a render in a worker answers: an unreadable photo is a value, as an error crossing threads loses its class. */
export type RenderOutcome =
  { ok: true; design: LocalDesign; receipt: FidelityReceipt } | { ok: false; reason: 'unreadable-space-image' };

/** A render's input, and what its receipt needs beside it. */
export interface RenderTaskInput extends LocalDesignInput {
  /** The products the person removed, by index (adjusted placements do not list them): counted apart on the receipt. */
  removed?: number[];
}

/** One render and its fidelity receipt, run in a render pool worker (render-pool.ts). */
export default async function renderTask(input: RenderTaskInput): Promise<RenderOutcome> {
  let design: LocalDesign;
  try {
    design = await renderLocalDesign(input);
  } catch (err) {
    if (err instanceof UnreadableSpaceImageError) return { ok: false, reason: 'unreadable-space-image' };
    throw err;
  }
  // the local engine draws every product it places: they are present by construction
  const { geometry } = design;
  const placed = new Set(design.placements.map((placement) => placement.index));
  const removedCount = new Set(
    (input.removed ?? []).filter((index) => index >= 0 && index < input.products.length && !placed.has(index)),
  ).size;
  const receipt = await measureFidelity({
    before: input.spaceImage,
    after: design.bytes,
    productRegions: regionsOfPlacements(design.placements),
    products: {
      method: 'placed',
      chosen: input.products.length,
      placedIndexes: design.placements.map((placement) => placement.index),
      // removed: not drawn, and one of the render's products
      ...(removedCount > 0 ? { removed: removedCount } : {}),
      layout: design.layoutBasis,
      ...(geometry ? { onFloor: geometry.onFloor, leftOut: geometry.leftOut.map((l) => l.reason) } : {}),
      // adjusted on a floor the person set: what still found no room on it
      ...(design.leftOut && design.leftOut.length > 0 ? { leftOut: design.leftOut.map((l) => l.reason) } : {}),
    },
    maxInputPixels: input.maxInputPixels,
    // an uploaded photo's furniture and openings under the products are not kept
    ...(geometry ? { hidden: geometry.hidden } : {}),
    // nor is what was erased (decision 0047)
    ...(design.erased
      ? {
          erased: {
            mask: design.erased.mask,
            width: design.width,
            height: design.height,
            regions: design.erased.regions,
          },
        }
      : {}),
  });
  // the erase mask stays in the worker: the receipt has what it says
  const { erased: _erased, ...rest } = design;
  return { ok: true, design: rest, receipt };
}
