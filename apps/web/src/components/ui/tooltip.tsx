import type { ComponentProps, ReactNode } from 'react';
import type * as RadixTooltipsModule from './tooltip-radix';

type RadixTooltips = typeof RadixTooltipsModule;

/**
 * Tooltips are for pointers that hover (and keyboards on such devices): a phone never shows one, so it never
 * downloads them. Radix's tooltip brings its positioning engine (Floating UI) and layers, about 15 kB gzip that
 * were an eighth of the feed's first load (bench/README.md). The app loads them before its first render wherever an
 * input can hover (app/boot.tsx), so the choice is made once and the tree never changes shape under a person.
 */
let radix: RadixTooltips | null = null;
let loading: Promise<void> | null = null;

/** Whether any input of this device can hover: a mouse, a trackpad, a stylus that hovers. */
export function canHover(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(any-hover: hover)').matches;
}

/** Loads the tooltips; call it before the app's first render, never after (see above). */
export function loadTooltips(): Promise<void> {
  loading ??= import('./tooltip-radix').then((module) => {
    radix = module;
  });
  return loading;
}

/** Radix's own delays (700 ms open, 300 ms skip) are docs/product.md §9's; without tooltips loaded, just its children. */
export function TooltipProvider({ children, ...props }: ComponentProps<RadixTooltips['TooltipProvider']>) {
  if (!radix) return children;
  return <radix.TooltipProvider {...props}>{children}</radix.TooltipProvider>;
}

/** `content` on hover or keyboard focus of `children` (one element that takes a ref); just `children` without tooltips. */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  if (!radix) return children;
  return <radix.Tooltip content={content}>{children}</radix.Tooltip>;
}
