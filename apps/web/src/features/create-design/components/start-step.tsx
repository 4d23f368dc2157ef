import { formatPrice, type Brand, type Mode, type Product } from '@dwellscape/shared';
import { Check, PackageOpen, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ChoiceTile } from '@/components/ui/choice-tile';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useDesignMode } from '@/lib/preferences';
import { useBrands } from '../api/get-brands';
import { useProducts } from '../api/get-products';
import {
  getCreateDraft,
  productsOfMode,
  updateCreateDraft,
  useCreateDraft,
  type DraftProduct,
} from '../stores/create-draft';
import { OwnItemsEditor } from './own-items-editor';
import { StepLayout } from './step-layout';

/** Step 1 of 5 (docs/product.md §2, §5): products of the mode's brands, or photos of the person's own items. */
export function StartStep() {
  const mode = useDesignMode();
  const draft = useCreateDraft();
  const navigate = useNavigate();
  const chosenCount = productsOfMode(draft, mode).length + draft.uploadedProductImages.length;
  const [sizesRight, setSizesRight] = useState(true);

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
            {!sizesRight
              ? 'Fix the sizes marked above'
              : chosenCount === 0
                ? 'Nothing selected yet'
                : `${chosenCount} selected`}
          </p>
          <Button
            size="lg"
            disabled={chosenCount === 0 || !sizesRight}
            onClick={() => navigate(paths.createDesign.step('flow-questions'))}
          >
            Next
          </Button>
        </>
      }
    >
      <ProductPicker mode={mode} selected={draft.selectedProducts} />
      <OwnItemsEditor
        mode={mode}
        items={draft.uploadedProductImages}
        onItemsChange={(update) =>
          // read again: other uploads may have finished while these were on their way
          updateCreateDraft({ uploadedProductImages: update(getCreateDraft().uploadedProductImages) })
        }
        heading="Your own items"
        uploadLabel="Upload your own items"
        onValidityChange={setSizesRight}
      />
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
          'inline-flex h-11 shrink-0 cursor-pointer snap-start items-center gap-2 rounded-full border px-3.5 text-sm font-semibold transition-colors',
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
