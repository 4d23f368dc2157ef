/*
 * Android Chromium's offer to install the app (decision 0049). The browser announces it with `beforeinstallprompt`,
 * often before the app's code has arrived, so the gate's inline script keeps it from the start
 * (features/gate/static/gate-boot.ts) and Settings shows 'Install app' while it is held. The offer lives on `window`:
 * the gate's script and the app each bundle their own copy of this file. No framework here.
 */

/** The event Chromium fires when the app can be installed (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallOutcome = 'accepted' | 'dismissed' | 'unavailable';

declare global {
  interface Window {
    /** The browser's install offer, kept since the page's start; null once used or installed. */
    dwellscapeInstallPrompt?: BeforeInstallPromptEvent | null;
  }
}

/** Sent on `window` whenever the held offer changes. */
const CHANGED = 'dwellscape:install-prompt';

function hold(target: Window, event: BeforeInstallPromptEvent | null): void {
  target.dwellscapeInstallPrompt = event;
  target.dispatchEvent(new Event(CHANGED));
}

/** Starts keeping the browser's offer: the browser's own mini-infobar gives way to Settings' button. */
export function captureInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    hold(target, event as BeforeInstallPromptEvent);
  });
  // installed (from our button or the browser's menu): nothing more to offer
  target.addEventListener('appinstalled', () => hold(target, null));
}

/** Whether the browser has offered an install that has not been used yet. */
export const canInstall = (target: Window = window): boolean => Boolean(target.dwellscapeInstallPrompt);

/** Called at every change of canInstall(); returns the unsubscribe. */
export function subscribeInstallPrompt(listener: () => void, target: Window = window): () => void {
  target.addEventListener(CHANGED, listener);
  return () => target.removeEventListener(CHANGED, listener);
}

/** Shows the browser's install dialog; an offer is good for one dialog, whatever the person answers. */
export async function promptInstall(target: Window = window): Promise<InstallOutcome> {
  const event = target.dwellscapeInstallPrompt;
  if (!event) return 'unavailable';
  hold(target, null);
  await event.prompt();
  return (await event.userChoice).outcome;
}
