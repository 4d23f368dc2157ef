import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

export type FeedView = 'for-you' | 'following';

/** The Home screen's two views, by the address (`?view=following`), so going back returns to the same one. */
export const feedViewOf = (param: string | null): FeedView => (param === 'following' ? 'following' : 'for-you');

export const feedViewTexts = { forYou: 'For you', following: 'Following' } as const;

const views = [
  { view: 'for-you', label: feedViewTexts.forYou, href: paths.home.getHref() },
  { view: 'following', label: feedViewTexts.following, href: paths.home.following() },
] as const;

/** 'For you' (the community feed of the active mode) beside 'Following' (the people the account follows). */
export function FeedViewSwitch({ view }: { view: FeedView }) {
  return (
    <nav aria-label="Feeds" className="mb-5">
      <ul className="flex gap-1 rounded-2xl bg-muted p-1">
        {views.map((each) => (
          <li key={each.view} className="flex flex-1">
            <Link
              to={each.href}
              replace
              aria-current={each.view === view ? 'page' : undefined}
              className={cn(
                'inline-flex h-11 flex-1 items-center justify-center rounded-xl px-3 text-sm font-semibold transition-colors',
                each.view === view
                  ? 'bg-surface text-foreground shadow-sm'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {each.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
