import { apiPaths } from '@dwellscape/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cacheHolding, cachedDesign as design } from '../../../test/design-cache';
import { jsonResponse, mockApi, type MockedApi } from '../../../test/mock-api';
import { patchDesignIn } from './design-cache';
import { shownLikesCount, toggleDesignLike } from './like-design';

let cache: ReturnType<typeof cacheHolding>;
let api: MockedApi;
const feedDesign = () => cache.feedDesign();
const postDesign = () => cache.postDesign();
const like = `PUT ${apiPaths.designLike(design.id)}`;
const unlike = `DELETE ${apiPaths.designLike(design.id)}`;

function deferred() {
  let resolve!: (response: Response) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<Response>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

beforeEach(() => {
  api = mockApi();
  cache = cacheHolding();
});

describe('toggleDesignLike', () => {
  it('adds 1 at once everywhere, PUTs, then keeps the server count', async () => {
    const answer = deferred();
    api.answer({ [like]: () => answer.promise });
    const done = toggleDesignLike(cache.queryClient, design);
    expect(feedDesign()).toMatchObject({ likedByViewer: true, likesCount: 11 });
    expect(postDesign()).toMatchObject({ likedByViewer: true, likesCount: 11 });
    expect(api.callsTo(like)).toHaveLength(1);

    answer.resolve(jsonResponse(200, { liked: true, likesCount: 14 }));
    await done;
    expect(feedDesign()).toMatchObject({ likedByViewer: true, likesCount: 14 });
  });

  it('unlikes with DELETE and 1 less', async () => {
    api.answer({ [unlike]: { liked: false, likesCount: 9 } });
    await toggleDesignLike(cache.queryClient, { ...design, likedByViewer: true });
    expect(api.callsTo(unlike)).toHaveLength(1);
    expect(feedDesign()).toMatchObject({ likedByViewer: false, likesCount: 9 });
  });

  it('rolls back silently, logging only, when the write fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const answer = deferred();
    api.answer({ [like]: () => answer.promise });
    const done = toggleDesignLike(cache.queryClient, design);
    expect(feedDesign().likesCount).toBe(11);
    answer.resolve(jsonResponse(500, { error: 'Internal Server Error' }));
    await done;
    expect(feedDesign()).toMatchObject({ likedByViewer: false, likesCount: 10 });
    expect(postDesign()).toMatchObject({ likedByViewer: false, likesCount: 10 });
    expect(log).toHaveBeenCalled();
  });

  it('lets the newest click decide when answers overlap', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const liking = deferred();
    const unliking = deferred();
    api.answer({ [like]: () => liking.promise, [unlike]: () => unliking.promise });
    const first = toggleDesignLike(cache.queryClient, design);
    const second = toggleDesignLike(cache.queryClient, feedDesign());
    expect(feedDesign()).toMatchObject({ likedByViewer: false, likesCount: 10 });

    liking.resolve(jsonResponse(200, { liked: true, likesCount: 11 }));
    await first;
    // the like's answer is already outdated by the unlike still on its way
    expect(feedDesign()).toMatchObject({ likedByViewer: false, likesCount: 10 });

    unliking.reject(new TypeError('Failed to fetch'));
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
    api.answer({ [like]: () => answer.promise });
    const done = toggleDesignLike(cache.queryClient, design, false);
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
