import { PREFERENCES_STORAGE_KEY } from '@dwellscape/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { applyPreferencesToBody, readStoredBodyPreferences } from './preferences-body';

afterEach(() => {
  localStorage.clear();
  document.body.className = '';
});

describe('the saved preferences on <body> before the app (the gate’s inline script)', () => {
  it('applies dark and landscape as saved', () => {
    localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ isDarkMode: true, isLandscapeMode: true }));
    applyPreferencesToBody(readStoredBodyPreferences());
    expect(document.body).toHaveClass('dark', 'landscape-mode');
    // the root's dark backdrop and color-scheme key on this attribute (index.css), not on html:has(body.dark)
    expect(document.documentElement).toHaveAttribute('data-dark');
  });

  it('reads anything but true, or an unreadable value, as off, as the preferences store does', () => {
    document.body.className = 'dark landscape-mode';
    for (const stored of ['{"isDarkMode":"yes","isLandscapeMode":1}', 'not json', 'null', '[true]']) {
      localStorage.setItem(PREFERENCES_STORAGE_KEY, stored);
      expect(readStoredBodyPreferences(), stored).toEqual({ isDarkMode: false, isLandscapeMode: false });
    }
    applyPreferencesToBody(readStoredBodyPreferences());
    expect(document.body).not.toHaveClass('dark');
    expect(document.body).not.toHaveClass('landscape-mode');
    expect(document.documentElement).not.toHaveAttribute('data-dark');
  });
});
