import {
  formatPrice,
  OWN_ITEM_COST_MAX,
  OWN_ITEM_KINDS,
  SIZE_CM_MAX,
  SIZE_CM_MIN,
  type Mode,
  type SizeCm,
  type SizeDimension,
  type UploadedProductImage,
} from '@dwellscape/shared';
import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Button } from '@/components/ui/button';
import { OwnItemBadge } from '@/components/ui/own-item-badge';
import { inputClasses } from '@/components/ui/input';
import { ResponsiveImage, imageSizes } from '@/components/ui/responsive-image';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { usePhotoUpload } from '../hooks/use-photo-upload';

/** The kind of an own item nobody named, and the size it starts with: a mid-sized piece. */
export const OTHER_KIND = 'Something else';
export const OTHER_SIZE_CM: SizeCm = { width: 60, depth: 60, height: 80 };

export const OWN_ITEMS_NOTE = 'JPG, PNG or WebP, up to 10MB each.';
/** Under the cost field: where what it cost is shown (decision 0057). */
export const OWN_ITEM_COST_HINT = 'Shown on your post as what it cost you, never as a price.';

const dimensions: readonly { key: SizeDimension; label: string; short: string }[] = [
  { key: 'width', label: 'Width', short: 'W' },
  { key: 'depth', label: 'Depth', short: 'D' },
  { key: 'height', label: 'Height', short: 'H' },
];

export const kindsOfMode = (mode: Mode) => OWN_ITEM_KINDS.filter((kind) => kind.mode === mode);

/** The size a kind of thing usually has; `OTHER_SIZE_CM` for an item of no named kind. */
export function sizeOfKind(category: string | undefined): SizeCm {
  return OWN_ITEM_KINDS.find((kind) => kind.category === category)?.sizeCm ?? OTHER_SIZE_CM;
}

/** The kind a photo's file name names ('old-floor-lamp.jpg' → Floor Lamp), the longest match winning; else none. */
export function kindFromFileName(fileName: string, mode: Mode): string | undefined {
  const words = ` ${fileName
    .toLowerCase()
    .replace(/\.[^.]+$/, '')
    .replace(/[^a-z]+/g, ' ')} `;
  const named = kindsOfMode(mode).filter((kind) => {
    const name = kind.category.toLowerCase();
    return words.includes(` ${name} `) || words.includes(` ${name}s `);
  });
  return named.sort((a, b) => b.category.length - a.category.length)[0]?.category;
}

/** What is wrong with one typed dimension, in words; null when it is a size the engines accept. */
export function sizeError(dimension: SizeDimension, text: string): string | null {
  const label = dimensions.find((d) => d.key === dimension)!.label;
  const max = SIZE_CM_MAX[dimension];
  if (text.trim() === '') return `${label} is required.`;
  if (!/^\d+$/.test(text.trim())) return `${label} must be a whole number of centimetres.`;
  const value = Number(text);
  if (value < SIZE_CM_MIN || value > max) return `${label} must be between ${SIZE_CM_MIN} and ${max} cm.`;
  return null;
}

export const OWN_ITEM_NAME_MAX = 60;

