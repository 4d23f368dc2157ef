/*
 * The service worker that keeps the app's shell (decision 0049; vite.config.ts makes it). Registered once the gate
 * has opened and the feed has had its start: during the gate its downloads would compete with the password's
 * request, and the feed's first page and picture come first.
 */

/** How long after the gate opens the worker is registered (and starts downloading the shell to keep). */
export const SERVICE_WORKER_DELAY_MS = 3000;

/** Registers /sw.js in a build; never in the dev server or tests, which have none. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  setTimeout(() => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err: unknown) => {
      // without it the app works as before, from the network
      console.warn('The service worker could not be registered', err);
    });
  }, SERVICE_WORKER_DELAY_MS);
  // a new release's worker has taken over and removed the old release's files: a screen of the old one that is
  // opened now cannot load its code, so the page starts again on the new release (at the gate, as every load).
  // Without a worker a failed load is the network's, for the screen's own error to tell; never twice in a row
  window.addEventListener('vite:preloadError', (event) => {
    if (!navigator.serviceWorker.controller || reloadedLately()) return;
    event.preventDefault();
    window.location.reload();
  });
}

const RELOADED_KEY = 'dwellscape:reloaded-for-release';
const RELOAD_MEMORY_MS = 60_000;

/** Whether this tab already started again for a new release within the last minute (and notes that it does now). */
function reloadedLately(): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0);
    if (Date.now() - last < RELOAD_MEMORY_MS) return true;
    sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
    return false;
  } catch {
    // no storage: better one chance than none
    return false;
  }
}
