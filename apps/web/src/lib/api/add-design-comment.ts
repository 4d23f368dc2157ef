import { type AddCommentBody, type AddCommentResponse, type Comment, contracts } from '@dwellscape/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { patchDesignEverywhere } from './design-cache';
import { queryKeys } from '@/lib/query-keys';

export interface AddDesignCommentInput {
  designId: string;
  /** Without a name the server posts as the current user (post detail, PRODUCT.md). */
  body: AddCommentBody;
}

/** SPEC §7 project comment insert; answers with the new comment and the design's new count. */
export function addDesignComment({ designId, body }: AddDesignCommentInput): Promise<AddCommentResponse> {
  return callApi(contracts.addComment, { params: { id: designId }, body });
}

export function useAddDesignComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDesignComment,
    onSuccess: ({ comment, commentsCount }, { designId }) => {
      queryClient.setQueryData<Comment[]>(queryKeys.designs.comments(designId), (comments) =>
        comments && !comments.some((known) => known.id === comment.id) ? [...comments, comment] : comments,
      );
      patchDesignEverywhere(queryClient, designId, { commentsCount });
    },
  });
}
