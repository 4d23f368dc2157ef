import { afterEach, describe, expect, it, vi } from 'vitest';
import { recedeScaleOf } from '@dwellscape/shared';
import { createLiveRenderer, placedLayerOf, type LiveItem } from './live-scene';

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

  it('copies a layer that stands still from one drawing of it at the canvas scale, whole pixels and unscaled, and draws it again once it has moved', () => {
    // every offscreen canvas (the scaled base, each still layer) records what is drawn into it
    const offscreen: Array<{ canvas: HTMLCanvasElement; calls: Array<{ op: string; args: unknown[] }> }> = [];
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
      const recorded = recordingContext();
      offscreen.push({ canvas: this, calls: recorded.calls });
      return recorded.context as never;
    });
    const { context, calls } = recordingContext();
    const renderer = createLiveRenderer(context, base, 1000, 800, 0.5);
    const sofa = item('sofa', 100, 400);
    const lamp = item('lamp', 180, 380);
    renderer.draw([sofa, lamp]);
    const drawnNames = () =>
      calls
        .filter((c) => c.op === 'drawImage')
        .map((c) => {
          const source = c.args[0] as { name?: string };
          const still = offscreen.findIndex((o) => o.canvas === (source as unknown as HTMLCanvasElement));
          return source.name ?? (still === 0 ? 'scaled base' : `still ${still}`);
        });

    // the sofa moves: the lamp stands still, so it comes from its own drawing at the canvas scale
    calls.length = 0;
    const moved = { ...sofa, to: { ...sofa.to, x: 150 } };
    renderer.draw([moved, lamp]);
    expect(drawnNames()).toEqual(['scaled base', 'still 1', 'sofa']);
    // the base at the canvas's size, copied in whole canvas pixels under the clip (44–131 × 194–256)
    const backdrop = calls.find((c) => c.op === 'drawImage' && c.args[0] === offscreen[0]!.canvas)!;
    expect(backdrop.args.slice(1)).toEqual([44, 194, 87, 62, 44, 194, 87, 62]);
    const lampLayer = offscreen[1]!;
    // the lamp's layer is 170–290 × 370–490 in the render: canvas pixels 85–145 × 185–245
    expect([lampLayer.canvas.width, lampLayer.canvas.height]).toEqual([60, 60]);
    expect(lampLayer.calls.find((c) => c.op === 'setTransform')!.args).toEqual([0.5, 0, 0, 0.5, -85, -185]);
    expect(lampLayer.calls.find((c) => c.op === 'drawImage')!.args.slice(1)).toEqual([170, 370, 120, 120]);
    const copy = calls.find((c) => c.op === 'drawImage' && c.args[0] === lampLayer.canvas)!;
    expect(copy.args.slice(1)).toEqual([85, 185]);

    // the lamp moves: it is drawn afresh where it is now, not copied from where it stood; the sofa, still now, is
    // drawn once at the canvas scale and copied
    calls.length = 0;
    const lampMoved = { ...lamp, to: { ...lamp.to, x: 230 } };
    renderer.draw([moved, lampMoved]);
    expect(drawnNames()).toEqual(['scaled base', 'lamp', 'still 2']);

    // the sofa moves back: the lamp stands still at its new place, drawn once more there, and copied from that
    calls.length = 0;
    renderer.draw([sofa, lampMoved]);
    expect(drawnNames()).toEqual(['scaled base', 'still 3', 'sofa']);
    expect(offscreen[3]!.calls.find((c) => c.op === 'drawImage')!.args.slice(1)).toEqual([220, 370, 120, 120]);
    expect(calls.find((c) => c.op === 'drawImage' && c.args[0] === offscreen[3]!.canvas)!.args.slice(1)).toEqual([
      110, 185,
    ]);
  });

  describe('a product receding to a wall’s vanishing point', () => {
    // a sofa drawn 500–1000 across, its rows running to a vanishing point far right on the horizon (row 450)
    const recede = { vanishingX: 2077, horizonY: 450 };
    const from = { x: 500, y: 600, width: 500, height: 220 };
    const sofa = (to: LiveItem['to']): LiveItem => ({
      image: picture('sofa'),
      layer: { x: 350, y: 570, width: 800, height: 300 },
      from,
      to,
      layerOrder: 2,
      recede,
    });
    /** Where Apply puts a product row `y` of the unwarped box at column x (views.ts: each column about the horizon). */
    const applied = (box: LiveItem['to'], x: number, row: number) =>
      recede.horizonY + (row - recede.horizonY) * recedeScaleOf(box.x, box.width, recede.vanishingX)(x);

    it('not moved, is its layer as it is, in one piece', () => {
      expect(placedLayerOf(sofa(from), 1).strips).toBeNull();
    });

    it('moved back and to the right, is drawn in strips whose rows lie where Apply warps them from the new box, within a pixel', () => {
      const to = { x: 760, y: 540, width: 400, height: 176 };
      const placed = placedLayerOf(sofa(to), 1);
      const strips = placed.strips!;
      // more than one strip, fewer than its columns, meeting edge to edge on whole pixels
      expect(strips.length).toBeGreaterThan(4);
      expect(strips.length).toBeLessThanOrEqual(96);
      for (let i = 1; i < strips.length; i++) {
        expect(strips[i]!.to.x).toBeCloseTo(strips[i - 1]!.to.x + strips[i - 1]!.to.width, 9);
        expect(Number.isInteger(strips[i]!.to.x)).toBe(true);
      }
      let worst = 0;
      for (const strip of strips) {
        const mid = strip.to.x + strip.to.width / 2;
        // the strip's rows: the layer's row y goes to a·y + b
        const a = strip.to.height / 300;
        const b = strip.to.y - a * 570;
        // the layer's column at this place, and where the render drew the box's top and base there
        const column = from.x + ((mid - to.x) * from.width) / to.width;
        for (const row of [from.y, from.y + from.height]) {
          const drawn = applied(from, column, row);
          const now = applied(to, mid, to.y + ((row - from.y) * to.height) / from.height);
          worst = Math.max(worst, Math.abs(a * drawn + b - now));
        }
      }
      expect(worst).toBeLessThan(1);
      // what plain scaling of the whole layer would put off: the far end's rows by several pixels
      const plain = { a: to.height / from.height, b: to.y - (from.y * to.height) / from.height };
      const farColumn = from.x + from.width - 1;
      const farNow = to.x + to.width - 1;
      const off = Math.abs(plain.a * applied(from, farColumn, from.y) + plain.b - applied(to, farNow, to.y));
      expect(off).toBeGreaterThan(4);
    });
  });
});
