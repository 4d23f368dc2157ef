import { messages } from '@dwellscape/shared';
import { useState, type FormEvent } from 'react';
import { accountReasons, useRequireAccount } from '@/components/account/account-sheet-provider';
import { toast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { useAddDesignComment } from '@/lib/api/add-design-comment';

/**
 * A comment box's text and its submit: whitespace alone gets the 'Empty Comment' toast; comments are posted under
 * the account's name (decision 0016), so signed out the sign-in sheet asks first and the typed comment is posted
 * once the person has signed in.
 */
export function useCommentComposer(designId: string) {
  const [text, setText] = useState('');
  const addComment = useAddDesignComment();
  const { runWithAccount } = useRequireAccount();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (addComment.isPending) return;
    const trimmed = text.trim();
    if (!trimmed) {
      toast.error(messages.comments.emptyTitle, { description: messages.comments.emptyBody });
      return;
    }
    try {
      const outcome = await runWithAccount(() => addComment.mutateAsync({ designId, body: { text: trimmed } }), {
        reason: accountReasons.comment,
      });
      if (!outcome.completed) return;
      setText('');
      toast.success(messages.comments.successTitle, { description: messages.comments.successBody });
    } catch (error) {
      console.error('Posting a comment failed', error);
      // past the comment limit the server says how to go on ('You are commenting too fast…'): its words
      if (error instanceof ApiError && error.status === 429) toast.error(error.message);
      else toast.error(error instanceof ApiError ? messages.comments.submitFailed : messages.comments.unexpected);
    }
  }

  return { text, setText, submit, isPending: addComment.isPending };
}
