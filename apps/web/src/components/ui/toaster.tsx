import { useEffect, useLayoutEffect, useState } from 'react';
import { Toaster as SonnerToaster, useSonner, type ToasterProps } from 'sonner';
import { usePreferences } from '@/lib/preferences';
import { announceToasts } from '@/lib/toast-demand';

export { toast } from 'sonner';

// whatever imports `toast` can toast: the layout mounts the Toaster from now on
announceToasts();

const toasterSelector = '[data-sonner-toaster]';
const openDialogSelector = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';
// what a toast must leave free: the controls, and what a person reads at the moment a toast tells of it or just
// after (a render's receipt lines, the adjuster's hints and names: marked data-toast-keep-clear)
const keepClearSelector = '[data-toast-keep-clear]';
const avoidSelector = '[data-toast-avoid]';
const controlSelector = `button, a[href], input, select, textarea, [role="button"], [role="link"], [role="switch"], [role="tab"], ${keepClearSelector}`;

/** The space between a toast and a bar, or the screen's edge. */
const GAP_PX = 12;
/** How tall a toast is taken to be before one has been drawn (a title and a line of description). */
const TOAST_HEIGHT_PX = 72;
/** How far apart the heights are that a toast may stand at, looking for a free band. */
const STEP_PX = 8;

interface Placement {
  position: NonNullable<ToasterProps['position']>;
  offset: NonNullable<ToasterProps['offset']>;
}

/** Above the bottom navigation (4.25 rem) with a gap, until the screen has been measured. */
const initialPlacement: Placement = { position: 'bottom-center', offset: { bottom: '96px' } };

const isPinned = (element: Element) => {
  const { position } = getComputedStyle(element);
  return position === 'fixed' || position === 'sticky';
};

/** The pinned bar (fixed or sticky: the header, the bottom navigation, a step's actions) drawn at a point, if any. */
function pinnedBarAt(x: number, y: number): Element | null {
  for (const element of document.elementsFromPoint(x, y)) {
    if (element.closest(toasterSelector)) continue;
    for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
      if (isPinned(node)) return node;
    }
    return null;
  }
  return null;
}

/** How far the pinned bars reach in from the bottom (or the top) of the screen, stacked as they are. */
function pinnedReach(from: 'top' | 'bottom'): number {
  const x = window.innerWidth / 2;
  const height = window.innerHeight;
  let reach = 0;
  for (let probe = 1; probe < height / 2;) {
    const bar = pinnedBarAt(x, from === 'bottom' ? height - probe : probe);
    if (bar) {
      const rect = bar.getBoundingClientRect();
      reach = from === 'bottom' ? height - rect.top : rect.bottom;
      probe = reach + 1;
      continue;
    }
    // stacked bars may stand a little apart: a step's actions float 12 px above the navigation
    if (probe - reach > 2 * GAP_PX) break;
    probe += 4;
  }
  return reach;
}

/**
 * The points of a box where a person would touch it: its middle, and the middles of its top and bottom strips (a
 * control half under a bar pinned to the bottom still shows, and takes taps, above it).
 */
function touchPointsOf(rect: Pick<DOMRect, 'left' | 'top' | 'width' | 'height'>): [number, number][] {
  const x = rect.left + rect.width / 2;
  const inset = Math.min(4, rect.height / 2);
  return [
    [x, rect.top + rect.height / 2],
    [x, rect.top + inset],
    [x, rect.top + rect.height - inset],
  ];
}

/** The boxes of the controls a person can reach now: drawn on top somewhere they stand, outside the toasts. */
function reachableControls(): DOMRect[] {
  const height = window.innerHeight;
  return Array.from(document.querySelectorAll(controlSelector)).flatMap((control) => {
    if (control.closest(toasterSelector)) return [];
    const rect = control.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0 || rect.bottom <= 0 || rect.top >= height) return [];
    // a line that is read, not tapped (a name over the picture may take no pointer at all), shows where no bar
    // pinned over it hides it; a control, where it is the one drawn on top
    const isRead = control.matches(keepClearSelector);
    const drawnAt = ([x, y]: [number, number]) => {
      if (y < 0 || y >= height) return false;
      const top = document.elementsFromPoint(x, y).find((element) => !element.closest(toasterSelector));
      if (top !== undefined && (control === top || control.contains(top))) return true;
      if (!isRead) return false;
      const bar = pinnedBarAt(x, y);
      return bar === null || bar.contains(control);
    };
    return touchPointsOf(rect).some(drawnAt) ? [rect] : [];
  });
}

/**
 * The boxes on screen of what a toast had better not cover but may, where every band holds a control or a line read
 * (marked data-toast-avoid: a render's picture, which the toast tells of). Only placing looks at them: a toast over
 * one is not moved again.
 */
