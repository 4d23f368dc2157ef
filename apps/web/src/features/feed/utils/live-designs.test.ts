import type { Design } from '@dwellscape/shared';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../test/render';
import { toggleDesignLike } from '@/lib/api/like-design';
import { applyDesignCounts } from './live-designs';

const design = {
  id: 'd1',
  title: 'Sunny loft',
  afterImageUrl: '/media/d1.webp',
  likesCount: 10,
  likedByViewer: false,
  commentsCount: 2,
} as Design;

const postKey = ['designs', 'detail', 'd1'];
const fetchMock = vi.fn<typeof fetch>();
let queryClient: QueryClient;
const postDesign = () => queryClient.getQueryData<Design>(postKey)!;

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  queryClient = new QueryClient();
  queryClient.setQueryData(postKey, design);
});

afterEach(() => vi.unstubAllGlobals());

it('keeps a live count from undoing the step while the viewer’s like is on its way, and takes it again after', async () => {
  let answer!: (response: Response) => void;
  fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
  const done = toggleDesignLike(queryClient, design);
  // counted before the like reached the server: the comments move, the number waits for the answer
  applyDesignCounts(queryClient, { id: 'd1', likesCount: 10, commentsCount: 3 });
  expect(postDesign()).toMatchObject({ likedByViewer: true, likesCount: 11, commentsCount: 3 });

  answer(jsonResponse(200, { liked: true, likesCount: 11 }));
  await done;
  applyDesignCounts(queryClient, { id: 'd1', likesCount: 12, commentsCount: 3 });
  expect(postDesign()).toMatchObject({ likedByViewer: true, likesCount: 12 });
});
