import { Link, useLocation } from 'react-router';
import { useMe } from '@/lib/api/get-me';
import { cn } from '@/lib/cn';
import { buildNavItems, isNavItemActive, type NavItem } from './nav-items';

export function BottomNav() {
  const { pathname } = useLocation();
  const me = useMe();
  // the current user's id only marks Profile active on their own profile: every item links from the first frame
  const items = buildNavItems(me.data?.currentUser.id ?? null);

  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border/80 bg-surface/90 pb-[env(safe-area-inset-bottom)] shadow-bar backdrop-blur-xl supports-[backdrop-filter]:bg-surface/80"
    >
      <ul className="mx-auto grid h-[4.25rem] max-w-lg grid-cols-5 items-stretch px-2">
        {items.map((item) => (
          <li key={item.label} className="flex">
            <NavLink item={item} isActive={item.matchPath !== '' && isNavItemActive(pathname, item.matchPath)} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

function NavLink({ item, isActive }: { item: NavItem; isActive: boolean }) {
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
        className={cn('grid h-7 w-12 place-items-center rounded-full transition-colors', isActive && 'bg-primary-soft')}
      >
        <Icon className="size-5" strokeWidth={isActive ? 2.4 : 2} aria-hidden />
      </span>
      {item.label}
    </>
  );

  return (
    <Link to={item.href} className={itemClass} aria-current={isActive ? 'page' : undefined}>
      {content}
    </Link>
  );
}
