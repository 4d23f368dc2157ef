import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadTooltips } from '@/components/ui/tooltip';

// the app loads the tooltips before its first render wherever a pointer can hover (app/boot.tsx); so do the tests
await loadTooltips();

// jsdom has no layout; the router's scroll restoration only needs the call to exist
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  document.body.className = '';
  window.localStorage.clear();
  window.sessionStorage.clear();
});
