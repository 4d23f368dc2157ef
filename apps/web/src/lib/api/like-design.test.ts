import type { Design, FeedPage } from '@dwellscape/shared';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render';
import { patchDesignIn } from './design-cache';
import { shownLikesCount, toggleDesignLike } from './like-design';

const design = {
  id: 'd1',
  title: 'Sunny loft',
  afterImageUrl: '/media/d1.webp',
  likesCount: 10,
  likedByViewer: false,
  commentsCount: 2,
} as Design;

const fetchMock = vi.fn<typeof fetch>();
let queryClient: QueryClient;

const feedKey = ['designs', 'feed', 'interior'];
const postKey = ['designs', 'detail', 'd1'];
const feedDesign = () => queryClient.getQueryData<{ pages: FeedPage[] }>(feedKey)!.pages[0]!.items[0]!;
const postDesign = () => queryClient.getQueryData<Design>(postKey)!;

function deferred() {
  let resolve!: (response: Response) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<Response>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  queryClient = new QueryClient();
  queryClient.setQueryData(feedKey, { pages: [{ items: [design], nextCursor: null }], pageParams: [null] });
  queryClient.setQueryData(postKey, design);
});

afterEach(() => vi.unstubAllGlobals());

describe('toggleDesignLike', () => {
  it('adds 1 at once everywhere, PUTs, then keeps the server count', async () => {
    const answer = deferred();
    fetchMock.mockReturnValueOnce(answer.promise);
    const done = toggleDesignLike(queryClient, design);
    expect(feedDesign()).toMatchObject({ likedByViewer: true, likesCount: 11 });
    expect(postDesign()).toMatchObject({ likedByViewer: true, likesCount: 11 });
    expect(fetchMock).toHaveBeenCalledWith('/api/designs/d1/like', expect.objectContaining({ method: 'PUT' }));

    answer.resolve(jsonResponse(200, { liked: true, likesCount: 14 }));
    await done;
    expect(feedDesign()).toMatchObject({ likedByViewer: true, likesCount: 14 });
  });

  it('unlikes with DELETE and 1 less', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { liked: false, likesCount: 9 }));
    await toggleDesignLike(queryClient, { ...design, likedByViewer: true });
    expect(fetchMock).toHaveBeenCalledWith('/api/designs/d1/like', expect.objectContaining({ method: 'DELETE' }));
    expect(feedDesign()).toMatchObject({ likedByViewer: false, likesCount: 9 });
  });

  it('rolls back silently, logging only, when the write fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const answer = deferred();
    fetchMock.mockReturnValueOnce(answer.promise);
    const done = toggleDesignLike(queryClient, design);
    expect(feedDesign().likesCount).toBe(11);
    answer.resolve(jsonResponse(500, { error: 'Internal Server Error' }));
    await done;
    expect(feedDesign()).toMatchObject({ likedByViewer: false, likesCount: 10 });
    expect(postDesign()).toMatchObject({ likedByViewer: false, likesCount: 10 });
    expect(log).toHaveBeenCalled();
  });

  it('lets the newest click decide when answers overlap', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const like = deferred();
    const unlike = deferred();
    fetchMock.mockReturnValueOnce(like.promise).mockReturnValueOnce(unlike.promise);
    const first = toggleDesignLike(queryClient, design);
    const second = toggleDesignLike(queryClient, feedDesign());
    expect(feedDesign()).toMatchObject({ likedByViewer: false, likesCount: 10 });

    like.resolve(jsonResponse(200, { liked: true, likesCount: 11 }));
    await first;
    // the like's answer is already outdated by the unlike still on its way
    expect(feedDesign()).toMatchObject({ likedByViewer: false, likesCount: 10 });

    unlike.reject(new TypeError('Failed to fetch'));
    await second;
    // the unlike failed: back to what the server last confirmed, the like
    expect(feedDesign()).toMatchObject({ likedByViewer: true, likesCount: 11 });
  });
});

describe('patchDesignIn', () => {
  it('patches a design wherever it sits and keeps untouched branches identical', () => {
    const other = { ...design, id: 'd2' };
    const data = { designs: [design, other], products: [{ id: 'd1', name: 'not a design' }] };
    const patched = patchDesignIn(data, 'd1', { commentsCount: 3 });
    expect(patched.designs[0]).toMatchObject({ id: 'd1', commentsCount: 3 });
    expect(patched.designs[1]).toBe(other);
    expect(patched.products).toBe(data.products);
    expect(patchDesignIn(data, 'missing', { commentsCount: 3 })).toBe(data);
  });

  it('a signed-out like fills the heart and leaves the public count, which the viewer sees with their like on top', async () => {
    const answer = deferred();
    fetchMock.mockReturnValueOnce(answer.promise);
    const done = toggleDesignLike(queryClient, design, false);
    expect(feedDesign()).toMatchObject({ likedByViewer: true, likesCount: 10 });
    expect(shownLikesCount(feedDesign(), false)).toBe(11);
    // the server keeps a session's like and counts it once it moves to the account
    answer.resolve(jsonResponse(200, { liked: true, likesCount: 10 }));
    await done;
    expect(postDesign()).toMatchObject({ likedByViewer: true, likesCount: 10 });
    expect(shownLikesCount(postDesign(), false)).toBe(11);
    // signed in, the public count already holds the viewer's like
    expect(shownLikesCount({ likedByViewer: true, likesCount: 11 }, true)).toBe(11);
    expect(shownLikesCount({ likedByViewer: false, likesCount: 10 }, false)).toBe(10);
  });
});
