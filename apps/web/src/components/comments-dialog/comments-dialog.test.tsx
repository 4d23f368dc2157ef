import { messages, type Comment, type SessionResponse } from '@dwellscape/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, jsonResponse, renderWithQueryClient } from '../../../test/render';
import { CommentList } from './comment-list';
import { COMMENT_SIGN_IN_NOTE, CommentsDialog } from './comments-dialog';
import { queryKeys } from '@/lib/query-keys';

const toastMocks = vi.hoisted(() => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));
vi.mock('@/components/ui/toaster', () => toastMocks);
const { toast } = toastMocks;

const NOW = new Date('2026-03-10T12:00:00Z');

function comment(id: string, name: string, text: string, createdAt: string): Comment {
  return { id, designId: 'd1', userId: null, name, text, content: `${name}: ${text}`, createdAt, author: null };
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  toast.success.mockClear();
  toast.error.mockClear();
});

afterEach(() => vi.unstubAllGlobals());

describe('CommentList relative times (SPEC §9)', () => {
  it.each([
    ['2026-03-10T11:59:30Z', 'just now'],
    ['2026-03-10T11:59:00Z', '1 minute ago'],
    ['2026-03-10T11:15:00Z', '45 minutes ago'],
    ['2026-03-10T07:00:00Z', '5 hours ago'],
    ['2026-03-09T11:00:00Z', '1 day ago'],
    ['2026-03-04T12:00:00Z', '6 days ago'],
    ['2026-02-20T12:00:00Z', 'Feb 20, 2026'],
  ])('a comment from %s reads "%s"', (createdAt, expected) => {
    renderWithQueryClient(<CommentList comments={[comment('c1', 'Ada', 'Lovely', createdAt)]} now={NOW} />);
    const item = screen.getByRole('listitem');
    expect(within(item).getByText(expected)).toHaveAttribute('datetime', createdAt);
    expect(within(item).getByText('Ada')).toBeInTheDocument();
    expect(within(item).getByText('Lovely')).toBeInTheDocument();
  });
});

const account = {
  id: 'u-ada',
  username: 'ada_builds',
  displayName: 'Ada Lovelace',
  avatarUrl: '',
  isVerified: false,
  bio: '',
  followerCount: 0,
  followingCount: 0,
  postCount: 0,
  commissionEarned: '$0.00',
  isCurrentUser: true,
  isFollowedByViewer: false,
};
const signedIn: SessionResponse = { viewerId: 'v1', signedIn: true, unreadNotifications: 0, currentUser: account };
const signedOut: SessionResponse = { ...signedIn, signedIn: false };

/** The dialog for a viewer the app already knows: signed in unless told. */
function openDialog(session: SessionResponse = signedIn) {
  const user = userEvent.setup();
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.me, session);
  renderWithQueryClient(<CommentsDialog designId="d1" designTitle="Sunny loft" open onOpenChange={() => {}} />, {
    queryClient,
  });
  const textField = screen.getByLabelText('Comment');
  const submit = screen.getByRole('button', { name: 'Post comment' });
  return { user, textField, submit };
}

describe('CommentsDialog', () => {
  it('shows the loading state, then the list oldest first', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, {
        items: [
          comment('c1', 'Ada', 'First!', '2026-03-01T10:00:00Z'),
          comment('c2', 'Grace', 'Second', '2026-03-02T10:00:00Z'),
        ],
      }),
    );
    openDialog();
    expect(screen.getByRole('dialog', { name: 'Comments' })).toHaveAccessibleDescription('Sunny loft');
    expect(screen.getByLabelText('Loading comments')).toBeInTheDocument();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/First!|Second/).textContent)).toEqual(['First!', 'Second']);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/designs/d1/comments');
  });

  it('shows an empty state when there are no comments', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { items: [] }));
    openDialog();
    expect(await screen.findByText('No comments yet')).toBeInTheDocument();
  });

  it("toasts SPEC §8's load failure", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { error: 'Internal Server Error' }));
    openDialog();
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(messages.comments.loadFailedTitle, {
        description: messages.comments.loadFailedBody,
      }),
    );
  });

  it('keeps the button disabled while the text is empty, and says whose name the comment goes under', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { items: [] }));
    const { user, textField, submit } = openDialog();
    expect(screen.queryByLabelText('Your name')).not.toBeInTheDocument();
    expect(textField).toHaveAccessibleDescription('Commenting as Ada Lovelace');
    expect(submit).toBeDisabled();
    await user.type(textField, 'Nice');
    expect(submit).toBeEnabled();
    await user.clear(textField);
    expect(submit).toBeDisabled();
  });

  it("rejects blank text with 'Empty Comment'", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { items: [] }));
    const { user, textField, submit } = openDialog();
    await user.type(textField, '  ');
    await user.click(submit);
    expect(toast.error).toHaveBeenLastCalledWith(messages.comments.emptyTitle, {
      description: messages.comments.emptyBody,
    });
    // nothing but the list was requested
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('posts the trimmed text as the signed-in account, shows it and clears the text', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { items: [] }));
    const posted = comment('c9', 'Ada Lovelace', 'Love the light', new Date().toISOString());
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { comment: posted, commentsCount: 1 }));
    const { user, textField, submit } = openDialog();
    await screen.findByText('No comments yet');
    await user.type(textField, ' Love the light ');
    await user.click(submit);

    expect(await screen.findByText('Love the light')).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith(messages.comments.successTitle, {
      description: messages.comments.successBody,
    });
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/designs/d1/comments');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ text: 'Love the light' });
    expect(textField).toHaveValue('');
  });

  it('signed out: says the sheet will ask, opens it on Post and keeps the text', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { items: [] }));
    const { user, textField, submit } = openDialog(signedOut);
    expect(textField).toHaveAccessibleDescription(COMMENT_SIGN_IN_NOTE);
    await user.type(textField, 'Love the light');
    await user.click(submit);
    const sheet = await screen.findByRole('dialog', { name: 'Welcome back' });
    expect(sheet).toHaveAccessibleDescription('Sign in or sign up to post your comment. What you wrote stays.');
    expect(screen.getByLabelText('Comment')).toHaveValue('Love the light');
    // nothing was sent: the list was the only request
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says the submit failed when the API refuses, and something went wrong when the network fails', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { items: [] }));
    fetchMock.mockResolvedValueOnce(jsonResponse(400, { error: 'Bad Request', message: 'Invalid body.text' }));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, textField, submit } = openDialog();
    await user.type(textField, 'Hello');
    await user.click(submit);
    await waitFor(() => expect(toast.error).toHaveBeenLastCalledWith(messages.comments.submitFailed));
    expect(textField).toHaveValue('Hello');
    await user.click(submit);
    await waitFor(() => expect(toast.error).toHaveBeenLastCalledWith(messages.comments.unexpected));
  });
});
