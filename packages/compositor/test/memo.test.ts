import { UPLOAD_MAX_PIXELS } from '@dwellscape/shared';
import { describe, expect, it } from 'vitest';
import { forgetRenderMemos, renderLocalDesign, type LocalDesignInput } from '../src';
import { Memo, memoKey } from '../src/memo';
import { livingRoomPhoto, productImage } from './fixtures/synthetic-images';

describe('Memo', () => {
  it('keeps values within its byte budget, the least recently used out first', () => {
    const memo = new Memo<string>(10);
    memo.set('a', 'A', 4);
    memo.set('b', 'B', 4);
    expect(memo.get('a')).toBe('A');
    // 'b' is now the least recently used: it goes to make room
    memo.set('c', 'C', 4);
    expect(memo.get('b')).toBeUndefined();
    expect([memo.get('a'), memo.get('c')]).toEqual(['A', 'C']);
    // a value larger than the whole budget is not kept, and pushes nothing out
    memo.set('huge', 'H', 11);
    expect(memo.get('huge')).toBeUndefined();
    expect(memo.size).toBe(2);
    memo.clear();
    expect(memo.get('a')).toBeUndefined();
  });

  it('keys equal bytes alike and tells apart what else the value depends on', () => {
    const bytes = Uint8Array.from([1, 2, 3]);
    expect(memoKey(bytes, 7)).toBe(memoKey(Uint8Array.from([1, 2, 3]), 7));
    expect(memoKey(bytes, 7)).not.toBe(memoKey(bytes, 8));
    expect(memoKey(bytes, 7)).not.toBe(memoKey(Uint8Array.from([1, 2, 4]), 7));
  });
});

describe('renders that reuse the cut-outs and the photo analysis kept from earlier renders', () => {
  it('give the same bytes and placements as renders that work everything out again', async () => {
    const input: LocalDesignInput = {
      spaceImage: await livingRoomPhoto(1200, 900, { grain: 6 }),
      products: [
        { bytes: await productImage('sofa'), category: 'Sofa', name: 'Teal Velvet Sofa' },
        { bytes: await productImage('lamp'), category: 'Lighting', name: 'Arc Floor Lamp' },
      ],
      answers: {},
      mode: 'interior',
      spaceType: 'Living Room',
      width: 800,
      maxInputPixels: UPLOAD_MAX_PIXELS,
    };
    forgetRenderMemos();
    const cold = await Promise.all([0, 1].map(async (seed) => renderLocalDesign({ ...input, seed })));
    // the second round finds every cut-out and the analysis kept
    const warm = await Promise.all([0, 1].map(async (seed) => renderLocalDesign({ ...input, seed })));
    for (const [n, design] of warm.entries()) {
      expect(Buffer.from(design.bytes).equals(Buffer.from(cold[n]!.bytes))).toBe(true);
      expect(design.placements).toEqual(cold[n]!.placements);
      expect(design.geometry).toEqual(cold[n]!.geometry);
    }
  }, 120_000);
});
