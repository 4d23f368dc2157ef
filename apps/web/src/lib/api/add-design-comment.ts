import { type AddCommentBody, type AddCommentResponse, contracts } from '@dwellscape/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { patchDesignEverywhere } from './design-cache';
import type { DesignCommentPages } from './get-design-comments';
import { queryKeys } from '@/lib/query-keys';

export interface AddDesignCommentInput {
  designId: string;
  /** Without a name the server posts as the current user (post detail, docs/product.md §10). */
  body: AddCommentBody;
}

/** docs/product.md §7 project comment insert; answers with the new comment and the design's new count. */
export function addDesignComment({ designId, body }: AddDesignCommentInput): Promise<AddCommentResponse> {
  return callApi(contracts.addComment, { params: { id: designId }, body });
}

export function useAddDesignComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDesignComment,
    onSuccess: ({ comment, commentsCount }, { designId }) => {
      // the newest comment goes last (oldest first): at the end of the last page loaded, shown at once
      queryClient.setQueryData<DesignCommentPages>(queryKeys.designs.comments(designId), (data) => {
        if (!data || data.pages.some((page) => page.items.some((known) => known.id === comment.id))) return data;
        const pages = [...data.pages];
        const last = pages.at(-1)!;
        pages[pages.length - 1] = { ...last, items: [...last.items, comment] };
        return { ...data, pages };
      });
      patchDesignEverywhere(queryClient, designId, { commentsCount });
    },
  });
}
