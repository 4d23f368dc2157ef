import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useUnreadNotifications } from '@/features/activity/api/get-unread-notifications';
import { useLiveNotifications } from '@/features/activity/hooks/use-live-notifications';
import { useMe } from '@/lib/api/get-me';
import { cn } from '@/lib/cn';
import { buildNavItems, isNavItemActive, type NavItem } from './nav-items';

/** The badge's text: the count, up to 99. */
export const formatUnreadBadge = (count: number) => (count > 99 ? '99+' : String(count));

export function BottomNav() {
  const { pathname } = useLocation();
  const me = useMe();
  // the current user's id only marks Profile active on their own profile: every item links from the first frame
  const items = buildNavItems(me.data?.currentUser.id ?? null);
  const account = me.data?.signedIn ? me.data.currentUser.id : null;
  const unread = useUnreadNotifications(account !== null);
  useLiveNotifications(account);

  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border/80 bg-surface/90 pb-[env(safe-area-inset-bottom)] shadow-bar backdrop-blur-xl supports-[backdrop-filter]:bg-surface/80"
    >
      <ul className="mx-auto grid h-[4.25rem] max-w-lg grid-cols-5 items-stretch px-2">
        {items.map((item) => {
          const isActive = item.matchPath !== '' && isNavItemActive(pathname, item.matchPath);
          // on the Activity screen itself the new ones are in view, and are being marked read
          const badge = item.matchPath === paths.activity.path && !isActive ? unread : null;
          return (
            <li key={item.label} className="flex">
              <NavLink item={item} isActive={isActive} unread={badge} />
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function NavLink({ item, isActive, unread }: { item: NavItem; isActive: boolean; unread: number | null }) {
  const hasBadge = unread !== null && unread > 0;
  const Icon = item.icon;
  const itemClass = cn(
    'group flex flex-1 flex-col items-center justify-center gap-1 rounded-xl text-[0.6875rem] font-semibold transition-colors',
    isActive ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
  );

  const content = item.isPrimary ? (
    <>
      <span
        className={cn(
          'grid size-10 place-items-center rounded-2xl bg-accent text-accent-foreground shadow-[0_6px_16px_-6px_var(--accent)] transition-transform group-hover:scale-105 group-active:scale-95',
          isActive && 'ring-4 ring-accent-soft',
        )}
      >
        <Icon className="size-5" strokeWidth={2.5} aria-hidden />
      </span>
      <span className="sr-only">{item.label}</span>
    </>
  ) : (
    <>
      <span
        className={cn(
          'relative grid h-7 w-12 place-items-center rounded-full transition-colors',
          isActive && 'bg-primary-soft',
        )}
      >
        <Icon className="size-5" strokeWidth={isActive ? 2.4 : 2} aria-hidden />
        {hasBadge && (
          <span
            aria-hidden
            className="absolute -top-1 left-1/2 ml-1 grid h-[1.125rem] min-w-[1.125rem] place-items-center rounded-full bg-rose-500 px-1 text-[0.625rem] leading-none font-bold text-white tabular-nums ring-2 ring-surface"
          >
            {formatUnreadBadge(unread)}
          </span>
        )}
      </span>
      {item.label}
    </>
  );

  return (
    <Link
      to={item.href}
      className={itemClass}
      aria-current={isActive ? 'page' : undefined}
      aria-label={hasBadge ? `${item.label}, ${unread} unread` : undefined}
    >
      {content}
    </Link>
  );
}
