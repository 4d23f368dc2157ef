import { PREFERENCES_STORAGE_KEY, type Mode } from '@dwellscape/shared';
import { useSyncExternalStore } from 'react';
import { z } from 'zod/mini';
import { readStoredJson, writeStoredJson } from './storage';

const preferencesSchema = z.object({
  isDarkMode: z._default(z.catch(z.boolean(), false), false),
  isLandscapeMode: z._default(z.catch(z.boolean(), false), false),
});

export type Preferences = z.infer<typeof preferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = { isDarkMode: false, isLandscapeMode: false };

export const DARK_CLASS = 'dark';
export const LANDSCAPE_CLASS = 'landscape-mode';

let current: Preferences = DEFAULT_PREFERENCES;
const listeners = new Set<() => void>();

export function loadPreferences(): Preferences {
  return readStoredJson('local', PREFERENCES_STORAGE_KEY, preferencesSchema) ?? DEFAULT_PREFERENCES;
}

/** SPEC §4: the body carries `dark` and `landscape-mode` exactly when the preferences say so. */
export function applyPreferencesToBody(preferences: Preferences): void {
  document.body.classList.toggle(DARK_CLASS, preferences.isDarkMode);
  document.body.classList.toggle(LANDSCAPE_CLASS, preferences.isLandscapeMode);
}

/** Reads the saved preferences and re-applies their classes; called once before the first render. */
export function initPreferences(): Preferences {
  current = loadPreferences();
  applyPreferencesToBody(current);
  return current;
}

export function getPreferences(): Preferences {
  return current;
}

export function updatePreferences(change: Partial<Preferences>): void {
  current = { ...current, ...change };
  applyPreferencesToBody(current);
  writeStoredJson('local', PREFERENCES_STORAGE_KEY, current);
  for (const listener of listeners) listener();
}

export const toggleDarkMode = () => updatePreferences({ isDarkMode: !current.isDarkMode });
export const toggleLandscapeMode = () => updatePreferences({ isLandscapeMode: !current.isLandscapeMode });

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePreferences(): Preferences {
  return useSyncExternalStore(subscribe, getPreferences, getPreferences);
}

/** The design mode every catalogue and feed call is made for. */
export function useDesignMode(): Mode {
  return usePreferences().isLandscapeMode ? 'landscape' : 'interior';
}
