import { COMMENT_TEXT_MAX_LENGTH, COMMENTS_DIALOG_MAX_HEIGHT, messages } from '@dwellscape/shared';
import { Send } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Avatar } from '@/components/ui/avatar';
import { inputClasses, Label } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { useDesignComments } from '@/lib/api/get-design-comments';
import { useMe } from '@/lib/api/get-me';
import { cn } from '@/lib/cn';
import { useCommentComposer } from './use-comment-composer';
import { CommentThread } from './comment-thread';

export const COMMENT_SIGN_IN_NOTE = 'You sign in or sign up when you post; what you wrote stays.';

interface CommentsDialogProps {
  designId: string;
  /** Names the design under the dialog's title. */
  designTitle?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * docs/product.md §2 design project comments: the list with relative times and a comment form. Comments are posted
 * as the signed-in account (docs/product.md §10, decision 0016), so the form asks for no name.
 */
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
  const textId = useId();
  const noteId = useId();
  const { text, setText, submit, isPending } = useCommentComposer(designId);
  const session = useMe().data;

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label="Add a comment"
      className="sticky bottom-0 -mx-1 flex flex-col gap-2.5 border-t border-border bg-surface-raised px-1 pt-3.5 pb-[max(1.25rem,env(safe-area-inset-bottom))]"
    >
      <p id={noteId} className="flex min-h-6 items-center gap-2 text-xs text-muted-foreground">
        {session?.signedIn ? (
          <>
            <Avatar
              src={session.currentUser.avatarUrl}
              name={session.currentUser.displayName}
              className="size-6 text-[0.625rem]"
            />
            <span className="min-w-0 truncate">
              Commenting as <span className="font-semibold text-foreground">{session.currentUser.displayName}</span>
            </span>
          </>
        ) : (
          COMMENT_SIGN_IN_NOTE
        )}
      </p>
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
          aria-describedby={noteId}
          className={cn(inputClasses, 'h-auto min-h-11 resize-none py-2.5 leading-snug')}
        />
        <Button
          type="submit"
          size="icon"
          className="size-11 rounded-xl"
          aria-label={isPending ? 'Posting comment' : 'Post comment'}
          disabled={!text}
          isLoading={isPending}
        >
          {!isPending && <Send className="size-4" aria-hidden />}
        </Button>
      </div>
    </form>
  );
}
