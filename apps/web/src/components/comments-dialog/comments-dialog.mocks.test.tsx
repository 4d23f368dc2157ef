import {
  apiPaths,
  COMMENTS_PAGE_SIZE,
  encodeCursor,
  messages,
  type Comment,
  type SessionResponse,
} from '@dwellscape/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inTurn, jsonResponse, mockApi, type MockedApi } from '../../../test/mock-api';
import { createTestQueryClient, renderWithQueryClient } from '../../../test/render';
import { makeSession } from '../../../test/fixtures';
import { CommentList } from './comment-list';
import { LOAD_MORE_COMMENTS } from './comment-thread';
import { COMMENT_SIGN_IN_NOTE, CommentsDialog } from './comments-dialog';
import { queryKeys } from '@/lib/query-keys';

const toastMocks = vi.hoisted(() => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));
vi.mock('@/components/ui/toaster', () => toastMocks);
const { toast } = toastMocks;

const NOW = new Date('2026-03-10T12:00:00Z');

function comment(id: string, name: string, text: string, createdAt: string): Comment {
  return { id, designId: 'd1', userId: null, name, text, content: `${name}: ${text}`, createdAt, author: null };
}

const list = `GET ${apiPaths.designComments('d1')}`;
const post = `POST ${apiPaths.designComments('d1')}`;
/** The list's page after `cursor`. */
const pageAfter = (cursor: string) => `${list}?cursor=${encodeURIComponent(cursor)}`;
const noComments = { items: [], nextCursor: null };
let api: MockedApi;

beforeEach(() => {
  api = mockApi();
  toast.success.mockClear();
  toast.error.mockClear();
});

afterEach(() => vi.unstubAllGlobals());

