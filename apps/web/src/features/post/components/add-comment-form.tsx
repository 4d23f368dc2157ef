import { COMMENT_TEXT_MAX_LENGTH, messages } from '@dwellscape/shared';
import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { accountReasons, useRequireAccount } from '@/components/account/account-sheet-provider';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { useAddDesignComment } from '@/lib/api/add-design-comment';

/** The post's 'Add a comment...' box: posts as the current user (PRODUCT.md), so only the text is sent. */
export function AddCommentForm({ designId }: { designId: string }) {
  const inputId = useId();
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
      // signed out, the sheet asks first; the typed comment is posted once the person has signed in
      const outcome = await runWithAccount(() => addComment.mutateAsync({ designId, body: { text: trimmed } }), {
        reason: accountReasons.comment,
      });
      if (!outcome.completed) return;
      setText('');
      toast.success(messages.comments.successTitle, { description: messages.comments.successBody });
    } catch (error) {
      console.error('Posting a comment failed', error);
      toast.error(error instanceof ApiError ? messages.comments.submitFailed : messages.comments.unexpected);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Add a comment" className="flex items-center gap-2">
      <Label htmlFor={inputId} className="sr-only">
        Add a comment
      </Label>
      <Input
        id={inputId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={messages.comments.addPlaceholder}
        maxLength={COMMENT_TEXT_MAX_LENGTH}
        autoComplete="off"
        enterKeyHint="send"
        className="h-11 rounded-full px-4"
      />
      {/* SPEC §5: disabled while the text is empty or posting; whitespace alone gets the 'Empty Comment' toast */}
      <Button type="submit" className="h-11 rounded-full px-5" disabled={text === ''} isLoading={addComment.isPending}>
        {!addComment.isPending && <Send className="size-4" aria-hidden />}
        {messages.comments.post}
      </Button>
    </form>
  );
}
