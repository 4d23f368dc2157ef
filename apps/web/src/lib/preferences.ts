import { PREFERENCES_STORAGE_KEY, type Mode } from '@dwellscape/shared';
import { z } from 'zod/mini';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { applyPreferencesToBody } from './preferences-body';
import { plainJsonStorage } from './storage';

const preferencesSchema = z.object({
  isDarkMode: z._default(z.catch(z.boolean(), false), false),
  isLandscapeMode: z._default(z.catch(z.boolean(), false), false),
});

export type Preferences = z.infer<typeof preferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = { isDarkMode: false, isLandscapeMode: false };

const usePreferencesStore = create<Preferences>()(
  persist(() => DEFAULT_PREFERENCES, {
    name: PREFERENCES_STORAGE_KEY,
    storage: plainJsonStorage('local', preferencesSchema, {
      empty: DEFAULT_PREFERENCES,
      toState: (stored) => stored,
      toStored: ({ isDarkMode, isLandscapeMode }) => ({ isDarkMode, isLandscapeMode }),
    }),
  }),
);

/** Reads the saved preferences and re-applies their classes; called once before the first render. */
export function initPreferences(): Preferences {
  void usePreferencesStore.persist.rehydrate();
  const current = usePreferencesStore.getState();
  applyPreferencesToBody(current);
  return current;
}

export function getPreferences(): Preferences {
  return usePreferencesStore.getState();
}

export function updatePreferences(change: Partial<Preferences>): void {
  usePreferencesStore.setState(change);
  applyPreferencesToBody(usePreferencesStore.getState());
}

export const toggleDarkMode = () => updatePreferences({ isDarkMode: !getPreferences().isDarkMode });
export const toggleLandscapeMode = () => updatePreferences({ isLandscapeMode: !getPreferences().isLandscapeMode });

export function usePreferences(): Preferences {
  return usePreferencesStore();
}

/** The design mode every catalogue and feed call is made for. */
export function useDesignMode(): Mode {
  return usePreferencesStore((preferences) => (preferences.isLandscapeMode ? 'landscape' : 'interior'));
}
