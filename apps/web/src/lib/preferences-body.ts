import { PREFERENCES_STORAGE_KEY } from '@dwellscape/shared/constants';
import { safely, storageOf } from './storage-keys';

/*
 * The preferences' classes on <body>, without the store: the gate's inline script (features/gate/static) applies
 * the saved ones at every load, before the app's code has arrived; lib/preferences.ts keeps them current after.
 */

export const DARK_CLASS = 'dark';
export const LANDSCAPE_CLASS = 'landscape-mode';
/** On <html> beside body.dark, for the rules that style the root (its color-scheme and backdrop) without a :has(). */
export const DARK_ROOT_ATTRIBUTE = 'data-dark';

export interface BodyPreferences {
  isDarkMode: boolean;
  isLandscapeMode: boolean;
}

/** docs/product.md §4: the body carries `dark` and `landscape-mode` exactly when the preferences say so. */
export function applyPreferencesToBody(preferences: BodyPreferences): void {
  document.body.classList.toggle(DARK_CLASS, preferences.isDarkMode);
  document.body.classList.toggle(LANDSCAPE_CLASS, preferences.isLandscapeMode);
  document.documentElement.toggleAttribute(DARK_ROOT_ATTRIBUTE, preferences.isDarkMode);
}

/** The saved preferences as lib/preferences.ts reads them: anything but `true` (or unreadable) counts as off. */
export function readStoredBodyPreferences(): BodyPreferences {
  const stored = safely<unknown>(
    () => JSON.parse(storageOf('local')?.getItem(PREFERENCES_STORAGE_KEY) ?? 'null'),
    null,
  );
  const flag = (name: keyof BodyPreferences) =>
    typeof stored === 'object' && stored !== null && (stored as Record<string, unknown>)[name] === true;
  return { isDarkMode: flag('isDarkMode'), isLandscapeMode: flag('isLandscapeMode') };
}
