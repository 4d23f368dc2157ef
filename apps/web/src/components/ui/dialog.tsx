import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode, RefObject } from 'react';
import { cn } from '@/lib/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogClose = DialogPrimitive.Close;

interface DialogContentProps extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
  title: ReactNode;
  description?: ReactNode;
  /** Hides the title visually while keeping it as the dialog's accessible name. */
  hideTitle?: boolean;
  /**
   * The field that has the focus as the dialog opens, for a dialog whose first job is typing. Without it the dialog
   * focuses its first button, 'Close', a moment after it appears, and takes what was typed in that moment with it.
   */
  initialFocus?: RefObject<HTMLElement | null>;
}

/** A sheet rising from the bottom on phones and a centred card on wider screens. */
export function DialogContent({
  title,
  description,
  hideTitle,
  initialFocus,
  className,
  children,
  ...props
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/45 backdrop-blur-[2px] data-[state=open]:animate-[fade-up_0.2s_ease-out]" />
      <DialogPrimitive.Content
        className={cn(
          'fixed inset-x-0 bottom-0 z-50 mx-auto flex max-h-[80vh] w-full max-w-lg flex-col rounded-t-3xl border border-border bg-surface-raised p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] text-foreground shadow-2xl outline-none data-[state=open]:animate-fade-up sm:bottom-auto sm:top-1/2 sm:-translate-y-1/2 sm:rounded-3xl',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...(initialFocus && {
          onOpenAutoFocus: (event: Event) => {
            event.preventDefault();
            initialFocus.current?.focus();
          },
        })}
        {...props}
      >
        <div className="mb-3 flex items-start justify-between gap-4">
          <div className={cn(hideTitle && 'sr-only')}>
            <DialogPrimitive.Title className="text-lg font-semibold tracking-tight">{title}</DialogPrimitive.Title>
            {description && (
              <DialogPrimitive.Description className="mt-1 text-sm text-muted-foreground">
                {description}
              </DialogPrimitive.Description>
            )}
          </div>
          <DialogPrimitive.Close
            aria-label="Close"
            // ml-auto: with a hidden title, the button is the row's only item and still belongs on the right
            className="-m-1.5 ml-auto grid size-11 shrink-0 cursor-pointer place-items-center rounded-full text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
          >
            <X className="size-5" aria-hidden />
          </DialogPrimitive.Close>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
