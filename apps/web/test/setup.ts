import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { options } from 'preact';
import { afterAll, afterEach, vi } from 'vitest';
import { loadTooltips } from '@/components/ui/tooltip';
import { resetRenderSessions } from '@/features/create-design/stores/render-session';
import { expectEveryCallAnswered } from './mock-api';

// The files of the web project share one thread (decision 0038), and each file gets a new jsdom. A real timer a file
// leaves running (the data export revokes its object URL after 60 s; Preact's 35 ms effect timer) would fire while a
// later file runs, against that file's document and globals: a clean-clone CI run, and later a local run, failed on such a timer.
// Each file's timers stop when the file ends.
const { setTimeout: realSetTimeout, setInterval: realSetInterval } = globalThis;
const timersOfThisFile = new Set<ReturnType<typeof setTimeout>>();
const tracked = <T extends typeof setTimeout | typeof setInterval>(start: T): T =>
  Object.assign((...args: Parameters<T>) => {
    const timer = (start as (...startArgs: Parameters<T>) => ReturnType<typeof setTimeout>)(...args);
    timersOfThisFile.add(timer);
    return timer;
  }, start);
globalThis.setTimeout = tracked(realSetTimeout);
globalThis.setInterval = tracked(realSetInterval);

// the app loads the tooltips before its first render wherever a pointer can hover (app/boot.tsx); so do the tests
await loadTooltips();

// a wait is a wait, not a speed check: on a busy CI machine (vitest and the server suites sharing two cores) the
// feed's staged cards and a re-render after a fetch took longer than Testing Library's default 1 s
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no layout; the router's scroll restoration only needs the call to exist
window.scrollTo = () => {};

// A data router's navigation builds a `Request` with an AbortController's signal. Under jsdom that controller is
// jsdom's, while `Request` is Node's own (undici), and Node 24's undici refuses any signal but its own ('Expected
// signal to be an instance of AbortSignal': vitest-dev/vitest#8374), so every navigation failed. The tests' Request
// carries a foreign signal as its `signal` without handing it to undici: the router reads it, nothing fetches it.
const NodeRequest = globalThis.Request;
globalThis.Request = class Request extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    const signal = init?.signal;
    super(input, signal ? { ...init, signal: undefined } : init);
    if (signal) Object.defineProperty(this, 'signal', { value: signal });
  }
};

// Preact runs effects after the next paint by racing requestAnimationFrame against a 35 ms timer, and the timer
// cancels the frame. A timer left by a file's last render could fire after jsdom was torn down, where
// cancelAnimationFrame no longer exists: an unhandled ReferenceError that failed a whole CI run. jsdom paints
// nothing, so effects wait for a plain timer instead.
options.requestAnimationFrame = (callback) => setTimeout(callback);

afterEach(() => {
  cleanup();
  // the render step's sessions outlive a screen (they are the page's): a job one test queued is not followed into the next
  resetRenderSessions();
  document.body.className = '';
  window.localStorage.clear();
  window.sessionStorage.clear();
  // a call mockApi had no route for fails the test that made it, even where the app swallowed the error
  expectEveryCallAnswered();
});

// The files of the web project share one jsdom, one after another (decision 0038): each starts where a fresh page
// would, whatever the file before it left behind.
afterAll(() => {
  vi.useRealTimers();
  for (const timer of timersOfThisFile) clearTimeout(timer);
  globalThis.setTimeout = realSetTimeout;
  globalThis.setInterval = realSetInterval;
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, '', '/');
  document.documentElement.removeAttribute('class');
  document.documentElement.removeAttribute('style');
});