/** A file's name as an item's name: 'old_floor-lamp (2).JPG' → 'Old floor lamp (2)'; `fallback` when nothing is left. */
export function fileNameToItemName(fileName: string, fallback: string): string {
  const words = fileName
    .replace(/\.[a-z0-9]{2,5}$/i, '')
    .replace(/[_.+-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, OWN_ITEM_NAME_MAX)
    .trim();
  return words ? words.charAt(0).toLocaleUpperCase() + words.slice(1) : fallback;
}

/** What is wrong with a typed name, in words; null when it will do. */
export function nameError(text: string): string | null {
  return text.trim() === '' ? 'Give this item a name.' : null;
}

/** What is wrong with a typed cost, in words; null when it is blank (not said) or an amount in dollars. */
export function costError(text: string): string | null {
  const trimmed = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (trimmed === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return 'What it cost must be an amount in dollars, like 120 or 89.50.';
  if (Number(trimmed) > OWN_ITEM_COST_MAX) return `What it cost must be at most ${formatPrice(OWN_ITEM_COST_MAX)}.`;
  return null;
}

/** A typed cost that `costError` took, in dollars; undefined when blank. */
const parseCost = (text: string): number | undefined => {
  const trimmed = text.trim().replace(/^\$/, '').replace(/,/g, '');
  return trimmed === '' ? undefined : Number(trimmed);
};

/** What the person typed and has not (yet) got right, by field; the item keeps its last right value. */
type TypedFields = Partial<Record<SizeDimension | 'name' | 'cost', string>>;

const fieldError = (key: keyof TypedFields, text: string) =>
  key === 'name' ? nameError(text) : key === 'cost' ? costError(text) : sizeError(key, text);

type ItemsUpdate = (update: (current: UploadedProductImage[]) => UploadedProductImage[]) => void;

interface OwnItemsEditorProps {
  mode: Mode;
  items: readonly UploadedProductImage[];
  /** Gets a function of the items as they are when the change lands: uploads finish one after another. */
  onItemsChange: ItemsUpdate;
  heading: string;
  /** The upload button's words. */
  uploadLabel: string;
  /** Told whenever a typed name, cost or size becomes wrong or right again: the step's main action waits for right ones. */
  onValidityChange?: (valid: boolean) => void;
}

/**
 * docs/product.md §3 uploaded items, the same in both flows: photos of the person's own pieces (several at once, stored on the
 * server, price 0), each with its kind and its real size in cm, which the person sees and can change.
 */
export function OwnItemsEditor({
  mode,
  items,
  onItemsChange,
  heading,
  uploadLabel,
  onValidityChange,
}: OwnItemsEditorProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { upload, pendingCount, isUploading } = usePhotoUpload();
  // typed fields not (yet) right, by item id: kept here, the item keeps its last right value
  const [typed, setTyped] = useState<Readonly<Record<string, TypedFields>>>({});
  const invalid = items.some((item) =>
    Object.entries(typed[item.id] ?? {}).some(
      ([key, text]) => text !== undefined && fieldError(key as keyof TypedFields, text) !== null,
    ),
  );
  useEffect(() => onValidityChange?.(!invalid), [invalid, onValidityChange]);

  const addFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    event.currentTarget.value = '';
    const timestamp = Date.now();
    const uploaded = await upload(files);
    if (uploaded.length === 0) return;
    onItemsChange((current) => [
      ...current,
      ...uploaded.map((photo): UploadedProductImage => {
        const category = kindFromFileName(photo.file.name, mode);
        return {
          id: `uploaded_${timestamp}_${photo.index}`,
          url: photo.url,
          name: fileNameToItemName(photo.file.name, `Your item ${photo.index + 1}`),
          price: 0,
          ...(category ? { category } : {}),
          sizeCm: sizeOfKind(category),
        };
      }),
    ]);
  };

  const change = (id: string, update: (item: UploadedProductImage) => UploadedProductImage) =>
    onItemsChange((current) => current.map((item) => (item.id === id ? update(item) : item)));

  const chooseKind = (id: string, category: string) => {
    setTyped(({ [id]: _dropped, ...rest }) => rest);
    change(id, ({ category: _old, ...item }) => ({
      ...item,
      ...(category === OTHER_KIND ? {} : { category }),
      sizeCm: sizeOfKind(category === OTHER_KIND ? undefined : category),
    }));
  };

  const typeName = (item: UploadedProductImage, text: string) => {
    setTyped((current) => ({ ...current, [item.id]: { ...current[item.id], name: text } }));
    if (nameError(text) === null) change(item.id, (current) => ({ ...current, name: text.trim() }));
  };

  const typeCost = (item: UploadedProductImage, text: string) => {
    setTyped((current) => ({ ...current, [item.id]: { ...current[item.id], cost: text } }));
    if (costError(text) !== null) return;
    const cost = parseCost(text);
    change(item.id, ({ cost: _old, ...current }) => (cost === undefined ? current : { ...current, cost }));
  };

  const typeSize = (item: UploadedProductImage, dimension: SizeDimension, text: string) => {
    setTyped((current) => ({ ...current, [item.id]: { ...current[item.id], [dimension]: text } }));
    if (sizeError(dimension, text) === null) {
      const size = item.sizeCm ?? sizeOfKind(item.category);
      change(item.id, (current) => ({ ...current, sizeCm: { ...size, [dimension]: Number(text) } }));
    }
  };

  const remove = (id: string) => {
    setTyped(({ [id]: _dropped, ...rest }) => rest);
    onItemsChange((current) => current.filter((item) => item.id !== id));
  };

  return (
    <div className="mt-8">
      <h2 className="text-base font-semibold">{heading}</h2>
      <p className="mt-0.5 text-sm text-muted-foreground">
        Photos of pieces you already own. {OWN_ITEMS_NOTE} Name each one; we place it at the size you give it.
      </p>
      {items.length > 0 && (
        <ul className="mt-3 flex flex-col gap-2" aria-label="Uploaded items">
          {items.map((item) => (
            <OwnItemRow
              key={item.id}
              item={item}
              mode={mode}
              typed={typed[item.id] ?? {}}
              onName={(text) => typeName(item, text)}
              onCost={(text) => typeCost(item, text)}
              onKind={(category) => chooseKind(item.id, category)}
              onSize={(dimension, text) => typeSize(item, dimension, text)}
              onRemove={() => remove(item.id)}
            />
          ))}
        </ul>
      )}
      <input
        ref={inputRef}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-label={uploadLabel}
        onChange={(event) => void addFiles(event)}
      />
      <Button
        variant="outline"
        className="mt-3 h-14 w-full border-dashed"
        disabled={isUploading}
        onClick={() => inputRef.current?.click()}
      >
        {isUploading ? (
          <>
            <Spinner /> Uploading {pendingCount} {pendingCount === 1 ? 'photo' : 'photos'}…
          </>
        ) : (
          <>
            <ImagePlus className="size-5" aria-hidden /> {uploadLabel}
          </>
        )}
      </Button>
    </div>
  );
}

interface OwnItemRowProps {
  item: UploadedProductImage;
  mode: Mode;
  typed: TypedFields;
  onName: (text: string) => void;
  onCost: (text: string) => void;
  onKind: (category: string) => void;
  onSize: (dimension: SizeDimension, text: string) => void;
  onRemove: () => void;
}

/**
 * One own item: its photo, its name (the person's to change), what it cost them if they say (never a price: it
 * is not for sale), what kind of thing it is, and its width × depth × height in cm.
 */
function OwnItemRow({ item, mode, typed, onName, onCost, onKind, onSize, onRemove }: OwnItemRowProps) {
  const kindId = useId();
  const nameId = useId();
  const costId = useId();
  const errorId = useId();
  const nameErrorId = useId();
  const costErrorId = useId();
  const costHintId = useId();
  const nameText = typed.name ?? item.name;
  const costText = typed.cost ?? (item.cost === undefined ? '' : String(item.cost));
  const nameProblem = typed.name === undefined ? null : nameError(typed.name);
  const costProblem = typed.cost === undefined ? null : costError(typed.cost);
  // the row is named by what the item is called now, or its last good name while the field is blank
  const label = item.name || 'this item';
  const size = item.sizeCm ?? sizeOfKind(item.category);
  const kinds = kindsOfMode(mode);
  // an item's kind from the other mode stays offered, so the select never shows a kind it does not hold
  const offered =
    item.category && !kinds.some((kind) => kind.category === item.category)
      ? [...kinds, ...OWN_ITEM_KINDS.filter((kind) => kind.category === item.category)]
      : kinds;
  const errors = dimensions.flatMap(({ key }) => {
    const text = typed[key];
    const error = text === undefined ? null : sizeError(key, text);
    return error ? [error] : [];
  });

  return (
    <li className="rounded-2xl border border-border/70 bg-surface p-2 pr-3 shadow-card">
      <div className="flex items-start gap-3">
        <span className="block size-14 shrink-0 overflow-hidden rounded-xl bg-muted">
          {/* just uploaded and in view: loaded at once (lazily, the walk found it an empty square) */}
          <ResponsiveImage
            src={item.url}
            alt=""
            sizes={imageSizes.tile4rem}
            priority
            className="size-full object-cover"
          />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex items-center justify-between gap-2">
            <label htmlFor={nameId} className="block text-xs font-medium text-muted-foreground">
              Name
            </label>
            <OwnItemBadge />
          </div>
          <input
            id={nameId}
            type="text"
            value={nameText}
            maxLength={OWN_ITEM_NAME_MAX}
            aria-invalid={nameProblem !== null || undefined}
            aria-describedby={nameProblem ? nameErrorId : undefined}
            onChange={(event) => onName(event.currentTarget.value)}
            className={cn(inputClasses, 'mt-1 h-10 px-2.5 text-sm font-semibold')}
          />
          {nameProblem && (
            <p id={nameErrorId} role="alert" className="mt-1 text-xs font-medium text-danger">
              {nameProblem}
            </p>
          )}
        </div>
        <Button variant="ghost" size="icon" aria-label={`Remove ${label}`} onClick={onRemove}>
          <X className="size-4" aria-hidden />
        </Button>
      </div>
      <div className="mt-2 pl-1">
        <label htmlFor={costId} className="block text-xs font-medium text-muted-foreground">
          What it cost (optional)
        </label>
        <div className="relative mt-1 w-36">
          <span
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-sm text-muted-foreground"
          >
            $
          </span>
          <input
            id={costId}
            type="text"
            inputMode="decimal"
            value={costText}
            placeholder="0.00"
            aria-invalid={costProblem !== null || undefined}
            aria-describedby={costProblem ? `${costErrorId} ${costHintId}` : costHintId}
            onChange={(event) => onCost(event.currentTarget.value)}
            className={cn(inputClasses, 'h-10 pr-2.5 pl-6 text-sm tabular-nums')}
          />
        </div>
        {costProblem && (
          <p id={costErrorId} role="alert" className="mt-1 text-xs font-medium text-danger">
            {costProblem}
          </p>
        )}
        <p id={costHintId} className="mt-1 text-xs text-muted-foreground">
          {OWN_ITEM_COST_HINT}
        </p>
      </div>
      {/* the kind on a row of its own: beside the size it had a third of a phone's width, and its longer kinds
          ('Something else', 'Coffee Table') were cut off (e2e/no-clipping.spec.ts) */}
      <div className="mt-2 pl-1">
        <label htmlFor={kindId} className="block text-xs font-medium text-muted-foreground">
          Kind
        </label>
        <select
          id={kindId}
          aria-label={`Kind of ${label}`}
          value={item.category ?? OTHER_KIND}
          onChange={(event) => onKind(event.currentTarget.value)}
          className={cn(inputClasses, 'mt-1 h-10 cursor-pointer px-2.5 text-sm')}
        >
          {offered.map((kind) => (
            <option key={kind.category} value={kind.category}>
              {kind.category}
            </option>
          ))}
          <option value={OTHER_KIND}>{OTHER_KIND}</option>
        </select>
      </div>
      <fieldset className="mt-2 pl-1" aria-describedby={errors.length > 0 ? errorId : undefined}>
        <legend className="text-xs font-medium text-muted-foreground">Size (W × D × H cm)</legend>
        <div className="mt-1 flex items-center gap-1">
          {dimensions.map(({ key, label, short }, index) => {
            const text = typed[key] ?? String(size[key]);
            const isWrong = typed[key] !== undefined && sizeError(key, typed[key]) !== null;
            return (
              <span key={key} className="flex items-center gap-1">
                {index > 0 && (
                  <span aria-hidden className="text-xs text-muted-foreground">
                    ×
                  </span>
                )}
                <input
                  type="text"
                  inputMode="numeric"
                  aria-label={`${label} of ${item.name || 'this item'} in cm`}
                  aria-invalid={isWrong || undefined}
                  title={`${label} (${short}) in cm`}
                  value={text}
                  onChange={(event) => onSize(key, event.currentTarget.value)}
                  className={cn(inputClasses, 'h-10 w-[3.25rem] px-1.5 text-center text-sm tabular-nums')}
                />
              </span>
            );
          })}
        </div>
      </fieldset>
      {errors.length > 0 && (
        <p id={errorId} role="alert" className="mt-1.5 pl-1 text-xs font-medium text-danger">
          {errors.join(' ')}
        </p>
      )}
    </li>
  );
}
