import { CircleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';

export interface DialogFormFooterProps {
  /** What went wrong with the whole form (not one field), said above the buttons. */
  error?: string | null;
  /** The submit button's words ('Save', 'Save changes'). */
  saveLabel: string;
  cancelLabel?: string;
  /** The save is under way: the button shows it and takes no second press. */
  isSaving?: boolean;
  /** Something the save needs is not ready yet (a photo still uploading). */
  isSaveDisabled?: boolean;
}

/**
 * The end of an edit dialog's form: the form's error, if any, then Cancel (closes the dialog) beside the submit
 * button, each half the width. The edit-design and edit-profile dialogs end with it.
 */
export function DialogFormFooter({
  error,
  saveLabel,
  cancelLabel = 'Cancel',
  isSaving = false,
  isSaveDisabled = false,
}: DialogFormFooterProps) {
  return (
    <>
      {error && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-xl bg-danger-soft px-3.5 py-3 text-sm font-medium text-danger"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {error}
        </p>
      )}
      <div className="grid grid-cols-2 gap-3">
        <DialogClose asChild>
          <Button variant="outline" size="lg">
            {cancelLabel}
          </Button>
        </DialogClose>
        <Button type="submit" size="lg" isLoading={isSaving} disabled={isSaveDisabled}>
          {saveLabel}
        </Button>
      </div>
    </>
  );
}
