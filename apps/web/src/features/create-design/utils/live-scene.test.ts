import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLiveRenderer, type LiveItem } from './live-scene';

/** A 2D context that records what is drawn and where it is clipped. */
function recordingContext() {
  const calls: Array<{ op: string; args: unknown[] }> = [];
  const record =
    (op: string) =>
    (...args: unknown[]) =>
      calls.push({ op, args });
  const context = Object.fromEntries(
    ['setTransform', 'save', 'restore', 'beginPath', 'rect', 'clip', 'drawImage'].map((op) => [op, vi.fn(record(op))]),
  );
  return { context: context as unknown as CanvasRenderingContext2D, calls };
}

const picture = (name: string) => ({ name }) as unknown as CanvasImageSource;
const base = picture('base');
const item = (name: string, x: number, y: number, layerOrder = 2): LiveItem => {
  const box = { x, y, width: 100, height: 100 };
  return {
    image: picture(name),
    layer: { x: x - 10, y: y - 10, width: 120, height: 120 },
    from: box,
    to: box,
    layerOrder,
  };
};

describe('the live renderer', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('draws everything first (back to front by the foot), then repaints only where a product was and is, with whatever reaches into it, in order', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const { context, calls } = recordingContext();
    const renderer = createLiveRenderer(context, base, 1000, 800, 0.5);
    const sofa = item('sofa', 100, 400);
    const lamp = item('lamp', 180, 380);
    const plant = item('plant', 700, 100);
    renderer.draw([sofa, lamp, plant]);
    expect(calls.filter((c) => c.op === 'drawImage').map((c) => (c.args[0] as { name: string }).name)).toEqual([
      'base',
      'plant',
      'lamp',
      'sofa',
    ]);

    calls.length = 0;
    renderer.draw([sofa, lamp, plant]);
    expect(calls).toHaveLength(0);

    // the sofa moves 50 right: its layer was 90–210 × 390–510, is now 140–260; the lamp reaches into that, the plant not
    const moved = { ...sofa, to: { ...sofa.to, x: 150 } };
    renderer.draw([moved, lamp, plant]);
    const clip = calls.find((c) => c.op === 'rect')!;
    // in canvas pixels (half the render's), a pixel more each way
    expect(clip.args).toEqual([44, 194, 131 - 44, 256 - 194]);
    const drawn = calls.filter((c) => c.op === 'drawImage');
    expect(drawn.map((c) => (c.args[0] as { name: string }).name)).toEqual(['base', 'lamp', 'sofa']);
    // the base's part under the clip, from the render's own pixels
    expect(drawn[0]!.args.slice(1)).toEqual([88, 388, 174, 124, 88, 388, 174, 124]);
    expect(drawn[2]!.args.slice(1)).toEqual([140, 390, 120, 120]);
  });
});
