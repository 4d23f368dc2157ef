import type { MouseEvent } from 'react';
import type { NavigateFunction } from 'react-router';

/**
 * What React Router's <Link> does on a click, done once for every plain `<a href>` inside the element that
 * listens: a plain left click on a link to this app navigates in the app instead of loading the page again.
 * Clicks with a modifier key (new tab, new window), links to elsewhere, `target` and `download` links are left
 * to the browser, and so is a click a link's own handler has already taken (`preventDefault`).
 *
 * A feed card holds several links (author, title, 'Inspired by', remixes, products, shop): as <Link>s each ran
 * the router's hooks on every render; as anchors under one listener the card renders as fast as its markup.
 */
export function followLinkClick(event: MouseEvent<HTMLElement>, navigate: NavigateFunction): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
  if (anchor.origin !== window.location.origin) return;
  event.preventDefault();
  navigate(`${anchor.pathname}${anchor.search}${anchor.hash}`);
}
