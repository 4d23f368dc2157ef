import { GATE_ERROR_DISPLAY_MS, GATE_TRANSITION_MS } from '@dwellscape/shared/constants';
import { GATE_AFTER_ID } from './gate-ids';
import { APP_SHELL_ID, circleAlert, gateFieldErrorClasses, iconElement, loaderCircle } from './gate-markup';

/*
 * The gate's behaviour (docs/product.md §2, §4), in plain DOM code written inline into index.html with its markup, so the
 * password can be typed and sent before the app's code has arrived (bench/README.md). The app subscribes to it
 * (app/app.tsx): it renders itself under the gate while the 1 s transition plays, and locks the gate again when
 * the server says the session is gone.
 */

export const GATE_PATH = '/api/gate';
export const UNREACHABLE = 'Could not reach the server. Please check your connection and try again.';

/** 'locked': the gate takes the password. 'opening': accepted, the transition plays. 'open': the app shows. */
export type GatePhase = 'locked' | 'opening' | 'open';

export interface GateController {
  readonly phase: GatePhase;
  /** Called at every change of phase; returns the unsubscribe. */
  subscribe(listener: (phase: GatePhase) => void): () => void;
  /** Shows the gate again (the session is gone): the field empty, nothing pending. */
  lock(): void;
  /**
   * The answer to a read the gate asked for when it let the person in (startGate's `earlyReads`), once, for the
   * first call to the same URL within EARLY_READ_MAX_AGE_MS; null otherwise.
   */
  takeEarlyResponse(url: string): Promise<Response> | null;
  /** The app has drawn its shell: the static one shown since the password was accepted (APP_SHELL_ID) goes. */
  appShown(): void;
}

/** What the gate asks for as it lets the person in (startGate's `earlyReads`). */
export interface EarlyReads {
  /** Where the password goes: GATE_PATH, with a query when the answer is to carry a read. */
  gatePath: string;
  /** The GETs the app makes first, as its calls spell them: sent once the password is accepted. */
  reads: readonly string[];
  /**
   * The one of `reads` an accepted answer to `gatePath` carries (a 200 whose body is that read's answer, decision
   * 0069): it is not sent unless the answer came without it (a 204) or its body was lost on the way (or not JSON).
   */
  carried: string | null;
}

/** An early answer older than this is not handed over: the app asks afresh. */
export const EARLY_READ_MAX_AGE_MS = 10_000;

declare global {
  interface Window {
    /** The page's gate, started by index.html's inline script. */
    dwellscapeGate?: GateController;
  }
}

/** docs/product.md's texts for a refused password and for too many attempts: the markup carries them (gate-markup.ts). */
export interface GateTexts {
  invalid: string;
  rateLimited: string;
}

/** The text for a failed unlock: docs/product.md's 'Invalid password' for a refused password, else the server's words. */
export async function gateErrorText(response: Response, texts: GateTexts): Promise<string> {
  if (response.status === 429) return texts.rateLimited;
  // 400 means the server refused the value itself (too long, say): to a person that is still a wrong password
  if (response.status === 401 || response.status === 400) return texts.invalid;
  try {
    // the server's own words, as the app's API client reads them (lib/api-client.ts)
    const body = (await response.json()) as { error?: unknown; message?: unknown };
    const text = typeof body.message === 'string' ? body.message : body.error;
    if (typeof text === 'string' && text) return text;
  } catch {
    // not JSON (a proxy's HTML page, an empty body): fall back to the status text
  }
  return response.statusText || `Request failed with status ${response.status}`;
}

/**
 * The preloads index.html keeps for after the password (build/static-gate.ts: the router's files), added once the
 * password has been sent: from the page's start they would hold the password's request back.
 */
function preloadAfterGate(): void {
  const links = document.getElementById(GATE_AFTER_ID);
  if (!(links instanceof HTMLTemplateElement)) return;
  links.remove();
  document.head.append(links.content);
}

function element<T extends HTMLElement>(root: ParentNode, id: string): T {
  const found = root.querySelector<T>(`#${id}`);
  if (!found) throw new Error(`the gate's markup has no #${id}`);
  return found;
}

const readInit: RequestInit = { headers: { Accept: 'application/json' }, credentials: 'same-origin' };