describe('CommentList relative times (docs/product.md §9)', () => {
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

const signedIn = makeSession();
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
    api.answer({
      [list]: {
        items: [
          comment('c1', 'Ada', 'First!', '2026-03-01T10:00:00Z'),
          comment('c2', 'Grace', 'Second', '2026-03-02T10:00:00Z'),
        ],
        nextCursor: null,
      },
    });
    openDialog();
    expect(screen.getByRole('dialog', { name: 'Comments' })).toHaveAccessibleDescription('Sunny loft');
    expect(screen.getByLabelText('Loading comments')).toBeInTheDocument();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/First!|Second/).textContent)).toEqual(['First!', 'Second']);
    expect(api.calls[0]?.url.href).toBe('http://localhost/api/designs/d1/comments');
  });

  it('shows an empty state when there are no comments', async () => {
    api.answer({ [list]: inTurn(noComments) });
    openDialog();
    expect(await screen.findByText('No comments yet')).toBeInTheDocument();
  });

  it("toasts docs/product.md §8's load failure", async () => {
    api.answer({ [list]: jsonResponse(500, { error: 'Internal Server Error' }) });
    openDialog();
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(messages.comments.loadFailedTitle, {
        description: messages.comments.loadFailedBody,
      }),
    );
  });

  it('keeps the button disabled while the text is empty, and says whose name the comment goes under', async () => {
    api.answer({ [list]: inTurn(noComments) });
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
    api.answer({ [list]: inTurn(noComments) });
    const { user, textField, submit } = openDialog();
    await user.type(textField, '  ');
    await user.click(submit);
    expect(toast.error).toHaveBeenLastCalledWith(messages.comments.emptyTitle, {
      description: messages.comments.emptyBody,
    });
    // nothing but the list was requested
    expect(api.calls).toHaveLength(1);
  });

  it('posts the trimmed text as the signed-in account, shows it and clears the text', async () => {
    const posted = comment('c9', 'Ada Lovelace', 'Love the light', new Date().toISOString());
    api.answer({ [list]: noComments, [post]: inTurn(jsonResponse(201, { comment: posted, commentsCount: 1 })) });
    const { user, textField, submit } = openDialog();
    await screen.findByText('No comments yet');
    await user.type(textField, ' Love the light ');
    await user.click(submit);

    expect(await screen.findByText('Love the light')).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith(messages.comments.successTitle, {
      description: messages.comments.successBody,
    });
    expect(api.calls[1]).toMatchObject({ method: 'POST', path: '/api/designs/d1/comments' });
    expect(api.calls[1]?.url.search).toBe('');
    expect(api.calls[1]?.body).toEqual({ text: 'Love the light' });
    expect(textField).toHaveValue('');
  });

  it('signed out: says the sheet will ask, opens it on Post and keeps the text', async () => {
    api.answer({ [list]: inTurn(noComments) });
    const { user, textField, submit } = openDialog(signedOut);
    expect(textField).toHaveAccessibleDescription(COMMENT_SIGN_IN_NOTE);
    await user.type(textField, 'Love the light');
    await user.click(submit);
    const sheet = await screen.findByRole('dialog', { name: 'Welcome back' });
    expect(sheet).toHaveAccessibleDescription('Sign in or sign up to post your comment. What you wrote stays.');
    expect(screen.getByLabelText('Comment')).toHaveValue('Love the light');
    // nothing was sent: the list was the only request
    expect(api.calls).toHaveLength(1);
  });

  it('says the submit failed when the API refuses, and something went wrong when the network fails', async () => {
    api.answer({
      [list]: noComments,
      [post]: inTurn(jsonResponse(400, { error: 'Bad Request', message: 'Invalid body.text' }), () => {
        throw new TypeError('Failed to fetch');
      }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, textField, submit } = openDialog();
    await user.type(textField, 'Hello');
    await user.click(submit);
    await waitFor(() => expect(toast.error).toHaveBeenLastCalledWith(messages.comments.submitFailed));
    expect(textField).toHaveValue('Hello');
    await user.click(submit);
    await waitFor(() => expect(toast.error).toHaveBeenLastCalledWith(messages.comments.unexpected));
  });

  it('says what the server says when comments come too fast', async () => {
    const tooFast = 'You are commenting too fast. Please wait a moment.';
    api.answer({ [list]: noComments, [post]: inTurn(jsonResponse(429, { error: tooFast })) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, textField, submit } = openDialog();
    await user.type(textField, 'Hello');
    await user.click(submit);
    await waitFor(() => expect(toast.error).toHaveBeenLastCalledWith(tooFast));
    expect(textField).toHaveValue('Hello');
  });
});

/** docs/security.md: a long thread comes 50 comments a page, oldest first; the next page loads at the end of the list. */
describe('CommentsDialog on a long thread', () => {
  const at = (i: number) => new Date(Date.UTC(2026, 2, 1, 10, i)).toISOString();
  const pageOf = (from: number, to: number) =>
    Array.from({ length: to - from }, (_, k) => comment(`c${from + k}`, 'Ada', `Comment ${from + k}`, at(from + k)));
  const cursorAfter = (i: number) => encodeCursor(at(i).replace('Z', '000Z'), `c${i}`);
  const texts = () => screen.getAllByRole('listitem').map((item) => item.querySelector('p + p')?.textContent);

  /** An IntersectionObserver the test scrolls: `scrollToEnd` tells every observer its target came into view. */
  function stubIntersectionObserver() {
    const observers = new Set<{ callback: IntersectionObserverCallback; targets: Element[] }>();
    class FakeObserver {
      entry: { callback: IntersectionObserverCallback; targets: Element[] };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, targets: [] };
        observers.add(this.entry);
      }
      observe(target: Element) {
        this.entry.targets.push(target);
      }
      disconnect() {
        observers.delete(this.entry);
      }
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    return {
      scrollToEnd() {
        for (const { callback, targets } of [...observers]) {
          const entries = targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
          callback(entries, {} as IntersectionObserver);
        }
      },
    };
  }

  it('shows the first 50, then the next page on Load more, asked for after the last comment shown', async () => {
    api.answer({
      [list]: { items: pageOf(0, COMMENTS_PAGE_SIZE), nextCursor: cursorAfter(49) },
      [pageAfter(cursorAfter(49))]: { items: pageOf(50, 53), nextCursor: null },
    });
    const { user } = openDialog();
    await screen.findByText('Comment 0');
    expect(texts()).toHaveLength(50);
    expect(api.calls[0]?.url.href).toBe('http://localhost/api/designs/d1/comments');

    await user.click(screen.getByRole('button', { name: LOAD_MORE_COMMENTS }));
    await screen.findByText('Comment 52');
    expect(texts()).toEqual(Array.from({ length: 53 }, (_, i) => `Comment ${i}`));
    expect(api.calls[1]?.url.href).toBe(
      `http://localhost/api/designs/d1/comments?cursor=${encodeURIComponent(cursorAfter(49))}`,
    );
    // the last page: nothing more to load
    expect(screen.queryByRole('button', { name: LOAD_MORE_COMMENTS })).not.toBeInTheDocument();
  });

  it('loads the next page by itself when the person scrolls to the end of the list', async () => {
    const scroll = stubIntersectionObserver();
    api.answer({
      [list]: { items: pageOf(0, COMMENTS_PAGE_SIZE), nextCursor: cursorAfter(49) },
      [pageAfter(cursorAfter(49))]: { items: pageOf(50, 51), nextCursor: null },
    });
    openDialog();
    await screen.findByText('Comment 49');
    expect(api.calls).toHaveLength(1);
    scroll.scrollToEnd();
    expect(await screen.findByText('Comment 50')).toBeInTheDocument();
    expect(api.calls).toHaveLength(2);
  });

  it('shows a comment posted before the last page loaded at once, and once only when its page comes', async () => {
    const posted = comment('c-new', 'Ada Lovelace', 'Mine, just now', new Date().toISOString());
    api.answer({
      [list]: { items: pageOf(0, COMMENTS_PAGE_SIZE), nextCursor: cursorAfter(49) },
      [post]: inTurn(jsonResponse(201, { comment: posted, commentsCount: 61 })),
    });
    const { user, textField, submit } = openDialog();
    await screen.findByText('Comment 0');
    await user.type(textField, 'Mine, just now');
    await user.click(submit);
    expect(await screen.findByText('Mine, just now')).toBeInTheDocument();
    expect(texts().at(-1)).toBe('Mine, just now');

    api.answer({ [pageAfter(cursorAfter(49))]: { items: [...pageOf(50, 60), posted], nextCursor: null } });
    await user.click(screen.getByRole('button', { name: LOAD_MORE_COMMENTS }));
    await screen.findByText('Comment 59');
    expect(texts()).toEqual([...Array.from({ length: 60 }, (_, i) => `Comment ${i}`), 'Mine, just now']);
  });

  it('says a failed page failed and loads it again on the button', async () => {
    api.answer({
      [list]: { items: pageOf(0, COMMENTS_PAGE_SIZE), nextCursor: cursorAfter(49) },
      [pageAfter(cursorAfter(49))]: inTurn(jsonResponse(500, { error: 'Internal Server Error' }), {
        items: pageOf(50, 51),
        nextCursor: null,
      }),
    });
    const { user } = openDialog();
    await screen.findByText('Comment 0');
    await user.click(screen.getByRole('button', { name: LOAD_MORE_COMMENTS }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.comments.loadFailedBody);
    // the comments already shown stay
    expect(texts()).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: LOAD_MORE_COMMENTS }));
    expect(await screen.findByText('Comment 50')).toBeInTheDocument();
  });
});
