import { EMPTY_SPACE_ID_SUFFIX, type Mode } from '@dwellscape/shared';
import { Camera, Check, RefreshCw, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ChoiceTile } from '@/components/ui/choice-tile';
import { EmptyState } from '@/components/ui/empty-state';
import { ResponsiveImage, imageSizes } from '@/components/ui/responsive-image';
import { SelectedMark } from '@/components/ui/selected-mark';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useSpaces } from '@/lib/api/get-spaces';
import { useTemplates } from '../api/get-templates';
import { usePhotoUpload } from '../hooks/use-photo-upload';
import { uploadedSpaceTypeOf } from '../utils/space-type';

/** The space a render is made in: the person's own photo, or one preset (a template or a space) of the mode. */
export interface SpaceChoice {
  uploadedSpaceImage: string | null;
  selectedSpaceId: string | null;
  selectedSpaceType: string;
}

interface SpaceChooserProps {
  mode: Mode;
  choice: SpaceChoice;
  onChange: (change: Partial<SpaceChoice>) => void;
}

/**
 * The space choice of both flows (docs/product.md §2, §5): the upload zone for the person's photo, then the mode's templates and
 * spaces. Choosing a preset removes any uploaded photo and vice versa.
 */
export function SpaceChooser({ mode, choice, onChange }: SpaceChooserProps) {
  return (
    <>
      <SpacePhotoUpload mode={mode} photoUrl={choice.uploadedSpaceImage} onChange={onChange} />
      <PresetSpaces
        mode={mode}
        selectedId={choice.uploadedSpaceImage ? null : choice.selectedSpaceId}
        onChange={onChange}
      />
    </>
  );
}

function SpacePhotoUpload({
  mode,
  photoUrl,
  onChange,
}: {
  mode: Mode;
  photoUrl: string | null;
  onChange: (change: Partial<SpaceChoice>) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { upload, isUploading } = usePhotoUpload();

  const choosePhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []).slice(0, 1);
    event.currentTarget.value = '';
    const [photo] = await upload(files);
    // docs/product.md §5: an uploaded photo replaces any chosen preset
    if (photo)
      onChange({
        uploadedSpaceImage: photo.url,
        selectedSpaceId: null,
        selectedSpaceType: uploadedSpaceTypeOf(mode),
      });
  };

  const removePhoto = () => onChange({ uploadedSpaceImage: null, selectedSpaceType: '' });

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
  /** the space's empty version (GET /api/spaces lists each seeded space furnished, then empty) */
  empty?: boolean;
}

type Furnishing = 'furnished' | 'empty';
const furnishingLabels: Record<Furnishing, string> = { furnished: 'Furnished', empty: 'Empty' };

function PresetSpaces({
  mode,
  selectedId,
  onChange,
}: {
  mode: Mode;
  selectedId: string | null;
  onChange: (change: Partial<SpaceChoice>) => void;
}) {
  const templates = useTemplates(mode);
  const spaces = useSpaces(mode);
  // each preset space comes furnished and empty: a design can start from a bare room or yard
  const [furnishing, setFurnishing] = useState<Furnishing>(() =>
    selectedId?.endsWith(EMPTY_SPACE_ID_SUFFIX) ? 'empty' : 'furnished',
  );
  const shownSpaces = spaces.data?.filter((space) => Boolean(space.empty) === (furnishing === 'empty'));

  // docs/product.md §5: a chosen preset replaces any uploaded photo
  const choose = (option: PresetOption) =>
    onChange({ selectedSpaceId: option.id, selectedSpaceType: option.category, uploadedSpaceImage: null });

  return (
    <>
      <PresetSection
        title="Templates"
        query={templates}
        options={templates.data?.map((template) => ({ ...template, tags: [] }))}
        selectedId={selectedId}
        onChoose={choose}
      />
      <PresetSection
        title="Spaces"
        query={spaces}
        options={shownSpaces}
        selectedId={selectedId}
        onChoose={choose}
        action={
          spaces.data?.some((space) => space.empty) && <FurnishingSwitch value={furnishing} onChange={setFurnishing} />
        }
      />
    </>
  );
}

/** 'Furnished' / 'Empty': which version of the preset spaces the grid shows. */
function FurnishingSwitch({ value, onChange }: { value: Furnishing; onChange: (value: Furnishing) => void }) {
  return (
    <div role="radiogroup" aria-label="Spaces as" className="flex rounded-full bg-muted p-0.5 text-xs font-semibold">
      {(Object.keys(furnishingLabels) as Furnishing[]).map((option) => (
        <button
          key={option}
          type="button"
          role="radio"
          aria-checked={value === option}
          onClick={() => onChange(option)}
          className={cn(
            'h-11 cursor-pointer rounded-full px-3 transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
            value === option ? 'bg-surface text-foreground shadow-card' : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {furnishingLabels[option]}
        </button>
      ))}
    </div>
  );
}

interface PresetSectionProps {
  /** beside the heading */
  action?: ReactNode;
  title: string;
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  options: PresetOption[] | undefined;
  selectedId: string | null;
  onChoose: (option: PresetOption) => void;
}

function PresetSection({ title, query, options, selectedId, onChoose, action }: PresetSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-base font-semibold">
          {title}
        </h2>
        {action}
      </div>
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