/** The read an accepted answer carries, as text and as JSON; null when its body was lost on the way or is not JSON. */
function carriedBody(answer: Response): Promise<{ text: string; json: unknown } | null> {
  return answer
    .text()
    .then((text) => ({ text, json: JSON.parse(text) as unknown }))
    .catch(() => null);
}

/**
 * Starts the gate on its markup (gate-markup.ts) inside `root`. `earlyReads` names the GETs the app will make first
 * once it is in (its session, the feed's first page): they are sent as soon as the password is accepted (or come
 * with its answer), while the app's code starts, and handed to the app's first calls for them (takeEarlyResponse).
 * `onEarlyRead` sees each successful answer's JSON first (to start on what it names, such as the feed's first
 * picture): a carried one before the transition starts.
 */
export function startGate(
  root: HTMLElement,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
  earlyReads: () => EarlyReads = () => ({ gatePath: GATE_PATH, reads: [], carried: null }),
  onEarlyRead: (url: string, body: unknown) => void = () => undefined,
): GateController {
  const form = element<HTMLFormElement>(root, 'gate-form');
  const field = element<HTMLInputElement>(root, 'gate-password');
  const button = element<HTMLButtonElement>(root, 'gate-submit');
  const messageArea = element<HTMLDivElement>(root, 'gate-message');
  const gate = element<HTMLDivElement>(root, 'gate');
  // the app's shape under the gate while its code arrives; a page without it (a test's markup) does without
  let appShell = root.querySelector<HTMLElement>(`#${APP_SHELL_ID}`);
  // the texts come with the markup, so this script does not carry the whole catalogue of messages
  const texts: GateTexts = { invalid: form.dataset.invalidText ?? '', rateLimited: form.dataset.rateLimitedText ?? '' };
  const listeners = new Set<(phase: GatePhase) => void>();
  let phase: GatePhase = 'locked';
  let busy = false;
  let failureTimer = 0;
  let openTimer = 0;
  // a lock() while a request is out makes its answer stale
  let attempt = 0;
  const early = new Map<string, { sentAt: number; response: Promise<Response> }>();
  // the gate leaves the page when the app opens (nothing of it is left to find), and comes back to the same place
  const home = { parent: gate.parentNode, next: gate.nextSibling };

  const setPhase = (next: GatePhase) => {
    phase = next;
    for (const listener of [...listeners]) listener(next);
  };

  const setBusy = (next: boolean) => {
    busy = next;
    button.disabled = next;
    if (next) {
      button.setAttribute('aria-busy', 'true');
      button.prepend(iconElement(loaderCircle, 'size-5 animate-spin'));
    } else {
      button.removeAttribute('aria-busy');
      button.querySelector('svg')?.remove();
    }
  };

  const clearFailure = () => {
    clearTimeout(failureTimer);
    messageArea.replaceChildren();
    field.removeAttribute('aria-invalid');
    field.removeAttribute('aria-describedby');
    field.classList.remove(...gateFieldErrorClasses);
  };

  // each failure shows for its full 3 s, the same message again included; the field keeps what was typed
  const showFailure = (text: string) => {
    clearFailure();
    const alert = document.createElement('p');
    alert.id = 'gate-error';
    alert.setAttribute('role', 'alert');
    alert.className = 'flex items-center gap-1.5 text-sm font-medium text-[#ffc7ad]';
    alert.append(iconElement(circleAlert, 'size-4 shrink-0'), text);
    messageArea.append(alert);
    field.setAttribute('aria-invalid', 'true');
    field.setAttribute('aria-describedby', alert.id);
    field.classList.add(...gateFieldErrorClasses);
    failureTimer = window.setTimeout(clearFailure, GATE_ERROR_DISPLAY_MS);
  };

  // docs/product.md §2: a white overlay expands, then fades, over the 1 s transition. Once the white covers the screen
  // the gate's own page is gone (index.css, gate-vanish), so the white fades into what lies under the gate: the app
  // if it has drawn itself, else the app's static shape (APP_SHELL_ID), never an empty page. With reduced motion the
  // gate fades into the same. Opacity and transform only, so the compositor runs all of it while the app and the
  // feed's first page load underneath: the overlay is the gate page's sibling, not its child, so the page's opacity
  // can drop to nothing under the white in the compositor's own frame. (A main-thread step, visibility, came late on
  // a busy page, and the gate showed again through the fading white.)
  const startTransition = () => {
    gate.className = 'fixed inset-0 z-[60] overflow-hidden';
    gate.style.setProperty('--gate-transition-ms', `${GATE_TRANSITION_MS}ms`);
    gate.setAttribute('data-unlocking', '');
    if (appShell) appShell.hidden = false;
    const overlay = document.createElement('div');
    overlay.id = 'gate-transition';
    overlay.setAttribute('aria-hidden', 'true');
    overlay.className = 'pointer-events-none fixed inset-0 z-50 overflow-hidden';
    // centred on the screen, and just wider than its diagonal (√2 of the longer side) when fully grown
    const white = document.createElement('div');
    white.className =
      'absolute top-1/2 left-1/2 size-[150vmax] -translate-1/2 animate-gate-expand rounded-full bg-white motion-reduce:hidden';
    overlay.append(white);
    gate.append(overlay);
    field.readOnly = true;
    setPhase('opening');
    openTimer = window.setTimeout(() => {
      gate.remove();
      setPhase('open');
    }, GATE_TRANSITION_MS);
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const password = field.value;
    if (busy || phase !== 'locked' || password.length === 0) return;
    clearFailure();
    setBusy(true);
    const current = ++attempt;
    const first = earlyReads();
    fetchImpl(first.gatePath, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ password }),
      credentials: 'same-origin',
    })
      .then(async (response) => {
        if (current !== attempt) return;
        if (response.ok) {
          // read before the app starts, so that what it names (the first picture) is asked for in this same task,
          // ahead of the app's code on the main thread; the body comes with the answer, so this waits for nothing
          const carried = first.carried !== null && response.status === 200 ? await carriedBody(response) : null;
          if (current !== attempt) return;
          for (const url of first.reads) {
            if (url === first.carried && carried) {
              const answer = new Response(carried.text, {
                status: 200,
                headers: { 'Content-Type': 'application/json' },
              });
              early.set(url, { sentAt: Date.now(), response: Promise.resolve(answer) });
              try {
                onEarlyRead(url, carried.json);
              } catch {
                // what it starts is a head start only: the person is let in all the same
              }
              continue;
            }
            const sent = fetchImpl(url, readInit);
            // a failure is the app's to report, when its call takes this answer. The copy is made here, before the
            // app's call can read the body: this reaction was registered first
            sent
              .then(async (answer) => answer.ok && onEarlyRead(url, await answer.clone().json()))
              .catch(() => undefined);
            early.set(url, { sentAt: Date.now(), response: sent });
          }
          return startTransition();
        }
        const text = await gateErrorText(response, texts);
        if (current !== attempt) return;
        setBusy(false);
        showFailure(text);
      })
      .catch(() => {
        if (current !== attempt) return;
        setBusy(false);
        showFailure(UNREACHABLE);
      });
    // with the password on its way, the router's files may start (at low priority): most passwords are right
    preloadAfterGate();
  });

  // the field takes the focus just after the gate's first frame, unless a person got to another control first
  requestAnimationFrame(() =>
    setTimeout(() => {
      const active = document.activeElement;
      if (phase === 'locked' && (!active || active === document.body)) field.focus();
    }),
  );

  return {
    get phase() {
      return phase;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    takeEarlyResponse(url) {
      const read = early.get(url);
      if (!read) return null;
      early.delete(url);
      return Date.now() - read.sentAt <= EARLY_READ_MAX_AGE_MS ? read.response : null;
    },
    appShown() {
      appShell?.remove();
      appShell = null;
    },
    lock() {
      attempt++;
      early.clear();
      clearTimeout(openTimer);
      clearFailure();
      if (busy) setBusy(false);
      gate.querySelector('#gate-transition')?.remove();
      gate.style.removeProperty('--gate-transition-ms');
      gate.removeAttribute('data-unlocking');
      if (appShell) appShell.hidden = true;
      gate.className = 'contents';
      if (!gate.isConnected) home.parent?.insertBefore(gate, home.next);
      field.readOnly = false;
      field.value = '';
      setPhase('locked');
      field.focus();
    },
  };
}
