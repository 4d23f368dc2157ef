import { startTransition, useEffect, useState } from 'react';

/**
 * Cards rendered with the feed's first paint: the first, which fills most of a phone's first screen; the next
 * follows in the next idle moment. After the gate this all happens under the unlock transition (app/app.tsx).
 */
export const FIRST_SCREEN_CARDS = 1;
/**
 * The very first time in a page's life (right after the password, under the unlock transition) the screen renders
 * without cards, and its first card a task later: two shorter tasks instead of one long one (bench/README.md: total
 * blocking time), with the card still painted long before the transition ends.
 */
export const PAGE_FIRST_CARDS = 0;
/**
 * Cards added per later step: each step is a short task of its own, so none blocks the main thread for long
 * (a phone's CPU renders, styles and lays out one card in well under 50 ms; two took longer, bench/README.md).
 */
export const CARDS_PER_STEP = 1;

const ALL = Number.POSITIVE_INFINITY;

/** Whether the feed has shown its cards once in this page's life (see useStagedCount). */
let shownOnce = false;

type IdleHandle = { cancel: () => void };

/** The next idle moment (or a macrotask where the browser has no idle callbacks), never later than `timeout`. */
function whenIdle(run: () => void, timeout: number): IdleHandle {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout });
    return { cancel: () => window.cancelIdleCallback(id) };
  }
  const id = window.setTimeout(run, 0);
  return { cancel: () => window.clearTimeout(id) };
}

/**
 * How many of `total` items to render: the feed's first page arrives 25 cards at once, and rendering
 * them in one go blocks a phone's main thread for a second or more right when it should be painting
 * the first picture. So a list that arrives renders its first card at once and the rest one at
 * a time in idle moments, in order (only ever appending below what is shown). Once all are shown, every
 * later change (Load More, a live arrival on top) renders at once, as before.
 *
 * A list that is already there when the screen mounts (coming back to the feed) renders whole, so the
 * router's scroll restoration finds the page as long as it was; only the first time in a page's life,
 * when nothing can be restored, is it staged. A list that empties (mode switch, 'Try Again') stages
 * again when it refills. While `held`, an arriving list stops after its first screenful (the feed holds the rest
 * until its first picture is on screen).
 */
export function useStagedCount(total: number, held = false): number {
  // how many a list that arrives shows at once
  const arrivalStart = shownOnce ? FIRST_SCREEN_CARDS : PAGE_FIRST_CARDS;
  const [limit, setLimit] = useState(() => (shownOnce && total > 0 ? ALL : arrivalStart));
  // an emptied list (new mode, reset after a failure) is a list that will arrive again
  if (total === 0 && limit !== arrivalStart) setLimit(arrivalStart);

  const isComplete = limit >= total;
  useEffect(() => {
    if (total === 0) return;
    if (isComplete) {
      shownOnce = true;
      // from now on the list grows at once (Load More, live arrivals)
      if (limit !== ALL) setLimit(ALL);
      return;
    }
    if (held && limit >= FIRST_SCREEN_CARDS) return;
    const grow = () => startTransition(() => setLimit((current) => current + CARDS_PER_STEP));
    // the page's first card comes in the next task, not when the browser is next idle (see PAGE_FIRST_CARDS)
    if (limit === 0) {
      const id = window.setTimeout(grow, 0);
      return () => window.clearTimeout(id);
    }
    const step = whenIdle(grow, 200);
    return step.cancel;
  }, [held, isComplete, limit, total]);

  return Math.min(limit, total);
}
