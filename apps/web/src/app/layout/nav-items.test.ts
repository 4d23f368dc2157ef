import { describe, expect, it } from 'vitest';
import { buildNavItems, isNavItemActive } from './nav-items';

describe('isNavItemActive', () => {
  it('makes Home active only on the root path', () => {
    expect(isNavItemActive('/', '/')).toBe(true);
    expect(isNavItemActive('/search', '/')).toBe(false);
    expect(isNavItemActive('/activity', '/')).toBe(false);
    expect(isNavItemActive('/no/such/page', '/')).toBe(false);
  });

  it('makes an item active on its own path and everything below it', () => {
    expect(isNavItemActive('/search', '/search')).toBe(true);
    expect(isNavItemActive('/activity', '/activity')).toBe(true);
    expect(isNavItemActive('/create-design/start', '/create-design')).toBe(true);
    expect(isNavItemActive('/create-design/flow-questions', '/create-design')).toBe(true);
    expect(isNavItemActive('/create-design/post-creation', '/create-design')).toBe(true);
    expect(isNavItemActive('/profile/user-1', '/profile/user-1')).toBe(true);
  });

  it('ignores a trailing slash on either side', () => {
    expect(isNavItemActive('/search/', '/search')).toBe(true);
    expect(isNavItemActive('/activity', '/activity/')).toBe(true);
    expect(isNavItemActive('//', '/')).toBe(true);
  });

  it('matches whole path segments, not string prefixes', () => {
    expect(isNavItemActive('/searching', '/search')).toBe(false);
    expect(isNavItemActive('/profile/user-10', '/profile/user-1')).toBe(false);
    expect(isNavItemActive('/activity-log', '/activity')).toBe(false);
  });

  it('leaves other sections inactive', () => {
    expect(isNavItemActive('/post/abc', '/search')).toBe(false);
    expect(isNavItemActive('/profile/someone-else', '/profile/user-1')).toBe(false);
    expect(isNavItemActive('/shop-design/abc', '/create-design')).toBe(false);
  });
});

describe('buildNavItems', () => {
  it('lists the five docs/product.md items in order with their destinations', () => {
    const items = buildNavItems('user-1');
    expect(items.map((item) => [item.label, item.href])).toEqual([
      ['Home', '/'],
      ['Search', '/search'],
      ['Create', '/create-design/start'],
      ['Activity', '/activity'],
      ['Profile', '/profile'],
    ]);
  });

  it('keeps the Create item active across every step of the flow', () => {
    const create = buildNavItems('user-1').find((item) => item.label === 'Create')!;
    expect(isNavItemActive('/create-design/render-result', create.matchPath)).toBe(true);
  });

  it('links Profile to /profile before the current user is known, and marks it active only on their profile', () => {
    const unknown = buildNavItems(null).find((item) => item.label === 'Profile')!;
    expect(unknown.href).toBe('/profile');
    expect(unknown.matchPath).toBe('');
    const known = buildNavItems('user-1').find((item) => item.label === 'Profile')!;
    expect(known.href).toBe('/profile');
    expect(isNavItemActive('/profile/user-1', known.matchPath)).toBe(true);
    expect(isNavItemActive('/profile/someone-else', known.matchPath)).toBe(false);
  });
});
