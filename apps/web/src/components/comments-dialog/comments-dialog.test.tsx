import { messages, type Comment } from '@dwellscape/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithQueryClient } from '../../../test/render';
import { CommentList } from './comment-list';
import { CommentsDialog } from './comments-dialog';

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

function openDialog() {
  const user = userEvent.setup();
  renderWithQueryClient(<CommentsDialog designId="d1" designTitle="Sunny loft" open onOpenChange={() => {}} />);
  const nameField = screen.getByLabelText('Your name');
  const textField = screen.getByLabelText('Comment');
  const submit = screen.getByRole('button', { name: 'Post comment' });
  return { user, nameField, textField, submit };
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

  it('keeps the button disabled unless both name and text are present', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { items: [] }));
    const { user, nameField, textField, submit } = openDialog();
    expect(submit).toBeDisabled();
    await user.type(nameField, 'Ada');
    expect(submit).toBeDisabled();
    await user.type(textField, 'Nice');
    expect(submit).toBeEnabled();
    await user.clear(nameField);
    expect(submit).toBeDisabled();
  });

  it("rejects a blank name with 'Missing Name' and blank text with 'Empty Comment'", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { items: [] }));
    const { user, nameField, textField, submit } = openDialog();
    await user.type(nameField, '   ');
    await user.type(textField, 'Nice');
    await user.click(submit);
    expect(toast.error).toHaveBeenLastCalledWith(messages.comments.missingNameTitle, {
      description: messages.comments.missingNameBody,
    });

    await user.clear(nameField);
    await user.type(nameField, 'Ada');
    await user.clear(textField);
    await user.type(textField, '  ');
    await user.click(submit);
    expect(toast.error).toHaveBeenLastCalledWith(messages.comments.emptyTitle, {
      description: messages.comments.emptyBody,
    });
    // nothing but the list was requested
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('posts the trimmed comment, shows it, clears the text and keeps the name', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { items: [] }));
    const posted = comment('c9', 'Ada', 'Love the light', new Date().toISOString());
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { comment: posted, commentsCount: 1 }));
    const { user, nameField, textField, submit } = openDialog();
    await screen.findByText('No comments yet');
    await user.type(nameField, ' Ada ');
    await user.type(textField, ' Love the light ');
    await user.click(submit);

    expect(await screen.findByText('Love the light')).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith(messages.comments.successTitle, {
      description: messages.comments.successBody,
    });
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/designs/d1/comments');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Ada', text: 'Love the light' });
    expect(textField).toHaveValue('');
    expect(nameField).toHaveValue(' Ada ');
  });

  it('says the submit failed when the API refuses, and something went wrong when the network fails', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { items: [] }));
    fetchMock.mockResolvedValueOnce(jsonResponse(400, { error: 'Bad Request', message: 'Invalid body.text' }));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, nameField, textField, submit } = openDialog();
    await user.type(nameField, 'Ada');
    await user.type(textField, 'Hello');
    await user.click(submit);
    await waitFor(() => expect(toast.error).toHaveBeenLastCalledWith(messages.comments.submitFailed));
    expect(textField).toHaveValue('Hello');
    await user.click(submit);
    await waitFor(() => expect(toast.error).toHaveBeenLastCalledWith(messages.comments.unexpected));
  });
});
