import type { Design } from '@dwellscape/shared';
import { describe, expect, it } from 'vitest';
import { flattenFeed, prependDesign, type FeedPages } from './prepend-design';

const design = (id: string) => ({ id, title: id }) as Design;
const feed = (...pages: string[][]): FeedPages => ({
  pages: pages.map((ids, index) => ({
    items: ids.map(design),
    nextCursor: index < pages.length - 1 ? `c${index}` : null,
  })),
  pageParams: pages.map((_, index) => (index === 0 ? null : `c${index - 1}`)),
});

describe('prependDesign', () => {
  it('puts a new design on top of the first page', () => {
    const next = prependDesign(feed(['b', 'c'], ['d']), design('a'));
    expect(flattenFeed(next).map((d) => d.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(next?.pageParams).toEqual([null, 'c0']);
  });

  it('ignores a design the feed already holds, on any page', () => {
    const current = feed(['b', 'c'], ['d']);
    expect(prependDesign(current, design('d'))).toBe(current);
  });

  it('leaves a feed that has not loaded alone', () => {
    expect(prependDesign(undefined, design('a'))).toBeUndefined();
  });
});

describe('flattenFeed', () => {
  it('lists each design once, in page order', () => {
    expect(flattenFeed(feed(['a', 'b'], ['b', 'c'])).map((d) => d.id)).toEqual(['a', 'b', 'c']);
  });
});
