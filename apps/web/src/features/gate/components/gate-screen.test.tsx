import { GATE_ERROR_DISPLAY_MS, GATE_TRANSITION_MS, messages } from '@dwellscape/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithQueryClient } from '../../../../test/render';
import { GateScreen } from './gate-screen';

const fetchMock = vi.fn<typeof fetch>();

function deferredResponse() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

function setup() {
  const onUnlocked = vi.fn();
  const onSessionStarted = vi.fn();
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  renderWithQueryClient(<GateScreen onUnlocked={onUnlocked} onSessionStarted={onSessionStarted} />);
  const field = screen.getByLabelText(messages.gate.passwordLabel);
  const submit = screen.getByRole('button', { name: messages.gate.submit });
  return { user, field, submit, onUnlocked, onSessionStarted };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('GateScreen', () => {
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

  it('sends nothing while the field is empty', async () => {
    const { user, submit } = setup();
    await user.click(submit);
    expect(fetchMock).not.toHaveBeenCalled();
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

    await act(async () => pending.resolve(jsonResponse(401, { error: 'Invalid password' })));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.gate.invalid);
    expect(submit).toBeEnabled();
    expect(submit).not.toHaveAttribute('aria-busy');
  });

  it('shows "Invalid password" for 3 s on a refused password and keeps what was typed', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { error: 'Invalid password' }));
    const { user, field, submit } = setup();

    await user.type(field, 'wrong guess');
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.gate.invalid);
    expect(field).toHaveValue('wrong guess');
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await act(async () => vi.advanceTimersByTime(GATE_ERROR_DISPLAY_MS - 200));
    expect(screen.getByRole('alert')).toHaveTextContent(messages.gate.invalid);

    await act(async () => vi.advanceTimersByTime(400));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(field).toHaveValue('wrong guess');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('gives a second failure its own full 3 s', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(401, { error: 'Invalid password' }))
      .mockResolvedValueOnce(jsonResponse(401, { error: 'Invalid password' }));
    const { user, field, submit } = setup();

    await user.type(field, 'nope');
    await user.click(submit);
    await screen.findByRole('alert');
    await act(async () => vi.advanceTimersByTime(2000));

    await user.click(submit);
    await screen.findByRole('alert');
    await act(async () => vi.advanceTimersByTime(2000));
    // 4 s after the first failure, 2 s after the second: still shown
    expect(screen.getByRole('alert')).toHaveTextContent(messages.gate.invalid);

    await act(async () => vi.advanceTimersByTime(1200));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('explains a rate limit with the catalogue text', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(429, { error: messages.gate.rateLimited }));
    const { user, field, submit } = setup();

    await user.type(field, 'again');
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.gate.rateLimited);
  });

  it('says the server is unreachable when the request itself fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { user, field, submit } = setup();

    await user.type(field, 'dwellscape');
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent(/could not reach the server/i);
  });

  it('on success keeps the button disabled through the 1 s transition, then opens the app', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(204));
    const { user, field, submit, onUnlocked, onSessionStarted } = setup();

    await user.type(field, 'DwellScape');
    await user.click(submit);

    await vi.waitFor(() => expect(onSessionStarted).toHaveBeenCalledTimes(1));
    expect(submit).toBeDisabled();
    expect(submit).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await act(async () => vi.advanceTimersByTime(GATE_TRANSITION_MS - 200));
    expect(onUnlocked).not.toHaveBeenCalled();
    expect(submit).toBeDisabled();

    await act(async () => vi.advanceTimersByTime(400));
    expect(onUnlocked).toHaveBeenCalledTimes(1);
  });
});
