import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadTooltips } from '@/components/ui/tooltip';

// the app loads the tooltips before its first render wherever a pointer can hover (app/boot.tsx); so do the tests
await loadTooltips();

// a wait is a wait, not a speed check: on a busy CI machine (vitest and the server suites sharing two cores) the
// feed's staged cards and a re-render after a fetch took longer than Testing Library's default 1 s
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no layout; the router's scroll restoration only needs the call to exist
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  document.body.className = '';
  window.localStorage.clear();
  window.sessionStorage.clear();
});
