import type { Design } from '@dwellscape/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRequireAccount } from '@/components/account/account-sheet-provider';
import { setDesignSavedOptimistically } from '@/lib/api/save-design';

export const saveTexts = {
  save: 'Save',
  saved: 'Saved',
  signInReason: 'Sign in or sign up to save designs. This one is saved as soon as you have.',
  saveFailed: 'Could not save the design. Please try again.',
  unsaveFailed: 'Could not remove the design from Saved. Please try again.',
} as const;

/** The bookmark of a design card: saved at once, written to the server, put back if that fails. */
export function SaveButton({
  design,
  className,
}: {
  design: Pick<Design, 'id' | 'savedByViewer'>;
  className?: string;
}) {
  const queryClient = useQueryClient();
  const { runWithAccount } = useRequireAccount();
  const saved = design.savedByViewer;

  async function toggle() {
    const wanted = !saved;
    try {
      await runWithAccount(() => setDesignSavedOptimistically(queryClient, design, wanted), {
        reason: saveTexts.signInReason,
      });
    } catch (error) {
      console.error('Saving the design failed; it was put back.', error);
      // the toaster loads only when something has to be said: the feed's first load carries none of it
      const { toast } = await import('@/components/ui/toaster');
      toast.error(wanted ? saveTexts.saveFailed : saveTexts.unsaveFailed);
    }
  }

  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={saved ? saveTexts.saved : saveTexts.save}
      onClick={() => void toggle()}
      // joined, not merged: none of these classes conflict, and a feed renders a save button per card
      className={[
        'group inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full transition-colors hover:bg-muted',
        saved ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
        className,
      ]
        .filter(Boolean)
        .join(' ')}
    >
      {/* a CSS icon (styles/css-icons.css): filled while saved */}
      <span
        aria-hidden
        className={`icon size-5 transition-transform group-active:scale-110 ${saved ? 'icon-bookmark-filled' : 'icon-bookmark'}`}
      />
    </button>
  );
}
