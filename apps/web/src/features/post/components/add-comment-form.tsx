import { COMMENT_TEXT_MAX_LENGTH, messages } from '@dwellscape/shared';
import { Send } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { useCommentComposer } from '@/components/comments-dialog/use-comment-composer';

/** The post's 'Add a comment...' box: posts as the current user (docs/product.md §10), so only the text is sent. */
export function AddCommentForm({ designId }: { designId: string }) {
  const inputId = useId();
  const { text, setText, submit, isPending } = useCommentComposer(designId);

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
      {/* docs/product.md §5: disabled while the text is empty or posting; whitespace alone gets the 'Empty Comment' toast */}
      <Button type="submit" className="h-11 rounded-full px-5" disabled={text === ''} isLoading={isPending}>
        {!isPending && <Send className="size-4" aria-hidden />}
        {messages.comments.post}
      </Button>
    </form>
  );
}
