import { formatPrice, type Mode, type Product } from '@dwellscape/shared';
import { Check, PackageOpen, RefreshCw, Search, SearchX, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ChoiceTile } from '@/components/ui/choice-tile';
import { EmptyState } from '@/components/ui/empty-state';
import { inputClasses } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useProducts } from '../api/get-products';
import { updateCreateDraft, type DraftProduct } from '../stores/create-draft';

export const pickerTexts = {
  searchLabel: 'Search products',
  searchPlaceholder: 'Search by name or brand',
  categoriesLabel: 'Filter by category',
  allCategories: 'All',
  noMatch: (query: string) => `No products match "${query}"`,
  noMatchInCategory: (query: string, category: string) => `No ${category} products match "${query}"`,
  clearSearch: 'Clear search',
  /**
   * How many are chosen (catalogue products and own items: step 1's one count, said the same in the picker and by
   * Next), and how many of those the filter hides (they stay chosen).
   */
  chosen: (count: number, hidden = 0) =>
    count === 0 ? 'Nothing chosen yet' : hidden > 0 ? `${count} chosen · ${hidden} not shown` : `${count} chosen`,
} as const;

/** The mode's categories as the catalogue has them, in alphabetical order. */
export function categoriesOf(products: readonly Product[]): string[] {
  return [...new Set(products.map((product) => product.category))].sort((a, b) => a.localeCompare(b));
}

/** Products of `category` (all when null) whose name or brand holds every word of `query`, in any case. */
export function filterProducts(products: readonly Product[], category: string | null, query: string): Product[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  return products.filter((product) => {
    if (category !== null && product.category !== category) return false;
    const text = `${product.name} ${product.brandName}`.toLocaleLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/**
 * Step 1's catalogue (docs/product.md §2.7): the mode's products with a search box and category chips, from the
 * catalogue itself. Filtering only hides tiles: what is chosen stays chosen, and the sticky bar says how many.
 */
export function ProductPicker({
  mode,
  selected,
  ownItemCount = 0,
}: {
  mode: Mode;
  selected: DraftProduct[];
  /** The person's own items, chosen too: counted with the products. */
  ownItemCount?: number;
}) {
  const [query, setQuery] = useState('');
  const [chosenCategory, setCategory] = useState<string | null>(null);
  const products = useProducts({ mode });
  const searchId = useId();
  const all = useMemo(() => products.data ?? [], [products.data]);
  const categories = useMemo(() => categoriesOf(all), [all]);
  // a category of the other mode is not offered here
  const category = chosenCategory !== null && categories.includes(chosenCategory) ? chosenCategory : null;
  const shown = useMemo(() => filterProducts(all, category, query), [all, category, query]);

  const ofMode = selected.filter((product) => product.mode === mode);
  const selectedIds = new Set(ofMode.map((product) => product.id));
  const shownIds = new Set(shown.map((product) => product.id));
  const hiddenChosen = ofMode.filter((product) => !shownIds.has(product.id)).length;

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
      <div className="sticky top-[calc(env(safe-area-inset-top)+3.5rem)] z-20 -mx-4 border-b border-border/60 bg-background/95 px-4 pt-3 pb-2 backdrop-blur-xl">
        <div className="flex items-baseline justify-between gap-3">
          <h2 className="text-base font-semibold">Products</h2>
          <p className="text-sm font-medium text-muted-foreground tabular-nums" aria-live="polite">
            {pickerTexts.chosen(ofMode.length + ownItemCount, hiddenChosen)}
          </p>
        </div>
        <div className="relative mt-2">
          <label htmlFor={searchId} className="sr-only">
            {pickerTexts.searchLabel}
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <input
            id={searchId}
            type="search"
            value={query}
            placeholder={pickerTexts.searchPlaceholder}
            maxLength={100}
            onChange={(event) => setQuery(event.currentTarget.value)}
            className={cn(inputClasses, 'h-11 pr-11 pl-10 [&::-webkit-search-cancel-button]:hidden')}
          />
          {query !== '' && (
            <button
              type="button"
              aria-label={pickerTexts.clearSearch}
              onClick={() => setQuery('')}
              className="tap-area absolute top-1/2 right-1 grid size-9 -translate-y-1/2 cursor-pointer place-items-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground"
            >
              <X className="size-4" aria-hidden />
            </button>
          )}
        </div>
        {categories.length > 1 && <CategoryChips categories={categories} active={category} onChange={setCategory} />}
      </div>
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
      ) : all.length === 0 ? (
        <EmptyState icon={PackageOpen} title="No products here yet" description="Add photos of your own items below." />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title={
            category === null || query.trim() === ''
              ? pickerTexts.noMatch(query.trim())
              : pickerTexts.noMatchInCategory(query.trim(), category)
          }
          action={
            <Button variant="outline" onClick={() => setQuery('')}>
              {pickerTexts.clearSearch}
            </Button>
          }
        />
      ) : (
        <ul aria-label="Products" className="mt-3 grid grid-cols-2 gap-3">
          {shown.map((product) => (
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

function CategoryChips({
  categories,
  active,
  onChange,
}: {
  categories: readonly string[];
  active: string | null;
  onChange: (category: string | null) => void;
}) {
  const chip = (label: string, value: string | null) => {
    const isActive = value === active;
    return (
      <button
        key={value ?? 'all'}
        type="button"
        aria-pressed={isActive}
        onClick={() => onChange(value)}
        className={cn(
          'inline-flex h-11 shrink-0 cursor-pointer snap-start items-center rounded-full border px-3.5 text-sm font-semibold transition-colors',
          isActive
            ? 'border-primary bg-primary text-primary-foreground'
            : 'border-border bg-surface text-foreground hover:bg-muted',
        )}
      >
        {label}
      </button>
    );
  };
  return (
    <div
      role="group"
      aria-label={pickerTexts.categoriesLabel}
      className="-mx-4 mt-2 flex snap-x scroll-px-4 gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none]"
    >
      {chip(pickerTexts.allCategories, null)}
      {categories.map((category) => chip(category, category))}
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
