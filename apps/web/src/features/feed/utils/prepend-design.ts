import type { FeedDesign, FeedPage } from '@dwellscape/shared';
import type { InfiniteData } from '@tanstack/react-query';

export type FeedPages = InfiniteData<FeedPage, string | null>;

/** Puts a newly published design on top of the first page, unless the feed already holds it. */
export function prependDesign<P>(
  feed: InfiniteData<FeedPage, P> | undefined,
  design: FeedDesign,
): InfiniteData<FeedPage, P> | undefined {
  if (!feed || feed.pages.length === 0) return feed;
  if (feed.pages.some((page) => page.items.some((item) => item.id === design.id))) return feed;
  const [first, ...rest] = feed.pages;
  return { ...feed, pages: [{ ...first!, items: [design, ...first!.items] }, ...rest] };
}

/** All designs of the loaded pages, newest first, each id once (a live arrival may also come back in a page). */
export function flattenFeed<T extends { id: string }>(
  feed: { pages: readonly { items: readonly T[] }[] } | undefined,
): T[] {
  if (!feed) return [];
  const seen = new Set<string>();
  const designs: T[] = [];
  for (const page of feed.pages) {
    for (const design of page.items) {
      if (seen.has(design.id)) continue;
      seen.add(design.id);
      designs.push(design);
    }
  }
  return designs;
}
