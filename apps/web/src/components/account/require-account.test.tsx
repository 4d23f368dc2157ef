import { accountMessages, apiPaths, type SessionResponse } from '@dwellscape/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, onSessionExpired } from '@/lib/api-client';
import { jsonResponse, mockApi, type MockedApi } from '../../../test/mock-api';
import { renderWithQueryClient } from '../../../test/render';
import { makeAccount, makeSession } from '../../../test/fixtures';
import { useRequireAccount } from './account-sheet-provider';
import { accountSheetTexts } from './sign-in-sheet';
import { queryKeys } from '@/lib/query-keys';

const signedIn = makeSession({
  viewerId: 'viewer-1',
  currentUser: makeAccount({ id: 'u-noor', username: 'noor_builds', displayName: 'Noor Haddad' }),
});
const signedOut = makeSession({
  ...signedIn,
  signedIn: false,
  currentUser: makeAccount({ id: 'u-maya', username: 'mayadesigns', displayName: 'Maya Chen' }),
});

const signInRequired = () => jsonResponse(401, { error: 'Sign in required', message: accountMessages.signInRequired });

const comments = `POST ${apiPaths.designComments('d-1')}`;
let api: MockedApi;
beforeEach(() => {
  api = mockApi();
});
afterEach(() => vi.unstubAllGlobals());

/** Sends a comment, as the post's box does: the text typed, then `runWithAccount`. */
function CommentBox() {
  const { runWithAccount } = useRequireAccount();
  const [text, setText] = useState('');
  const [status, setStatus] = useState('');
  const send = async () => {
    try {
      const outcome = await runWithAccount(
        () => apiRequest(apiPaths.designComments('d-1'), null, { method: 'POST', body: { text } }),
        { reason: 'Sign in or sign up to post your comment.' },
      );
      setStatus(outcome.completed ? 'posted' : 'not posted');
      if (outcome.completed) setText('');
    } catch (error) {
      setStatus(`failed: ${(error as Error).message}`);
    }
  };
  return (
    <>
      <label>
        Comment
        <input value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <button type="button" onClick={() => void send()}>
        Post
      </button>
      <output aria-label="Status">{status}</output>
    </>
  );
}

function renderBox(session?: SessionResponse) {
  const rendered = renderWithQueryClient(<CommentBox />);
  if (session) rendered.queryClient.setQueryData(queryKeys.me, session);
  return rendered;
}

const commentCalls = () => api.callsTo(comments).map((call) => call.body);

async function signInFromSheet() {
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'noor_builds');
  await userEvent.type(within(dialog).getByLabelText('Password'), 'correct horse battery');
  await userEvent.click(within(dialog).getByRole('button', { name: accountSheetTexts.signInSubmit }));
}