function avoidedBoxes(): DOMRect[] {
  const height = window.innerHeight;
  return Array.from(document.querySelectorAll(avoidSelector), (element) => element.getBoundingClientRect()).filter(
    (rect) => rect.width > 0 && rect.height > 0 && rect.bottom > 0 && rect.top < height,
  );
}

/**
 * Where toasts cover no control (docs/product.md §2.3's header and navigation stay usable): the lowest band
 * above the bars pinned to the bottom of the screen (the navigation, a step's actions) where no button, link or
 * field the person can reach stands, nor a picture marked data-toast-avoid, below the header at the highest; where
 * every band holds one, the band that covers fewest (a control twice a picture), the lowest of those. With a dialog
 * open (a sheet rising from the bottom on a phone) toasts go to the top, over the dimmed page, away from the
 * dialog's buttons.
 */
function measurePlacement(): Placement {
  // a document that draws nothing (jsdom) has no boxes to keep clear
  if (typeof document.elementsFromPoint !== 'function') return initialPlacement;
  if (document.querySelector(openDialogSelector)) {
    return { position: 'top-center', offset: { top: `calc(${GAP_PX}px + env(safe-area-inset-top))` } };
  }
  const height = window.innerHeight;
  const drawn = document.querySelector(`${toasterSelector} [data-sonner-toast]`)?.getBoundingClientRect().height;
  const toastHeight = Math.max(drawn ?? 0, TOAST_HEIGHT_PX);
  const lowest = pinnedReach('bottom') + GAP_PX;
  const highest = height - pinnedReach('top') - GAP_PX - toastHeight;
  const controls = reachableControls();
  const avoided = avoidedBoxes();
  let best = { bottom: lowest, covered: Number.POSITIVE_INFINITY };
  for (let bottom = lowest; bottom <= Math.max(lowest, highest); bottom += STEP_PX) {
    const bandBottom = height - bottom;
    const bandTop = bandBottom - toastHeight;
    const inBand = (rect: DOMRect) => rect.top < bandBottom && rect.bottom > bandTop;
    // a control or a line read counts more than a picture: over a picture only where the band has no other room
    const covered = 2 * controls.filter(inBand).length + avoided.filter(inBand).length;
    if (covered < best.covered) best = { bottom, covered };
    if (covered === 0) break;
  }
  return { position: 'bottom-center', offset: { bottom: `${Math.round(best.bottom)}px` } };
}

/** Whether the toasts where they stand still leave every control free, and sit where a dialog wants them. */
function isStillClear(placement: Placement): boolean {
  if (typeof document.elementsFromPoint !== 'function') return true;
  const dialogOpen = document.querySelector(openDialogSelector) !== null;
  if ((placement.position === 'top-center') !== dialogOpen) return false;
  if (dialogOpen) return true;
  const toasts = Array.from(document.querySelectorAll(`${toasterSelector} [data-sonner-toast]`), (toast) =>
    toast.getBoundingClientRect(),
  );
  return !reachableControls().some((control) =>
    toasts.some((toast) => control.top < toast.bottom && control.bottom > toast.top),
  );
}

const samePlacement = (a: Placement, b: Placement) =>
  a.position === b.position && JSON.stringify(a.offset) === JSON.stringify(b.offset);

/**
 * Places the toasts as the first of them appears (the screen as it is then) and keeps them there while they
 * show; a dialog opening or closing moves them at once.
 */
function useToastPlacement(): Placement {
  const { toasts } = useSonner();
  const isShowing = toasts.length > 0;
  const [placement, setPlacement] = useState(initialPlacement);
  const place = () => {
    const next = measurePlacement();
    setPlacement((current) => (samePlacement(current, next) ? current : next));
  };

  // before the browser paints the first toast
  useLayoutEffect(() => {
    if (isShowing) place();
  }, [isShowing]);

  useEffect(() => {
    if (!isShowing) return;
    let frame = 0;
    // a dialog opening or closing, or a control moving under the toasts (a new comment pushing the form down),
    // places them again; the page scrolling under them does not, so they never chase the finger
    const observer = new MutationObserver(() => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        setPlacement((current) => {
          if (isStillClear(current)) return current;
          const next = measurePlacement();
          return samePlacement(current, next) ? current : next;
        });
      });
    });
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-state', 'class', 'style'],
    });
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [isShowing]);

  return placement;
}

/** The app's typeface (index.css): Sonner's stylesheet sets the system font on the toaster, inline style wins over it. */
const style = { fontFamily: 'var(--font-sans)' };

export function Toaster() {
  const { isDarkMode } = usePreferences();
  const { position, offset } = useToastPlacement();
  // Sonner places toasts on screens up to 600 px wide by `mobileOffset`, not `offset`: both are set
  return (
    <SonnerToaster
      richColors
      position={position}
      theme={isDarkMode ? 'dark' : 'light'}
      offset={offset}
      mobileOffset={offset}
      style={style}
    />
  );
}
