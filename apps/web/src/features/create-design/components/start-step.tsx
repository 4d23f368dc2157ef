import { formatPrice, type Brand, type Mode, type Product } from '@dwellscape/shared';
import { Check, ImagePlus, PackageOpen, RefreshCw, X } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ChoiceTile } from '@/components/ui/choice-tile';
import { EmptyState } from '@/components/ui/empty-state';
import { ResponsiveImage, imageSizes } from '@/components/ui/responsive-image';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useDesignMode } from '@/lib/preferences';
import { useBrands } from '../api/get-brands';
import { useProducts } from '../api/get-products';
import { usePhotoUpload } from '../hooks/use-photo-upload';
import {
  getCreateDraft,
  productsOfMode,
  updateCreateDraft,
  useCreateDraft,
  type DraftProduct,
} from '../stores/create-draft';
import { StepLayout } from './step-layout';

/** Step 1 of 5 (SPEC §2, §5): products of the mode's brands, or photos of the person's own items. */
export function StartStep() {
  const mode = useDesignMode();
  const draft = useCreateDraft();
  const navigate = useNavigate();
  const chosenCount = productsOfMode(draft, mode).length + draft.uploadedProductImages.length;

  return (
    <StepLayout
      step="start"
      description={
        mode === 'landscape'
          ? 'Pick plants, furniture and features for your outdoor space, or add photos of your own.'
          : 'Pick furniture and decor for your room, or add photos of your own pieces.'
      }
      actions={
        <>
          <p className="flex-1 pl-2 text-sm text-muted-foreground" aria-live="polite">
            {chosenCount === 0 ? 'Nothing selected yet' : `${chosenCount} selected`}
          </p>
          <Button
            size="lg"
            disabled={chosenCount === 0}
            onClick={() => navigate(paths.createDesign.step('flow-questions'))}
          >
            Next
          </Button>
        </>
      }
    >
      <ProductPicker mode={mode} selected={draft.selectedProducts} />
      <OwnItemsUploader />
    </StepLayout>
  );
}

