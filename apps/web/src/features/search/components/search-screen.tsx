import { messages, SEARCH_QUERY_MAX_LENGTH, type Product, type SearchList } from '@dwellscape/shared';
import { Search, SearchX, X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ProductDialog, type ProductPreview } from '@/components/product-dialog/product-dialog';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { ScreenHeader } from '@/components/ui/screen-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/cn';
import { useDesignMode } from '@/lib/preferences';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSearch, type SearchResults } from '../api/search';
import { useSearchList, type SearchListState } from '../hooks/use-search-list';
import { DesignResult } from './design-result';
import { ProductResult } from './product-result';
import { UserResult } from './user-result';

export const SEARCH_DEBOUNCE_MS = 250;

const [DESIGNS, PRODUCTS, USERS] = messages.search.tabs;
type Tab = (typeof messages.search.tabs)[number];
const tabParam = (tab: Tab) => tab.toLowerCase();
const tabFromParam = (value: string | null): Tab =>
  messages.search.tabs.find((tab) => tabParam(tab) === value) ?? DESIGNS;
const listOfTab: Record<Tab, SearchList> = { [DESIGNS]: 'designs', [PRODUCTS]: 'products', [USERS]: 'users' };

function addressParams(query: string, tab: Tab): URLSearchParams {
  const params = new URLSearchParams();
  if (query) params.set('q', query);
  if (tab !== DESIGNS) params.set('tab', tabParam(tab));
  return params;
}

/** The tab's name with how many match in all once there are results: 'Designs (3)', 'Designs (47)'. */
export const tabLabel = (tab: Tab, count: number | null) => (count === null ? tab : `${tab} (${count})`);

/** docs/product.md §2 search, served by the API (docs/product.md §10): one box, three tabs with match counts once text is typed. */
export function SearchScreen() {
  const mode = useDesignMode();
  // the words and the tab live in the address too, so coming back from a result shows the same results
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => params.get('q') ?? '');
  const [tab, setTab] = useState(() => tabFromParam(params.get('tab')));
  const typed = text.trim();
  const query = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const results = useSearch(query, mode);
  const [openProduct, setOpenProduct] = useState<ProductPreview | null>(null);

  // one writer with the whole state: two partial updates in a row would each start from the old address
  const address = addressParams(query, tab).toString();
  useEffect(() => {
    if (address !== params.toString())
      setParams(new URLSearchParams(address), { replace: true, preventScrollReset: true });
  }, [address, params, setParams]);

  const data = typed && results.data ? results.data : null;
  const isStale = data !== null && (data.query !== typed || results.isFetching);
  const lists = {
    designs: useSearchList('designs', data),
    products: useSearchList('products', data),
    users: useSearchList('users', data),
  };
  const countOf = (each: Tab) => (data ? lists[listOfTab[each]].total : null);

  return (
    <>
      <ScreenHeader
        title="Search"
        description={
          mode === 'landscape' ? 'Outdoor designs, garden products and people' : 'Room designs, furniture and people'
        }
      />
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          aria-label="Search"
          placeholder={messages.search.placeholder}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          value={text}
          onChange={(event) => setText(event.target.value)}
          enterKeyHint="search"
          autoComplete="off"
          className="pr-12 pl-12 [&::-webkit-search-cancel-button]:hidden"
        />
        {text && (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => setText('')}
            className="absolute top-1/2 right-1 grid size-11 -translate-y-1/2 cursor-pointer place-items-center rounded-full text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
          >
            <X className="size-4" aria-hidden />
          </button>
        )}
      </div>

      <Tabs value={tab} onValueChange={(value) => setTab(tabFromParam(value.toLowerCase()))} className="mt-4">
        <TabsList>
          {messages.search.tabs.map((each) => (
            <TabsTrigger key={each} value={each} className="px-2 tabular-nums">
              {tabLabel(each, countOf(each))}
            </TabsTrigger>
          ))}
        </TabsList>

        {!typed ? (
          <EmptyState
            icon={Search}
            title="Find designs, products and people"
            description="Start typing to search the community."
          />
        ) : results.isError && !isStale ? (
          <EmptyState
            icon={SearchX}
            tone="danger"
            title="Search failed"
            description={results.error.message}
            action={
              <Button variant="outline" onClick={() => void results.refetch()}>
                {messages.feed.tryAgain}
              </Button>
            }
          />
        ) : !data ? (
          <ResultsSkeleton />
        ) : (
          <div aria-busy={isStale || undefined} className={cn('transition-opacity', isStale && 'opacity-60')}>
            <ResultPanel
              tab={DESIGNS}
              results={data}
              list={lists.designs}
              render={(design) => <DesignResult design={design} />}
              className="space-y-3"
            />
            <ResultPanel
              tab={PRODUCTS}
              results={data}
              list={lists.products}
              render={(product) => (
                <ProductResult product={product} onOpen={(chosen: Product) => setOpenProduct(chosen)} />
              )}
            />
            <ResultPanel tab={USERS} results={data} list={lists.users} render={(user) => <UserResult user={user} />} />
          </div>
        )}
      </Tabs>
      <ProductDialog product={openProduct} onClose={() => setOpenProduct(null)} />
    </>
  );
}

interface ResultPanelProps<T extends { id: string }> {
  tab: Tab;
  results: SearchResults;
  list: SearchListState<T>;
  render: (item: T) => ReactNode;
  className?: string;
}

function ResultPanel<T extends { id: string }>({ tab, results, list, render, className }: ResultPanelProps<T>) {
  return (
    <TabsContent value={tab}>
      {list.items.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title={messages.search.empty(tab, results.query)}
          description="Try other words, or another tab."
        />
      ) : (
        <>
          <ul aria-label={`${tab} results`} className={cn('space-y-1', className)}>
            {list.items.map((item) => (
              <li key={item.id}>{render(item)}</li>
            ))}
          </ul>
          {list.hasMore && (
            <div className="mt-5 flex flex-col items-center gap-2 text-center">
              <p className="text-xs text-muted-foreground tabular-nums">
                Showing {list.items.length} of {list.total}
              </p>
              <Button variant="outline" isLoading={list.isLoadingMore} onClick={list.showMore}>
                Show more
              </Button>
              {list.loadMoreFailed && (
                <p role="alert" className="text-sm font-medium text-danger">
                  Could not load more {tab.toLowerCase()}. Please try again.
                </p>
              )}
            </div>
          )}
        </>
      )}
    </TabsContent>
  );
}

function ResultsSkeleton() {
  return (
    <div aria-busy="true" aria-label="Searching" className="mt-4 space-y-3">
      {[0, 1, 2].map((index) => (
        <div key={index} className="flex items-center gap-3 p-2">
          <Skeleton className="size-16 rounded-xl" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3.5 w-2/3" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}
