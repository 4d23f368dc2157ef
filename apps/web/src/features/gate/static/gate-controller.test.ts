import { contracts, GATE_ERROR_DISPLAY_MS, GATE_TRANSITION_MS, messages } from '@dwellscape/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../test/render';
import {
  EARLY_READ_MAX_AGE_MS,
  GATE_PATH,
  startGate,
  UNREACHABLE,
  type EarlyReads,
  type GateController,
  type GatePhase,
} from './gate-controller';
import { APP_SHELL_ID, gateMarkup } from './gate-markup';

const fetchMock = vi.fn<typeof fetch>();

function deferredResponse() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

/** Early reads the gate sends itself once the password is accepted, none carried by its answer. */
const sent = (...reads: string[]): EarlyReads => ({ gatePath: GATE_PATH, reads, carried: null });

/** The gate as index.html has it: its markup, then its script started on it. */
function setup(earlyReads: EarlyReads = sent(), onEarlyRead?: (url: string, body: unknown) => void) {
  // as the browser parses index.html
  const page = new DOMParser().parseFromString(`<body>${gateMarkup()}</body>`, 'text/html');
  document.body.replaceChildren(...page.body.childNodes);
  const gate: GateController = startGate(document.body, fetchMock, () => earlyReads, onEarlyRead);
  const phases: GatePhase[] = [];
  gate.subscribe((phase) => phases.push(phase));
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  const field = screen.getByLabelText(messages.gate.passwordLabel);
  const submit = screen.getByRole('button', { name: messages.gate.submit });
  return { gate, phases, user, field, submit };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  fetchMock.mockReset();
});

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('the gate of index.html', () => {
  it('shows the title, tagline, a required labelled password field, the button and the footer', () => {
    setup();
    expect(screen.getByRole('heading', { name: messages.productNameMark })).toBeInTheDocument();
    expect(screen.getByText(messages.tagline)).toBeInTheDocument();
    const field = screen.getByLabelText(messages.gate.passwordLabel);
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toHaveAttribute('placeholder', messages.gate.passwordPlaceholder);
    expect(field).toBeRequired();
    expect(screen.getByRole('button', { name: messages.gate.submit })).toBeEnabled();
    expect(screen.getByText(messages.gate.footer)).toBeInTheDocument();
  });

  it('posts to the gate contract’s route', () => {
    expect(GATE_PATH).toBe(contracts.unlockGate.route);
    expect(contracts.unlockGate.method).toBe('POST');
  });

  it('focuses the field after its first frame', async () => {
    const { field } = setup();
    expect(field).not.toHaveFocus();
    await vi.waitFor(() => expect(field).toHaveFocus());
  });

  it('sends nothing while the field is empty', async () => {
    const { user, submit, gate } = setup();
    await user.click(submit);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(gate.phase).toBe('locked');
  });

  it('posts the password to /api/gate and disables the button with a spinner while checking', async () => {
    const pending = deferredResponse();
    fetchMock.mockReturnValueOnce(pending.promise);
    const { user, field, submit } = setup();

    await user.type(field, 'Letmein');
    await user.click(submit);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/gate');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ password: 'Letmein' });

    expect(submit).toBeDisabled();
    expect(submit).toHaveAttribute('aria-busy', 'true');
    expect(submit.querySelector('svg.animate-spin')).not.toBeNull();

    pending.resolve(jsonResponse(401, { error: 'Invalid password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.gate.invalid);
    expect(submit).toBeEnabled();
    expect(submit).not.toHaveAttribute('aria-busy');
    expect(submit.querySelector('svg')).toBeNull();
  });

  it('shows "Invalid password" for 3 s on a refused password and keeps what was typed', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { error: 'Invalid password' }));
    const { user, field, submit } = setup();

    await user.type(field, 'wrong guess');
    await user.click(submit);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.gate.invalid);
    expect(field).toHaveValue('wrong guess');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAttribute('aria-describedby', alert.id);

    vi.advanceTimersByTime(GATE_ERROR_DISPLAY_MS - 200);
    expect(screen.getByRole('alert')).toHaveTextContent(messages.gate.invalid);

    vi.advanceTimersByTime(400);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(field).toHaveValue('wrong guess');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('reads a 400 (a value the server refuses) as a wrong password too', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(400, { error: 'Bad Request', message: 'Invalid body.password' }));
    const { user, field, submit } = setup();
    await user.type(field, 'x');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.gate.invalid);
  });

  it('gives a second failure its own full 3 s', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(401, { error: 'Invalid password' }))
      .mockResolvedValueOnce(jsonResponse(401, { error: 'Invalid password' }));
    const { user, field, submit } = setup();

    await user.type(field, 'nope');
    await user.click(submit);
    await screen.findByRole('alert');
    vi.advanceTimersByTime(2000);

    await user.click(submit);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await screen.findByRole('alert');
    vi.advanceTimersByTime(2000);
    // 4 s after the first failure, 2 s after the second: still shown
    expect(screen.getByRole('alert')).toHaveTextContent(messages.gate.invalid);

    vi.advanceTimersByTime(1200);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('explains a rate limit with the catalogue text', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(429, { error: messages.gate.rateLimited }));
    const { user, field, submit } = setup();

    await user.type(field, 'again');
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.gate.rateLimited);
  });

  it("shows the server's own words for any other failure", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(503, { error: 'Service Unavailable', message: 'Starting up' }));
    const { user, field, submit } = setup();
    await user.type(field, 'dwellscape');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Starting up');
  });

  it('says the server is unreachable when the request itself fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { user, field, submit } = setup();

    await user.type(field, 'dwellscape');
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent(UNREACHABLE);
  });

  it('on success plays the 1 s transition with the button disabled, then opens and leaves the page', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(204));
    const { user, field, submit, phases, gate } = setup();

    await user.type(field, 'DwellScape');
    await user.click(submit);

    await vi.waitFor(() => expect(phases).toEqual(['opening']));
    expect(submit).toBeDisabled();
    expect(submit).toHaveAttribute('aria-busy', 'true');
    expect(field).toHaveAttribute('readonly');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(document.querySelector('.animate-gate-expand')).not.toBeNull();
    // the app's shape is there under the gate from the start of the transition, for the white to fade into
    const shell = document.getElementById(APP_SHELL_ID)!;
    expect(shell).toBeVisible();
    expect(shell.querySelectorAll('.skeleton').length).toBeGreaterThan(10);

    vi.advanceTimersByTime(GATE_TRANSITION_MS - 200);
    expect(gate.phase).toBe('opening');
    expect(submit).toBeVisible();

    vi.advanceTimersByTime(400);
    expect(phases).toEqual(['opening', 'open']);
    expect(screen.queryByRole('button', { name: messages.gate.submit })).not.toBeInTheDocument();
    // it stays until the app has drawn its own shell
    expect(shell).toBeVisible();
    gate.appShown();
    expect(document.getElementById(APP_SHELL_ID)).toBeNull();
  });

  it('is a form a password manager can fill and send: a username it saves with, the current password, a submit button', () => {
    setup();
    const form = document.getElementById('gate-form') as HTMLFormElement;
    expect(form.method).toBe('post');
    const username = form.querySelector('input[autocomplete="username"]') as HTMLInputElement;
    expect(username).not.toBeVisible();
    expect(username.value).toBe(messages.productName);
    expect(screen.getByLabelText(messages.gate.passwordLabel)).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('button', { name: messages.gate.submit })).toHaveAttribute('type', 'submit');
    // the shell is hidden from everyone until the password is accepted
    expect(document.getElementById(APP_SHELL_ID)).not.toBeVisible();
  });

  it('locks again (the session is gone): the gate shows, the field empty and focused, no answer pending', async () => {
    const pending = deferredResponse();
    fetchMock.mockResolvedValueOnce(jsonResponse(204)).mockReturnValueOnce(pending.promise);
    const { user, field, submit, phases, gate } = setup();
    await user.type(field, 'dwellscape');
    await user.click(submit);
    await vi.waitFor(() => expect(gate.phase).toBe('opening'));
    vi.advanceTimersByTime(GATE_TRANSITION_MS);
    expect(gate.phase).toBe('open');

    gate.lock();
    expect(phases).toEqual(['opening', 'open', 'locked']);
    expect(screen.getByRole('button', { name: messages.gate.submit })).toBeEnabled();
    expect(field).toHaveValue('');
    expect(field).not.toHaveAttribute('readonly');
    expect(field).toHaveFocus();
    expect(document.querySelector('.animate-gate-expand')).toBeNull();

    // an answer that comes after a lock() is stale
    await user.type(field, 'dwellscape');
    await user.click(submit);
    gate.lock();
    pending.resolve(jsonResponse(204));
    await Promise.resolve();
    await Promise.resolve();
    expect(gate.phase).toBe('locked');
    expect(submit).toBeEnabled();
  });

  it('sends the app’s first reads once the password is accepted, and hands each answer over once', async () => {
    const feed = jsonResponse(200, { items: [] });
    fetchMock
      .mockResolvedValueOnce(jsonResponse(204))
      .mockResolvedValueOnce(jsonResponse(200, {}))
      .mockResolvedValueOnce(feed);
    const { user, field, submit, gate } = setup(sent('/api/me', '/api/designs?mode=interior&limit=25'));
    expect(gate.takeEarlyResponse('/api/me')).toBeNull();

    await user.type(field, 'dwellscape');
    await user.click(submit);
    await vi.waitFor(() => expect(gate.phase).toBe('opening'));
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/gate',
      '/api/me',
      '/api/designs?mode=interior&limit=25',
    ]);
    expect(new Headers(fetchMock.mock.calls[2]![1]?.headers).get('Accept')).toBe('application/json');

    await expect(gate.takeEarlyResponse('/api/designs?mode=interior&limit=25')).resolves.toBe(feed);
    // once: a later call asks the server itself
    expect(gate.takeEarlyResponse('/api/designs?mode=interior&limit=25')).toBeNull();
    expect(gate.takeEarlyResponse('/api/designs?mode=landscape&limit=25')).toBeNull();

    // too old to hand over
    vi.advanceTimersByTime(EARLY_READ_MAX_AGE_MS + 1);
    expect(gate.takeEarlyResponse('/api/me')).toBeNull();
  });

  it('shows each successful first read’s JSON to onEarlyRead first; the app still reads the whole answer', async () => {
    const page = { items: [{ id: 'd1', afterImageUrl: '/media/seed/designs/d1.webp' }] };
    fetchMock
      .mockResolvedValueOnce(jsonResponse(204))
      .mockResolvedValueOnce(jsonResponse(401, { error: 'Sign in' }))
      .mockResolvedValueOnce(jsonResponse(200, page));
    const seen: Array<{ url: string; body: unknown }> = [];
    const onEarlyRead = (url: string, body: unknown) => void seen.push({ url, body });
    const { user, field, submit, gate } = setup(sent('/api/me', '/api/designs?mode=interior&limit=25'), onEarlyRead);

    await user.type(field, 'dwellscape');
    await user.click(submit);
    await vi.waitFor(() => expect(gate.phase).toBe('opening'));
    const feed = await gate.takeEarlyResponse('/api/designs?mode=interior&limit=25');
    await expect(feed!.json()).resolves.toEqual(page);
    // the 401 is the app's to handle: onEarlyRead sees only answers that succeeded
    await vi.waitFor(() => expect(seen).toEqual([{ url: '/api/designs?mode=interior&limit=25', body: page }]));
  });

  it('adds the preloads index.html keeps for after the password once it is sent, not before', async () => {
    const pending = deferredResponse();
    fetchMock.mockReturnValueOnce(pending.promise);
    const { user, field, submit } = setup();
    const later = document.createElement('template');
    later.id = 'gate-after';
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = '/assets/router.js';
    later.content.append(link);
    document.body.append(later);
    const preloads = () => document.head.querySelectorAll('link[rel="modulepreload"][href="/assets/router.js"]');
    expect(preloads()).toHaveLength(0);

    await user.type(field, 'dwellscape');
    await user.click(submit);
    expect(preloads()).toHaveLength(1);
    expect(document.getElementById('gate-after')).toBeNull();
    preloads()[0]!.remove();
  });

  it('sends no early read for a refused password, and drops those of a session that is gone', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { error: 'Invalid password' }));
    const { user, field, submit, gate } = setup(sent('/api/me'));
    await user.type(field, 'nope');
    await user.click(submit);
    await screen.findByRole('alert');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockResolvedValueOnce(jsonResponse(204)).mockResolvedValueOnce(jsonResponse(200, {}));
    await user.click(submit);
    await vi.waitFor(() => expect(gate.phase).toBe('opening'));
    gate.lock();
    expect(gate.takeEarlyResponse('/api/me')).toBeNull();
  });

  describe('with the feed’s first page carried by the answer (decision 0069)', () => {
    const feedUrl = '/api/designs?mode=interior&limit=25';
    const carrying: EarlyReads = { gatePath: '/api/gate?feed=interior', reads: ['/api/me', feedUrl], carried: feedUrl };
    const page = { items: [{ id: 'd1', afterImageUrl: '/media/seed/designs/d1.webp' }], nextCursor: null };

    async function enter(user: ReturnType<typeof setup>['user'], field: HTMLElement, submit: HTMLElement) {
      await user.type(field, 'dwellscape');
      await user.click(submit);
    }

    it('sends the password asking for it, hands the 200’s body over as the page once, and never asks for it', async () => {
      fetchMock.mockResolvedValueOnce(jsonResponse(200, page)).mockResolvedValueOnce(jsonResponse(200, {}));
      const seen: Array<{ url: string; body: unknown; transitionStarted: boolean }> = [];
      const onEarlyRead = (url: string, body: unknown) =>
        seen.push({ url, body, transitionStarted: document.getElementById('gate-transition') !== null });
      const { user, field, submit, gate } = setup(carrying, onEarlyRead);
      await enter(user, field, submit);
      await vi.waitFor(() => expect(gate.phase).toBe('opening'));

      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/gate?feed=interior', '/api/me']);
      expect(fetchMock.mock.calls[0]![1]?.method).toBe('POST');
      const answer = await gate.takeEarlyResponse(feedUrl);
      expect(answer!.status).toBe(200);
      await expect(answer!.json()).resolves.toEqual(page);
      // the first picture starts from the same page, before the transition (and the app's code) starts
      expect(seen).toContainEqual({ url: feedUrl, body: page, transitionStarted: false });
      expect(gate.takeEarlyResponse(feedUrl)).toBeNull();
    });

    it('hands over nothing stale: after EARLY_READ_MAX_AGE_MS the app asks for the page itself', async () => {
      fetchMock.mockResolvedValueOnce(jsonResponse(200, page)).mockResolvedValueOnce(jsonResponse(200, {}));
      const { user, field, submit, gate } = setup(carrying);
      await enter(user, field, submit);
      await vi.waitFor(() => expect(gate.phase).toBe('opening'));
      vi.advanceTimersByTime(EARLY_READ_MAX_AGE_MS + 1);
      expect(gate.takeEarlyResponse(feedUrl)).toBeNull();
    });

    it('asks for the page itself when the answer came without it (204)', async () => {
      const feed = jsonResponse(200, page);
      fetchMock
        .mockResolvedValueOnce(jsonResponse(204))
        .mockResolvedValueOnce(jsonResponse(200, {}))
        .mockResolvedValueOnce(feed);
      const { user, field, submit, gate } = setup(carrying);
      await enter(user, field, submit);
      await vi.waitFor(() => expect(gate.phase).toBe('opening'));
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/gate?feed=interior', '/api/me', feedUrl]);
      await expect(gate.takeEarlyResponse(feedUrl)).resolves.toBe(feed);
    });

    it.each([
      ['was lost on the way', () => new ReadableStream({ start: (stream) => stream.error(new TypeError('reset')) })],
      ['is not JSON', () => '<html>a proxy’s page</html>'],
    ])('asks for the page itself when the answer’s body %s', async (_, body) => {
      const feed = jsonResponse(200, page);
      fetchMock
        .mockResolvedValueOnce(new Response(body(), { status: 200 }))
        .mockResolvedValueOnce(jsonResponse(200, {}))
        .mockResolvedValueOnce(feed);
      const { user, field, submit, gate } = setup(carrying);
      await enter(user, field, submit);
      await vi.waitFor(() => expect(gate.phase).toBe('opening'));
      await expect(gate.takeEarlyResponse(feedUrl)).resolves.toBe(feed);
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/gate?feed=interior', '/api/me', feedUrl]);
    });

    it('sends nothing more for a refused password', async () => {
      fetchMock.mockResolvedValueOnce(jsonResponse(401, { error: 'Invalid password' }));
      const { user, field, submit, gate } = setup(carrying);
      await enter(user, field, submit);
      expect(await screen.findByRole('alert')).toHaveTextContent(messages.gate.invalid);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(gate.takeEarlyResponse(feedUrl)).toBeNull();
    });
  });
});
