import { accountMessages, apiPaths } from '@dwellscape/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onSessionExpired } from '@/lib/api-client';
import { jsonResponse, mockApi, type MockedApi } from '../../../test/mock-api';
import { renderWithQueryClient } from '../../../test/render';
import { makeAccount, makeSession } from '../../../test/fixtures';
import { useAccountSheet, type OpenAccountSheetOptions } from './account-sheet-provider';
import { accountSheetTexts } from './sign-in-sheet';
import { queryKeys } from '@/lib/query-keys';

const session = makeSession({
  viewerId: 'viewer-1',
  currentUser: makeAccount({ id: 'u-noor', username: 'noor_builds', displayName: 'Noor Haddad' }),
});

const signIn = `POST ${apiPaths.signIn}`;
const signUp = `POST ${apiPaths.signUp}`;
let api: MockedApi;
beforeEach(() => {
  api = mockApi();
});
afterEach(() => vi.unstubAllGlobals());

/** A button that opens the sheet and writes down how it ended, as a screen would use it. */
function Opener({ options }: { options?: OpenAccountSheetOptions }) {
  const { openAccountSheet } = useAccountSheet();
  return (
    <>
      <button
        type="button"
        onClick={async () => {
          const result = await openAccountSheet(options);
          document.title = result ? `signed in as ${result.currentUser.username}` : 'closed';
        }}
      >
        Open
      </button>
    </>
  );
}

async function openSheet(options?: OpenAccountSheetOptions) {
  const rendered = renderWithQueryClient(<Opener options={options} />);
  document.title = '';
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  const dialog = await screen.findByRole('dialog');
  return { ...rendered, dialog };
}

const sentBody = (call = 0) => api.calls[call]?.body;