describe('useRequireAccount', () => {
  it('signed in: runs the action at once, without the sheet', async () => {
    api.answer({ [comments]: jsonResponse(204) });
    renderBox(signedIn);
    await userEvent.type(screen.getByRole('textbox', { name: 'Comment' }), 'Lovely light');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('status', { name: 'Status' })).toHaveTextContent('posted');
    expect(commentCalls()).toEqual([{ text: 'Lovely light' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("on 'Sign in required' opens the sheet, keeps the text, and posts it once signed in", async () => {
    const expired = vi.fn();
    const unsubscribe = onSessionExpired(expired);
    api.answer({
      [`POST ${apiPaths.signIn}`]: signedIn,
      [`GET ${apiPaths.me}`]: signedOut,
      // the first try is refused, the one after signing in is taken
      [comments]: () => (commentCalls().length === 1 ? signInRequired() : jsonResponse(204)),
    });
    renderBox();
    await userEvent.type(screen.getByRole('textbox', { name: 'Comment' }), 'Lovely light');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAccessibleDescription('Sign in or sign up to post your comment.');
    expect(screen.getByRole('textbox', { name: 'Comment', hidden: true })).toHaveValue('Lovely light');
    // 'Sign in required' is not the gate's 401: the app stays open
    expect(expired).not.toHaveBeenCalled();

    await signInFromSheet();
    await waitFor(() => expect(screen.getByRole('status', { name: 'Status' })).toHaveTextContent('posted'));
    expect(commentCalls()).toEqual([{ text: 'Lovely light' }, { text: 'Lovely light' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unsubscribe();
  });

  it('known to be signed out: asks first, and sends nothing when the sheet is closed', async () => {
    renderBox(signedOut);
    await userEvent.type(screen.getByRole('textbox', { name: 'Comment' }), 'Lovely light');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(screen.getByRole('status', { name: 'Status' })).toHaveTextContent('not posted'));
    expect(commentCalls()).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('Lovely light');
  });

  it('known to be signed out: signing up in the sheet sends the action once', async () => {
    api.answer({ [`POST ${apiPaths.signUp}`]: jsonResponse(201, signedIn), [comments]: jsonResponse(204) });
    renderBox(signedOut);
    await userEvent.type(screen.getByRole('textbox', { name: 'Comment' }), 'Lovely light');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('tab', { name: accountSheetTexts.signUpTab }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'noor_builds');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Display name' }), 'Noor Haddad');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'a long enough password');
    await userEvent.click(within(dialog).getByRole('button', { name: accountSheetTexts.signUpSubmit }));

    await waitFor(() => expect(screen.getByRole('status', { name: 'Status' })).toHaveTextContent('posted'));
    expect(commentCalls()).toEqual([{ text: 'Lovely light' }]);
  });

  it('an answer the sign-in asked for, read before the action, does not undo what the action showed', async () => {
    const listUrl = '/test/comments';
    /** The post's comment list, as the screen holds it: a viewer-dependent query the sign-in asks again. */
    function PostedComments() {
      const queryClient = useQueryClient();
      const { runWithAccount } = useRequireAccount();
      const { data } = useQuery({
        queryKey: queryKeys.designs.comments('d-1'),
        queryFn: async () => (await (await fetch(listUrl)).json()) as string[],
      });
      const send = async () => {
        await runWithAccount(async () => {
          await apiRequest(apiPaths.designComments('d-1'), null, { method: 'POST', body: { text: 'Lovely light' } });
          queryClient.setQueryData<string[]>(queryKeys.designs.comments('d-1'), (list) => [
            ...(list ?? []),
            'Lovely light',
          ]);
        });
      };
      return (
        <>
          <button type="button" onClick={() => void send()}>
            Post
          </button>
          <output aria-label="Comments">{data?.join(', ') || 'none'}</output>
        </>
      );
    }
    let posted: () => void = () => undefined;
    const postIsIn = new Promise<void>((resolve) => (posted = resolve));
    let lists = 0;
    api.answer({
      [`POST ${apiPaths.signIn}`]: signedIn,
      [comments]: () => {
        posted();
        return jsonResponse(204);
      },
      [`GET ${listUrl}`]: async () => {
        lists++;
        // the first list is the screen's own; the one the sign-in asks for is read before the comment is in and
        // answers after it; any later one has it
        if (lists === 1) return [];
        if (lists === 2) {
          await postIsIn;
          await new Promise((resolve) => setTimeout(resolve, 50));
          return [];
        }
        return ['Lovely light'];
      },
    });
    const rendered = renderWithQueryClient(<PostedComments />);
    rendered.queryClient.setQueryData(queryKeys.me, signedOut);
    expect(await screen.findByRole('status', { name: 'Comments' })).toHaveTextContent('none');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await signInFromSheet();

    await waitFor(() => expect(screen.getByRole('status', { name: 'Comments' })).toHaveTextContent('Lovely light'));
    // the late, stale answer has arrived by now, and changed nothing
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(screen.getByRole('status', { name: 'Comments' })).toHaveTextContent('Lovely light');
    expect(lists).toBeGreaterThanOrEqual(2);
  });

  it("passes on any other failure, as the action's own", async () => {
    api.answer({ [comments]: jsonResponse(500, { error: 'Internal Server Error' }) });
    renderBox(signedIn);
    await userEvent.type(screen.getByRole('textbox', { name: 'Comment' }), 'Lovely light');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('status', { name: 'Status' })).toHaveTextContent('failed: Internal Server Error');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
