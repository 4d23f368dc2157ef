import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no layout; the router's scroll restoration only needs the call to exist
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  document.body.className = '';
  window.localStorage.clear();
  window.sessionStorage.clear();
});
