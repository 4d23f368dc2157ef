import { vi } from 'vitest';

// The files of the web project run one after another in one thread and one jsdom (decision 0038). Each file still
// gets the app's modules fresh, as a page load would: the stores, caches and singletons a file leaves behind (the
// design mode, the cart, the draft, pending likes) are not the next file's. Preact and Vitest stay loaded.
vi.resetModules();
