import {
  renderLocalDesign,
  UnreadableSpaceImageError,
  type LocalDesign,
  type LocalDesignInput,
} from '@dwellscape/compositor';

/** What a render in a worker answers: an unreadable photo is a value, as an error crossing threads loses its class. */
export type RenderOutcome = { ok: true; design: LocalDesign } | { ok: false; reason: 'unreadable-space-image' };

/** One render, run in a render pool worker (render-pool.ts). */
export default async function renderTask(input: LocalDesignInput): Promise<RenderOutcome> {
  try {
    return { ok: true, design: await renderLocalDesign(input) };
  } catch (err) {
    if (err instanceof UnreadableSpaceImageError) return { ok: false, reason: 'unreadable-space-image' };
    throw err;
  }
}
