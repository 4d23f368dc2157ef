import { Bell, House, Plus, Search, UserRound, type LucideIcon } from 'lucide-react';
import { paths } from '@/config/paths';

export interface NavItem {
  label: string;
  /** Where the item goes. */
  href: string;
  /** The section the item stands for; it is active anywhere under it ('' for none yet). */
  matchPath: string;
  icon: LucideIcon;
  /** The create item is drawn as the raised centre button. */
  isPrimary?: boolean;
}

const withoutTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * docs/product.md §2: an item is active when the path equals / (for Home) or starts with the item's path.
 * "Starts with" is taken by whole segments, so /profile/u1 does not light up for /profile/u10.
 */
export function isNavItemActive(pathname: string, itemPath: string): boolean {
  const path = withoutTrailingSlash(pathname) || '/';
  const base = withoutTrailingSlash(itemPath);
  if (base === '/') return path === '/';
  return path === base || path.startsWith(`${base}/`);
}

/**
 * The five bottom-navigation items. Profile always goes to /profile, which opens the current user's own
 * profile, so it works before /api/me answers; the current user's id, once known, only marks it active
 * on that profile (docs/product.md §2: another person's profile is not the Profile item's).
 */
export function buildNavItems(currentUserId: string | null): NavItem[] {
  return [
    { label: 'Home', href: paths.home.getHref(), matchPath: paths.home.path, icon: House },
    { label: 'Search', href: paths.search.getHref(), matchPath: paths.search.path, icon: Search },
    {
      label: 'Create',
      href: paths.createDesign.step('start'),
      matchPath: paths.createDesign.path,
      icon: Plus,
      isPrimary: true,
    },
    { label: 'Activity', href: paths.activity.getHref(), matchPath: paths.activity.path, icon: Bell },
    {
      label: 'Profile',
      href: paths.currentProfile.getHref(),
      matchPath: currentUserId ? paths.profile.getHref(currentUserId) : '',
      icon: UserRound,
    },
  ];
}
