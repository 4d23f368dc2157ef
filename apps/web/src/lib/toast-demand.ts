import { useSyncExternalStore } from 'react';

/*
 * The toasts' library (sonner) loads only once a screen or dialog that can toast has loaded: the feed's
 * first render never toasts, so it does not wait for it. Sonner shows the toasts raised before its
 * Toaster mounted, so nothing raised in between is lost.
 */
let isWanted = false;
const listeners = new Set<() => void>();

/** Called by the toasts' module when it loads, i.e. when something that can toast has loaded. */
export function announceToasts(): void {
  if (isWanted) return;
  isWanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getIsWanted = () => isWanted;

/** Whether the layout should mount the Toaster. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(subscribe, getIsWanted, getIsWanted);
}
