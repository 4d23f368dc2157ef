import {
  COMMENT_NAME_MAX_LENGTH,
  COMMENT_TEXT_MAX_LENGTH,
  COMMENTS_DIALOG_MAX_HEIGHT,
  messages,
} from '@dwellscape/shared';
import { Send } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { accountReasons, useRequireAccount } from '@/components/account/account-sheet-provider';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Input, inputClasses, Label } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { useAddDesignComment } from '@/lib/api/add-design-comment';
import { useDesignComments } from '@/lib/api/get-design-comments';
import { cn } from '@/lib/cn';
import { CommentThread } from './comment-thread';

interface CommentsDialogProps {
  designId: string;
  /** Names the design under the dialog's title. */
  designTitle?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** SPEC §2 design project comments: the list with relative times and a name + comment form. */
export function CommentsDialog({ designId, designTitle, open, onOpenChange }: CommentsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && <CommentsDialogBody designId={designId} designTitle={designTitle} />}
    </Dialog>
  );
}

function CommentsDialogBody({ designId, designTitle }: { designId: string; designTitle?: string }) {
  const comments = useDesignComments(designId);
  // Radix gives focus back to a Trigger; this dialog opens without one, so it remembers its opener
  const [opener] = useState(() => document.activeElement);

  useEffect(() => {
    if (comments.isError)
      toast.error(messages.comments.loadFailedTitle, { description: messages.comments.loadFailedBody });
  }, [comments.isError]);

  return (
    <DialogContent
      title="Comments"
      description={designTitle}
      style={{ maxHeight: COMMENTS_DIALOG_MAX_HEIGHT }}
      className="pb-0 sm:pb-0"
      onCloseAutoFocus={(event) => {
        if (opener instanceof HTMLElement && opener.isConnected) {
          event.preventDefault();
          opener.focus();
        }
      }}
    >
      <div className="flex min-h-full flex-col">
        <div className="flex-1 pb-4">
          <CommentThread comments={comments} />
        </div>
        <CommentForm designId={designId} />
      </div>
    </DialogContent>
  );
}

function CommentForm({ designId }: { designId: string }) {
  const nameId = useId();
  const textId = useId();
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const addComment = useAddDesignComment();
  const { runWithAccount } = useRequireAccount();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (addComment.isPending) return;
    const trimmedName = name.trim();
    const trimmedText = text.trim();
    if (!trimmedName) {
      toast.error(messages.comments.missingNameTitle, { description: messages.comments.missingNameBody });
      return;
    }
    if (!trimmedText) {
      toast.error(messages.comments.emptyTitle, { description: messages.comments.emptyBody });
      return;
    }
    try {
      // a named comment may need no account; if the server wants one, the sheet asks and the comment follows
      const outcome = await runWithAccount(
        () => addComment.mutateAsync({ designId, body: { name: trimmedName, text: trimmedText } }),
        { reason: accountReasons.comment, askFirst: false },
      );
      if (!outcome.completed) return;
      // the name stays for the next comment
      setText('');
      toast.success(messages.comments.successTitle, { description: messages.comments.successBody });
    } catch (error) {
      console.error('Posting a comment failed', error);
      toast.error(error instanceof ApiError ? messages.comments.submitFailed : messages.comments.unexpected);
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label="Add a comment"
      className="sticky bottom-0 -mx-1 flex flex-col gap-2.5 border-t border-border bg-surface-raised px-1 pt-4 pb-[max(1.25rem,env(safe-area-inset-bottom))]"
    >
      <Label htmlFor={nameId} className="sr-only">
        Your name
      </Label>
      <Input
        id={nameId}
        value={name}
        onChange={(event) => setName(event.target.value)}
        placeholder="Your name"
        autoComplete="name"
        maxLength={COMMENT_NAME_MAX_LENGTH}
        className="h-11"
      />
      <Label htmlFor={textId} className="sr-only">
        Comment
      </Label>
      <div className="flex items-end gap-2">
        <textarea
          id={textId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={messages.comments.addPlaceholder}
          maxLength={COMMENT_TEXT_MAX_LENGTH}
          rows={2}
          className={cn(inputClasses, 'h-auto min-h-11 resize-none py-2.5 leading-snug')}
        />
        <Button
          type="submit"
          size="icon"
          className="size-11 rounded-xl"
          aria-label={addComment.isPending ? 'Posting comment' : 'Post comment'}
          disabled={!name || !text}
          isLoading={addComment.isPending}
        >
          {!addComment.isPending && <Send className="size-4" aria-hidden />}
        </Button>
      </div>
    </form>
  );
}
