import { accountMessages } from '@dwellscape/shared';
import { Trash2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { useDeleteAccount } from '../api/delete-account';

export const deleteAccountTexts = {
  title: 'Delete your account?',
  description:
    'Your profile, designs, comments, likes, follows and saved designs are removed for good. Remixes others made of your designs stay, credited to a deleted user.',
  confirmLabel: (username: string) => `Type ${username} to confirm`,
  submit: 'Delete account',
  deleted: 'Your account has been deleted',
  failed: 'Your account could not be deleted. Please try again.',
} as const;

interface DeleteAccountDialogProps {
  username: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}

/** 'Delete account': asks for the username, as the server does, before anything goes. */
export function DeleteAccountDialog({ username, open, onOpenChange, onDeleted }: DeleteAccountDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && <DeleteAccountForm username={username} onDeleted={onDeleted} />}
    </Dialog>
  );
}

function DeleteAccountForm({ username, onDeleted }: Pick<DeleteAccountDialogProps, 'username' | 'onDeleted'>) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const remove = useDeleteAccount();
  const matches = typed.trim() === username;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (remove.isPending) return;
    if (!matches) {
      setError(accountMessages.deleteConfirmMismatch);
      return;
    }
    remove.mutate(
      { confirmUsername: typed.trim() },
      {
        onSuccess: () => {
          toast.success(deleteAccountTexts.deleted);
          onDeleted();
        },
        onError: (failure) =>
          setError(
            failure instanceof ApiError && failure.isClientError
              ? (failure.messageFor('confirmUsername') ?? failure.message)
              : deleteAccountTexts.failed,
          ),
      },
    );
  }

  return (
    <DialogContent
      title={deleteAccountTexts.title}
      description={deleteAccountTexts.description}
      // the one thing to do here is type the username
      initialFocus={field}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-5 pt-1">
        <TextField
          label={deleteAccountTexts.confirmLabel(username)}
          name="confirmUsername"
          inputRef={field}
          value={typed}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            setError(null);
          }}
          // the disabled button stops the browser's own submit on Enter: the form is sent here, and `submit` says why
          // nothing happens before the name matches
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || matches) return;
            event.preventDefault();
            event.currentTarget.form?.requestSubmit();
          }}
          error={error}
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={100}
        />
        <div className="grid grid-cols-2 gap-3">
          <DialogClose asChild>
            <Button variant="outline" size="lg">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" variant="danger" size="lg" disabled={!matches} isLoading={remove.isPending}>
            {!remove.isPending && <Trash2 className="size-4" aria-hidden />}
            {deleteAccountTexts.submit}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
