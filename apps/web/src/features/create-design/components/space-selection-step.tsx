import { messages, NOTES_MAX_LENGTH, type Mode } from '@dwellscape/shared';
import { Camera, Check, RefreshCw, Sparkles, Trash2, Wand2 } from 'lucide-react';
import { useId, useRef, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ChoiceTile } from '@/components/ui/choice-tile';
import { EmptyState } from '@/components/ui/empty-state';
import { ResponsiveImage, imageSizes } from '@/components/ui/responsive-image';
import { SelectedMark } from '@/components/ui/selected-mark';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useDesignMode } from '@/lib/preferences';
import { useSpaces } from '@/lib/api/get-spaces';
import { useTemplates } from '../api/get-templates';
import { useImproveDesignNotes } from '../api/improve-text';
import { usePhotoUpload } from '../hooks/use-photo-upload';
import { hasChosenSpace, updateCreateDraft, useCreateDraft } from '../stores/create-draft';
import { aiSpaceTypeOf, uploadedSpaceTypeOf } from '../utils/space-type';
import { StepLayout } from './step-layout';

/** Step 3 (SPEC §2, §5): a preset space or the person's own photo, and optional notes for the render. */
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
      <SpacePhotoUpload mode={mode} photoUrl={draft.uploadedSpaceImage} />
      <PresetSpaces mode={mode} selectedId={draft.uploadedSpaceImage ? null : draft.selectedSpaceId} />
      {isChosen && <DesignNotes mode={mode} notes={draft.userNotes} refinedNotes={draft.refinedNotes} />}
    </StepLayout>
  );
}

function SpacePhotoUpload({ mode, photoUrl }: { mode: Mode; photoUrl: string | null }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { upload, isUploading } = usePhotoUpload();

  const choosePhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []).slice(0, 1);
    event.currentTarget.value = '';
    const [photo] = await upload(files);
    // SPEC §5: an uploaded photo replaces any chosen preset
    if (photo)
      updateCreateDraft({
        uploadedSpaceImage: photo.url,
        selectedSpaceId: null,
        selectedSpaceType: uploadedSpaceTypeOf(mode),
      });
  };

  const removePhoto = () => updateCreateDraft({ uploadedSpaceImage: null, selectedSpaceType: '' });

  return (
    <div>
      <h2 className="text-base font-semibold">Your space</h2>
      <input
        ref={inputRef}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="sr-only"
        tabIndex={-1}
        aria-label="Upload a photo of your space"
        onChange={(event) => void choosePhoto(event)}
      />
      {photoUrl ? (
        <figure className="relative mt-3 overflow-hidden rounded-2xl bg-muted shadow-card ring-2 ring-primary">
          <ResponsiveImage
            src={photoUrl}
            alt="Your uploaded space"
            sizes={imageSizes.column}
            priority
            className="aspect-[4/3] w-full object-cover"
          />
          <figcaption className="absolute inset-x-0 bottom-0 flex items-center gap-2 bg-gradient-to-t from-black/70 to-transparent p-3 pt-10 text-sm font-semibold text-white">
            <Check className="size-4" aria-hidden /> Your photo
            <span className="ml-auto flex gap-2">
              <Button size="sm" variant="secondary" isLoading={isUploading} onClick={() => inputRef.current?.click()}>
                {!isUploading && <Camera className="size-4" aria-hidden />}
                Replace
              </Button>
              <Button size="sm" variant="secondary" aria-label="Remove photo" onClick={removePhoto}>
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </span>
          </figcaption>
        </figure>
      ) : (
        <button
          type="button"
          disabled={isUploading}
          onClick={() => inputRef.current?.click()}
          className="mt-3 flex aspect-[16/7] w-full cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-input bg-surface text-center transition-colors hover:border-primary hover:bg-primary-soft/40 disabled:cursor-wait"
        >
          <span className="grid size-12 place-items-center rounded-2xl bg-primary-soft text-primary">
            {isUploading ? <Spinner className="size-5" /> : <Camera className="size-6" aria-hidden />}
          </span>
          <span className="text-sm font-semibold">
            {isUploading ? 'Uploading your photo…' : 'Upload a photo of your space'}
          </span>
          <span className="text-xs text-muted-foreground">JPG, PNG or WebP, up to 10MB</span>
        </button>
      )}
    </div>
  );
}

interface PresetOption {
  id: string;
  name: string;
  category: string;
  tags: string[];
  thumbnailUrl: string;
}

function PresetSpaces({ mode, selectedId }: { mode: Mode; selectedId: string | null }) {
  const templates = useTemplates(mode);
  const spaces = useSpaces(mode);

  // SPEC §5: a chosen preset replaces any uploaded photo
  const choose = (option: PresetOption) =>
    updateCreateDraft({ selectedSpaceId: option.id, selectedSpaceType: option.category, uploadedSpaceImage: null });

  return (
    <>
      <PresetSection
        title="Templates"
        query={templates}
        options={templates.data?.map((template) => ({ ...template, tags: [] }))}
        selectedId={selectedId}
        onChoose={choose}
      />
      <PresetSection title="Spaces" query={spaces} options={spaces.data} selectedId={selectedId} onChoose={choose} />
    </>
  );
}

interface PresetSectionProps {
  title: string;
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  options: PresetOption[] | undefined;
  selectedId: string | null;
  onChoose: (option: PresetOption) => void;
}

function PresetSection({ title, query, options, selectedId, onChoose }: PresetSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="text-base font-semibold">
        {title}
      </h2>
      {query.isPending ? (
        <div aria-busy="true" aria-label={`Loading ${title.toLowerCase()}`} className="mt-3 grid grid-cols-2 gap-3">
          {[0, 1].map((index) => (
            <Skeleton key={index} className="aspect-[4/3] rounded-2xl" />
          ))}
        </div>
      ) : query.isError || !options ? (
        <EmptyState
          icon={RefreshCw}
          tone="danger"
          title={`The ${title.toLowerCase()} could not be loaded.`}
          className="py-6"
          action={
            <Button variant="outline" onClick={() => void query.refetch()}>
              Try Again
            </Button>
          }
        />
      ) : options.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">None for this mode yet.</p>
      ) : (
        <ul aria-label={title} className="mt-3 grid grid-cols-2 gap-3">
          {options.map((option) => (
            <li key={option.id}>
              <PresetTile option={option} isSelected={option.id === selectedId} onChoose={() => onChoose(option)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PresetTile({
  option,
  isSelected,
  onChoose,
}: {
  option: PresetOption;
  isSelected: boolean;
  onChoose: () => void;
}) {
  return (
    <ChoiceTile
      imageUrl={option.thumbnailUrl}
      imageClassName="aspect-[4/3]"
      isSelected={isSelected}
      onClick={onChoose}
      mark={isSelected && <SelectedMark className="size-7 shadow" strokeWidth={3} />}
    >
      <span className="flex flex-1 flex-col gap-1.5 p-3">
        <span className="text-sm leading-snug font-semibold">{option.name}</span>
        <span className="text-xs text-muted-foreground">{option.category}</span>
        {option.tags.length > 0 && (
          <span className="flex flex-wrap gap-1">
            {option.tags.map((tag) => (
              <Badge key={tag} tone="primary" className="px-2 text-[0.6875rem]">
                {tag}
              </Badge>
            ))}
          </span>
        )}
      </span>
    </ChoiceTile>
  );
}

/** SPEC §5: the instructions box, shown once a space is chosen; 'Refine with AI' needs notes. */
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
