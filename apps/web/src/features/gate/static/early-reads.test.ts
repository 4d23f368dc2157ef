import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterEarlyRead, earlyReadsFor } from './early-reads';

const created: HTMLImageElement[] = [];
const RealImage = window.Image;

afterEach(() => {
  vi.unstubAllGlobals();
  created.length = 0;
});

/** Every picture the code under test makes, kept for the test to look at. */
function watchPictures() {
  vi.stubGlobal(
    'Image',
    class extends RealImage {
      constructor() {
        super();
        created.push(this);
      }
    },
  );
}

describe('the gate’s first reads', () => {
  it('are the session and, on the home screen, the feed’s first page in the saved mode, carried by the gate', () => {
    const feed = '/api/designs?mode=interior&limit=25';
    expect(earlyReadsFor('/')).toEqual({
      gatePath: '/api/gate?feed=interior',
      reads: ['/api/me', feed],
      carried: feed,
    });
    // a link to a post: the gate's answer carries nothing
    expect(earlyReadsFor('/post/d1')).toEqual({ gatePath: '/api/gate', reads: ['/api/me'], carried: null });
  });

  it('start the first card’s picture from the feed’s first page, as the card asks for it', async () => {
    watchPictures();
    const url = '/api/designs?mode=interior&limit=25';
    afterEarlyRead(url, { items: [{ afterImageUrl: '/media/seed/designs/d-first-after.webp' }] });
    expect(created).toHaveLength(1);
    const picture = created[0]!;
    expect(picture.getAttribute('srcset')).toContain('/media/w/960/seed/designs/d-first-after.webp 960w');
    expect(picture.getAttribute('sizes')).toBe('(min-width: 32rem) 30rem, calc(100vw - 2rem)');
    expect(picture.fetchPriority).toBe('high');
  });

  it('start nothing for other reads, an empty feed, or a page that is not what the feed sends', async () => {
    watchPictures();
    const feed = '/api/designs?mode=landscape&limit=25';
    afterEarlyRead('/api/me', { items: [{ afterImageUrl: '/media/a.webp' }] });
    afterEarlyRead(feed, { items: [] });
    afterEarlyRead(feed, { items: [{ afterImageUrl: 42 }] });
    afterEarlyRead(feed, { items: [{ afterImageUrl: 'https://elsewhere.example/a.webp' }] });
    afterEarlyRead(feed, { items: [null] });
    afterEarlyRead(feed, null);
    afterEarlyRead(feed, 'proxy error');
    expect(created).toEqual([]);
  });
});