function ProductPicker({ mode, selected }: { mode: Mode; selected: DraftProduct[] }) {
  const [brandId, setBrandId] = useState<string | undefined>(undefined);
  const brands = useBrands(mode);
  // a brand chosen in the other mode is not offered here
  const activeBrandId = brands.data?.some((brand) => brand.id === brandId) ? brandId : undefined;
  const products = useProducts({ mode, brandId: activeBrandId });
  const selectedIds = new Set(selected.map((product) => product.id));

  const toggle = (product: Product) => {
    const next = selectedIds.has(product.id)
      ? selected.filter((item) => item.id !== product.id)
      : [
          ...selected,
          {
            id: product.id,
            name: product.name,
            price: product.price,
            brandId: product.brandId,
            imageUrl: product.imageUrl,
            mode: product.mode,
          },
        ];
    updateCreateDraft({ selectedProducts: next });
  };

  return (
    <div>
      <h2 className="text-base font-semibold">Brands</h2>
      <BrandChips brands={brands} activeBrandId={activeBrandId} onChange={setBrandId} />
      <h2 className="mt-6 text-base font-semibold">Products</h2>
      {products.isPending ? (
        <ProductGridSkeleton />
      ) : products.isError ? (
        <EmptyState
          icon={RefreshCw}
          tone="danger"
          title="The products could not be loaded."
          action={
            <Button variant="outline" onClick={() => void products.refetch()}>
              Try Again
            </Button>
          }
        />
      ) : products.data.length === 0 ? (
        <EmptyState
          icon={PackageOpen}
          title="No products here yet"
          description="Try another brand, or add photos of your own items below."
        />
      ) : (
        <ul
          aria-label="Products"
          className={cn('mt-3 grid grid-cols-2 gap-3 transition-opacity', products.isPlaceholderData && 'opacity-60')}
        >
          {products.data.map((product) => (
            <li key={product.id}>
              <ProductTile
                product={product}
                isSelected={selectedIds.has(product.id)}
                onToggle={() => toggle(product)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function BrandChips({
  brands,
  activeBrandId,
  onChange,
}: {
  brands: ReturnType<typeof useBrands>;
  activeBrandId: string | undefined;
  onChange: (brandId: string | undefined) => void;
}) {
  if (brands.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading brands" className="mt-3 flex gap-2 overflow-hidden">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-10 w-28 shrink-0 rounded-full" />
        ))}
      </div>
    );
  }
  if (brands.isError) return <p className="mt-3 text-sm text-danger">The brands could not be loaded.</p>;

  const chip = (label: string, brand: Brand | null) => {
    const isActive = (brand?.id ?? undefined) === activeBrandId;
    return (
      <button
        key={brand?.id ?? 'all'}
        type="button"
        aria-pressed={isActive}
        onClick={() => onChange(brand?.id)}
        className={cn(
          'inline-flex h-10 shrink-0 cursor-pointer snap-start items-center gap-2 rounded-full border px-3.5 text-sm font-semibold transition-colors',
          isActive
            ? 'border-primary bg-primary text-primary-foreground'
            : 'border-border bg-surface text-foreground hover:bg-muted',
        )}
      >
        {brand && (
          <img
            src={brand.logoUrl}
            alt=""
            className="size-6 rounded-full bg-muted object-cover"
            loading="lazy"
            decoding="async"
          />
        )}
        {label}
      </button>
    );
  };

  return (
    <div
      role="group"
      aria-label="Filter by brand"
      className="-mx-4 mt-3 flex snap-x gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none]"
    >
      {chip('All brands', null)}
      {brands.data.map((brand) => chip(brand.name, brand))}
    </div>
  );
}

function ProductTile({
  product,
  isSelected,
  onToggle,
}: {
  product: Product;
  isSelected: boolean;
  onToggle: () => void;
}) {
  return (
    <ChoiceTile
      imageUrl={product.imageUrl}
      imageClassName="aspect-square"
      isSelected={isSelected}
      onClick={onToggle}
      onImageError={(event) => (event.currentTarget.style.visibility = 'hidden')}
      mark={
        <span
          aria-hidden
          className={cn(
            'absolute top-2 right-2 grid size-7 place-items-center rounded-full border-2 transition-colors',
            isSelected
              ? 'border-primary bg-primary text-primary-foreground'
              : 'border-white/90 bg-black/20 text-transparent backdrop-blur-sm',
          )}
        >
          <Check className="size-4" strokeWidth={3} />
        </span>
      }
    >
      <span className="flex flex-1 flex-col gap-0.5 p-3">
        <span className="line-clamp-2 text-sm leading-snug font-semibold">{product.name}</span>
        <span className="truncate text-xs text-muted-foreground">{product.brandName}</span>
        <span className="mt-auto pt-1 text-sm font-semibold text-primary tabular-nums">
          {formatPrice(product.price)}
        </span>
      </span>
    </ChoiceTile>
  );
}

function ProductGridSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading products" className="mt-3 grid grid-cols-2 gap-3">
      {[0, 1, 2, 3].map((index) => (
        <div key={index} className="overflow-hidden rounded-2xl border border-border/70 bg-surface">
          <Skeleton className="aspect-square rounded-none" />
          <div className="space-y-2 p-3">
            <Skeleton className="h-3.5 w-4/5" />
            <Skeleton className="h-3 w-1/2" />
            <Skeleton className="h-3.5 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

const fileNameToItemName = (fileName: string, fallback: string) =>
  fileName
    .replace(/\.[^.]+$/, '')
    .replace(/[_-]+/g, ' ')
    .trim()
    .slice(0, 200) || fallback;

/** SPEC §3 uploaded items: several photos at once, stored on the server, price 0. */
function OwnItemsUploader() {
  const draft = useCreateDraft();
  const inputRef = useRef<HTMLInputElement>(null);
  const { upload, pendingCount, isUploading } = usePhotoUpload();

  const addFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    event.currentTarget.value = '';
    const timestamp = Date.now();
    const uploaded = await upload(files);
    if (uploaded.length === 0) return;
    updateCreateDraft({
      uploadedProductImages: [
        // read again: other uploads may have finished while these were on their way
        ...getCreateDraft().uploadedProductImages,
        ...uploaded.map((photo) => ({
          id: `uploaded_${timestamp}_${photo.index}`,
          url: photo.url,
          name: fileNameToItemName(photo.file.name, `Your item ${photo.index + 1}`),
          price: 0,
        })),
      ],
    });
  };

  const remove = (id: string) =>
    updateCreateDraft({ uploadedProductImages: draft.uploadedProductImages.filter((item) => item.id !== id) });

  return (
    <div className="mt-8">
      <h2 className="text-base font-semibold">Your own items</h2>
      <p className="mt-0.5 text-sm text-muted-foreground">
        Photos of pieces you already own. JPG, PNG or WebP, up to 10MB each.
      </p>
      {draft.uploadedProductImages.length > 0 && (
        <ul className="mt-3 flex flex-col gap-2" aria-label="Uploaded items">
          {draft.uploadedProductImages.map((item) => (
            <li
              key={item.id}
              className="flex items-center gap-3 rounded-2xl border border-border/70 bg-surface p-2 pr-3 shadow-card"
            >
              <span className="block size-14 shrink-0 overflow-hidden rounded-xl bg-muted">
                <ResponsiveImage src={item.url} alt="" sizes={imageSizes.tile4rem} className="size-full object-cover" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-semibold">{item.name}</span>
                <span className="block text-xs text-muted-foreground tabular-nums">{formatPrice(item.price)}</span>
              </span>
              <Button variant="ghost" size="icon" aria-label={`Remove ${item.name}`} onClick={() => remove(item.id)}>
                <X className="size-4" aria-hidden />
              </Button>
            </li>
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
        aria-label="Upload your own items"
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
            <ImagePlus className="size-5" aria-hidden /> Upload your own items
          </>
        )}
      </Button>
    </div>
  );
}