describe('sign-in sheet: Sign in', () => {
  it('opens on the Sign in tab with the username field focused, and says why when told', async () => {
    const { dialog } = await openSheet({ reason: 'Sign in or sign up to publish your design.' });
    expect(dialog).toHaveAccessibleName(accountSheetTexts.signInTitle);
    expect(dialog).toHaveAccessibleDescription('Sign in or sign up to publish your design.');
    expect(within(dialog).getByRole('tab', { name: accountSheetTexts.signInTab })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Username' })).toHaveFocus());
  });

  it('asks for both fields before sending anything', async () => {
    const { dialog } = await openSheet();
    await userEvent.click(within(dialog).getByRole('button', { name: accountSheetTexts.signInSubmit }));
    const username = within(dialog).getByRole('textbox', { name: 'Username' });
    expect(username).toHaveAccessibleDescription('Enter your username.');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveFocus();
    expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription('Enter your password.');
    expect(api.calls).toEqual([]);

    // typing clears the field's message
    await userEvent.type(username, 'noor_builds');
    expect(username).not.toHaveAttribute('aria-invalid');
  });

  it("shows the server's 'Wrong username or password.' above the button, and the gate stays open", async () => {
    const expired = vi.fn();
    const unsubscribe = onSessionExpired(expired);
    api.answer({ [signIn]: jsonResponse(401, { error: accountMessages.invalidCredentials }) });
    const { dialog } = await openSheet();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'noor_builds');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'not my password');
    await userEvent.click(within(dialog).getByRole('button', { name: accountSheetTexts.signInSubmit }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(accountMessages.invalidCredentials);
    expect(api.calls[0]?.path).toBe(apiPaths.signIn);
    expect(sentBody()).toEqual({ username: 'noor_builds', password: 'not my password' });
    expect(expired).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    unsubscribe();
  });

  it('says when there were too many attempts (429)', async () => {
    api.answer({
      [signIn]: jsonResponse(429, { error: 'Too Many Requests', message: accountMessages.signInRateLimited }),
    });
    const { dialog } = await openSheet();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'noor_builds');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'guess number six');
    await userEvent.click(within(dialog).getByRole('button', { name: accountSheetTexts.signInSubmit }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(accountMessages.signInRateLimited);
  });

  it('says something went wrong when the network fails', async () => {
    api.answer({
      [signIn]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { dialog } = await openSheet();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'noor_builds');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'correct horse battery');
    await userEvent.click(within(dialog).getByRole('button', { name: accountSheetTexts.signInSubmit }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });

  it('signs in: the sheet closes, its opener gets the session and the app knows who is signed in', async () => {
    api.answer({ [signIn]: session });
    const { dialog, queryClient } = await openSheet();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'noor_builds');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'correct horse battery');
    // the password can be shown to check it
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show password' }));
    expect(within(dialog).getByRole('textbox', { name: 'Password' })).toHaveValue('correct horse battery');
    await userEvent.click(within(dialog).getByRole('button', { name: accountSheetTexts.signInSubmit }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.title).toBe('signed in as noor_builds');
    expect(queryClient.getQueryData(queryKeys.me)).toEqual(session);
  });

  it('closing it tells the opener nobody signed in', async () => {
    const { dialog } = await openSheet();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.title).toBe('closed');
  });
});

describe('sign-in sheet: Sign up', () => {
  async function openSignUp() {
    const opened = await openSheet({ tab: 'sign-up' });
    expect(opened.dialog).toHaveAccessibleName(accountSheetTexts.signUpTitle);
    return opened;
  }
  const fill = async (dialog: HTMLElement, values: { username?: string; displayName?: string; password?: string }) => {
    if (values.username)
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Username' }), values.username);
    if (values.displayName)
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Display name' }), values.displayName);
    if (values.password) await userEvent.type(within(dialog).getByLabelText('Password'), values.password);
  };
  const submit = (dialog: HTMLElement) =>
    userEvent.click(within(dialog).getByRole('button', { name: accountSheetTexts.signUpSubmit }));

  it("checks the account rules before sending, in the rules' own words", async () => {
    const { dialog } = await openSignUp();
    await fill(dialog, { username: 'No Spaces!', password: 'short' });
    await submit(dialog);

    const username = within(dialog).getByRole('textbox', { name: 'Username' });
    expect(username).toHaveAccessibleDescription(accountMessages.usernameFormat);
    expect(username).toHaveFocus();
    expect(within(dialog).getByRole('textbox', { name: 'Display name' })).toHaveAccessibleDescription(
      accountMessages.displayNameLength,
    );
    expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription(accountMessages.passwordLength);
    expect(api.calls).toEqual([]);
  });

  it('puts the server’s refusals under the field they are about', async () => {
    api.answer({ [signUp]: jsonResponse(409, { error: accountMessages.usernameTaken }) });
    const { dialog } = await openSignUp();
    await fill(dialog, { username: 'noor_builds', displayName: 'Noor', password: 'password1234' });
    await submit(dialog);
    expect(await within(dialog).findByText(accountMessages.usernameTaken, { selector: 'p' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Username' })).toHaveAccessibleDescription(
      accountMessages.usernameTaken,
    );

    api.answer({
      [signUp]: jsonResponse(400, {
        error: 'Bad Request',
        message: `Invalid body.password: ${accountMessages.passwordWeak}`,
        details: [{ field: 'body.password', message: accountMessages.passwordWeak }],
      }),
    });
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Username' }));
    await fill(dialog, { username: 'noor_builds2' });
    await submit(dialog);
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription(accountMessages.passwordWeak),
    );
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(sentBody(1)).toEqual({ username: 'noor_builds2', displayName: 'Noor', password: 'password1234' });
  });

  it('keeps the username when switching tabs, and signs up', async () => {
    api.answer({ [signUp]: jsonResponse(201, session) });
    const { dialog } = await openSheet();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'noor_builds');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create an account' }));
    expect(within(dialog).getByRole('tab', { name: accountSheetTexts.signUpTab })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Username' })).toHaveValue('noor_builds');
    await fill(dialog, { displayName: 'Noor Haddad', password: 'a long enough password' });
    await submit(dialog);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls[0]?.path).toBe(apiPaths.signUp);
    expect(sentBody()).toEqual({
      username: 'noor_builds',
      displayName: 'Noor Haddad',
      password: 'a long enough password',
    });
    expect(document.title).toBe('signed in as noor_builds');
  });
});
