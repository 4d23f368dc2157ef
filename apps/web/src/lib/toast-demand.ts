import { create } from 'zustand';

/*
 * The toasts' library (sonner) loads only once a screen or dialog that can toast has loaded: the feed's
 * first render never toasts, so it does not wait for it. Sonner shows the toasts raised before its
 * Toaster mounted, so nothing raised in between is lost.
 */
const useToastDemand = create(() => ({ isWanted: false }));

/** Called by the toasts' module when it loads, i.e. when something that can toast has loaded. */
export function announceToasts(): void {
  useToastDemand.setState({ isWanted: true });
}

/** Whether the layout should mount the Toaster. */
export function useToastsWanted(): boolean {
  return useToastDemand((state) => state.isWanted);
}
