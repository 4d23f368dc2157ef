import { PREFERENCES_STORAGE_KEY } from '@dwellscape/shared';
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { initPreferences, toggleDarkMode, toggleLandscapeMode, useDesignMode, usePreferences } from './preferences';

const stored = () => JSON.parse(window.localStorage.getItem(PREFERENCES_STORAGE_KEY) ?? 'null');

describe('preferences', () => {
  beforeEach(() => {
    window.localStorage.clear();
    document.body.className = '';
    initPreferences();
  });

  it('default to light interior with no body classes', () => {
    expect(initPreferences()).toEqual({ isDarkMode: false, isLandscapeMode: false });
    expect(document.body.classList.contains('dark')).toBe(false);
    expect(document.body.classList.contains('landscape-mode')).toBe(false);
  });

  it('toggle the body classes and save both flags', () => {
    toggleDarkMode();
    expect(document.body.classList.contains('dark')).toBe(true);
    expect(stored()).toEqual({ isDarkMode: true, isLandscapeMode: false });

    toggleLandscapeMode();
    expect(document.body.classList.contains('landscape-mode')).toBe(true);
    expect(stored()).toEqual({ isDarkMode: true, isLandscapeMode: true });

    toggleDarkMode();
    expect(document.body.classList.contains('dark')).toBe(false);
    expect(document.body.classList.contains('landscape-mode')).toBe(true);
  });

  it('re-apply saved preferences on load', () => {
    window.localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ isDarkMode: true, isLandscapeMode: true }));
    expect(initPreferences()).toEqual({ isDarkMode: true, isLandscapeMode: true });
    expect(document.body.classList.contains('dark')).toBe(true);
    expect(document.body.classList.contains('landscape-mode')).toBe(true);
  });

  it('fall back to defaults for unreadable or partial saved values', () => {
    window.localStorage.setItem(PREFERENCES_STORAGE_KEY, '{not json');
    expect(initPreferences()).toEqual({ isDarkMode: false, isLandscapeMode: false });

    window.localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ isDarkMode: 'yes', isLandscapeMode: true }));
    expect(initPreferences()).toEqual({ isDarkMode: false, isLandscapeMode: true });

    window.localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ isDarkMode: true }));
    expect(initPreferences()).toEqual({ isDarkMode: true, isLandscapeMode: false });
  });

  it('re-render subscribers with the design mode', () => {
    const { result } = renderHook(() => ({ preferences: usePreferences(), mode: useDesignMode() }));
    expect(result.current.mode).toBe('interior');
    act(() => toggleLandscapeMode());
    expect(result.current.mode).toBe('landscape');
    expect(result.current.preferences.isLandscapeMode).toBe(true);
  });
});
