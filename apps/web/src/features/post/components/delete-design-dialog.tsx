import { postPageMessages } from '@dwellscape/shared';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';

interface DeleteDesignDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isDeleting: boolean;
  onConfirm: () => void;
}

/** Asks once more before the author's design is deleted for good. */
export function DeleteDesignDialog({ open, onOpenChange, isDeleting, onConfirm }: DeleteDesignDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !isDeleting && onOpenChange(next)}>
      <DialogContent title={postPageMessages.deleteTitle} description={postPageMessages.deleteBody} role="alertdialog">
        <div className="grid grid-cols-2 gap-3 pt-2">
          <DialogClose asChild>
            <Button variant="outline" size="lg" disabled={isDeleting}>
              {postPageMessages.cancel}
            </Button>
          </DialogClose>
          <Button variant="danger" size="lg" isLoading={isDeleting} onClick={onConfirm}>
            <Trash2 className="size-4" aria-hidden />
            {postPageMessages.deleteConfirm}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
