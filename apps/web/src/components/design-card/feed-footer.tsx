import { messages } from '@dwellscape/shared';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';

type Pages = Pick<
  UseInfiniteQueryResult,
  'hasNextPage' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'fetchNextPage'
>;

/** The end of a list of design cards: 'Load More' while there are older pages, why it failed when it did. */
export function FeedFooter({ pages }: { pages: Pages }) {
  return (
    <div className="mt-8 flex flex-col items-center gap-3 text-center">
      <p className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        {/* a CSS icon (styles/css-icons.css): the feed route loads no icon library */}
        <span className="icon size-4 icon-circle-check text-primary" aria-hidden />
        {messages.feed.endOfFeed}
      </p>
      {pages.hasNextPage ? (
        <Button variant="outline" isLoading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          {messages.feed.loadMore}
        </Button>
      ) : (
        <p className="text-xs text-muted-foreground">{messages.feed.noMore}</p>
      )}
      {pages.isFetchNextPageError && !pages.isFetchingNextPage && (
        <p role="alert" className="text-sm font-medium text-danger">
          {messages.feed.dataFailed}
        </p>
      )}
    </div>
  );
}
