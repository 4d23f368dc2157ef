import { messages, NOTES_MAX_LENGTH, type Mode } from '@dwellscape/shared';
import { Sparkles, Wand2 } from 'lucide-react';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useDesignMode } from '@/lib/preferences';
import { useImproveDesignNotes } from '../api/improve-text';
import { hasChosenSpace, updateCreateDraft, useCreateDraft } from '../stores/create-draft';
import { aiSpaceTypeOf } from '../utils/space-type';
import { SpaceChooser } from './space-chooser';
import { StepLayout } from './step-layout';

/** Step 3 (docs/product.md §2, §5): a preset space or the person's own photo, and optional notes for the render. */
export function SpaceSelectionStep() {
  const mode = useDesignMode();
  const draft = useCreateDraft();
  const navigate = useNavigate();
  const isChosen = hasChosenSpace(draft);

  return (
    <StepLayout
      step="space-selection"
      description={
        mode === 'landscape'
          ? 'Upload a photo of your yard, or start from one of ours.'
          : 'Upload a photo of your room, or start from one of ours.'
      }
      actions={
        <Button
          size="lg"
          className="flex-1"
          disabled={!isChosen}
          onClick={() => navigate(paths.createDesign.step('render-result'))}
        >
          <Wand2 className="size-5" aria-hidden />
          Render My Design
        </Button>
      }
    >
      <SpaceChooser mode={mode} choice={draft} onChange={updateCreateDraft} />
      {isChosen && <DesignNotes mode={mode} notes={draft.userNotes} refinedNotes={draft.refinedNotes} />}
    </StepLayout>
  );
}

/** docs/product.md §5: the instructions box, shown once a space is chosen; 'Refine with AI' needs notes. */
function DesignNotes({ mode, notes, refinedNotes }: { mode: Mode; notes: string; refinedNotes: string }) {
  const notesId = useId();
  const hintId = useId();
  const improve = useImproveDesignNotes();

  const refine = () => {
    if (!notes.trim()) {
      toast.warning(messages.create.notesBlank);
      return;
    }
    improve.mutate(
      { notes: notes.trim(), spaceType: aiSpaceTypeOf(mode) },
      {
        onSuccess: (refined) => {
          updateCreateDraft({ refinedNotes: refined });
          toast.success(messages.create.notesRefined);
        },
        onError: () => toast.error(messages.create.notesFailed),
      },
    );
  };

  return (
    <Card className="mt-8 p-4">
      <label htmlFor={notesId} className="text-base font-semibold">
        Instructions for your design
      </label>
      <p id={hintId} className="mt-0.5 text-sm text-muted-foreground">
        Optional. What should stay, what should change?
      </p>
      <textarea
        id={notesId}
        aria-describedby={hintId}
        value={notes}
        maxLength={NOTES_MAX_LENGTH}
        rows={3}
        placeholder={
          mode === 'landscape'
            ? 'e.g. Keep the old oak tree, add a shaded seating area'
            : 'e.g. Keep the fireplace, make it feel warmer'
        }
        // refined notes describe the old text; a change makes them stale
        onChange={(event) => updateCreateDraft({ userNotes: event.currentTarget.value, refinedNotes: '' })}
        className="mt-3 w-full resize-y rounded-xl border border-input bg-surface px-4 py-3 text-base text-foreground shadow-xs outline-none placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:ring-4 focus-visible:ring-ring/15"
      />
      <Button variant="outline" className="mt-3 w-full" isLoading={improve.isPending} onClick={refine}>
        {!improve.isPending && <Sparkles className="size-4" aria-hidden />}
        Refine with AI
      </Button>
      {refinedNotes && (
        <div className="mt-4 rounded-xl bg-primary-soft p-3.5" aria-live="polite">
          <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-primary uppercase">
            <Sparkles className="size-3.5" aria-hidden /> Refined notes
          </p>
          <p className="mt-1.5 text-sm whitespace-pre-line">{refinedNotes}</p>
        </div>
      )}
    </Card>
  );
}
