import { type Comment, type CommentPageResponse, contracts } from '@dwellscape/shared';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * One page of a design's comments, oldest first (docs/product.md §7 project comments read), 50 at a time after the cursor's
 * comment (docs/security.md). The first page is asked for with no query at all.
 */
export function getDesignComments(
  designId: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<CommentPageResponse> {
  return callApi(contracts.listComments, { params: { id: designId }, query: { cursor }, signal });
}

export type DesignCommentPages = InfiniteData<CommentPageResponse, string | null>;

export const designCommentsQueryOptions = (designId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.designs.comments(designId),
    queryFn: ({ pageParam, signal }) => getDesignComments(designId, pageParam ?? undefined, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

/**
 * The comments of the pages loaded, in order. A comment posted here is added to the last page loaded at once
 * (add-design-comment.ts); when the pages after it still had to load, it comes again on its own page, and it is
 * shown there, at its place among the others, not twice.
 */
export function commentsOfPages(pages: readonly CommentPageResponse[]): Comment[] {
  const all = pages.flatMap((page) => page.items);
  const lastIndexOf = new Map(all.map((comment, index) => [comment.id, index]));
  return all.filter((comment, index) => lastIndexOf.get(comment.id) === index);
}

/** A design's comments page by page: `comments` is every loaded page's, and `fetchNextPage` loads the next. */
export function useDesignComments(designId: string, { enabled = true }: { enabled?: boolean } = {}) {
  const pages = useInfiniteQuery({ ...designCommentsQueryOptions(designId), enabled });
  const comments = useMemo(() => (pages.data ? commentsOfPages(pages.data.pages) : undefined), [pages.data]);
  return { ...pages, comments };
}
