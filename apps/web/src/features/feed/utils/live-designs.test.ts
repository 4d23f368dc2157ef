import { apiPaths } from '@dwellscape/shared';
import { expect, it } from 'vitest';
import { cacheHolding, cachedDesign as design } from '../../../../test/design-cache';
import { jsonResponse, mockApi } from '../../../../test/mock-api';
import { toggleDesignLike } from '@/lib/api/like-design';
import { applyDesignCounts } from './live-designs';

it('keeps a live count from undoing the step while the viewer’s like is on its way, and takes it again after', async () => {
  const { queryClient, postDesign } = cacheHolding();
  let answer!: (response: Response) => void;
  mockApi({ [`PUT ${apiPaths.designLike(design.id)}`]: () => new Promise<Response>((resolve) => (answer = resolve)) });
  const done = toggleDesignLike(queryClient, design);
  // counted before the like reached the server: the comments move, the number waits for the answer
  applyDesignCounts(queryClient, { id: 'd1', likesCount: 10, commentsCount: 3 });
  expect(postDesign()).toMatchObject({ likedByViewer: true, likesCount: 11, commentsCount: 3 });

  answer(jsonResponse(200, { liked: true, likesCount: 11 }));
  await done;
  applyDesignCounts(queryClient, { id: 'd1', likesCount: 12, commentsCount: 3 });
  expect(postDesign()).toMatchObject({ likedByViewer: true, likesCount: 12 });
});
