import { messages, type Comment, type Design } from '@dwellscape/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { makeDesign, makeUser } from '../../../../test/fixtures';
import { jsonResponse, renderRoutes } from '../../../../test/render';
import { PostScreen } from './post-screen';

const maya = makeUser();
const jordan = makeUser({
  id: 'u-jordan',
  username: 'jordanbuilds',
  displayName: 'Jordan Blake',
  avatarUrl: '/media/seed/jordan.webp',
  isVerified: false,
});

const post: Design = makeDesign({
  id: 'd-loft',
  title: 'Sunday loft',
  caption: 'Soft linen and warm light.',
  likesCount: 7,
  commentsCount: 2,
  author: jordan,
  receipt: { structureKept: 0.958, productsPresent: 3, productsChosen: 4, method: 'placed', weakEstimate: false },
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const comment = (
  id: string,
  name: string,
  text: string,
  createdAt: string,
  author: Comment['author'] = null,
): Comment => ({
  id,
  designId: post.id,
  userId: author?.id ?? null,
  name,
  text,
  content: `${name}: ${text}`,
  createdAt,
  author,
});

const existing = [
  comment('c1', 'Sam', 'Love the rug!', minutesAgo(180)),
  comment('c2', 'Jordan Blake', 'Thank you!', minutesAgo(5), jordan),
];

function stubPostApi({ failPost = false, holdPost }: { failPost?: boolean; holdPost?: Promise<void> } = {}) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const { pathname } = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (pathname === `/api/designs/${post.id}` && method === 'GET') return jsonResponse(200, post);
    if (pathname === `/api/designs/${post.id}/comments` && method === 'GET')
      return jsonResponse(200, { items: existing, nextCursor: null });
    if (pathname === `/api/designs/${post.id}/comments` && method === 'POST') {
      await holdPost;
      if (failPost) return jsonResponse(500, { error: 'Internal Server Error' });
      const { text } = JSON.parse(String(init?.body)) as { text: string };
      return jsonResponse(201, {
        comment: comment('c3', maya.displayName, text, new Date().toISOString(), maya),
        commentsCount: 3,
      });
    }
    return jsonResponse(404, { error: 'Not Found', message: 'Design not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  const posted = () =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
  return { posted };
}

function renderPost(postId: string) {
  renderRoutes([{ path: paths.post.path, element: <PostScreen /> }], {
    initialEntries: [paths.post.getHref(postId)],
    withToaster: true,
  });
}

// the machine running the suite may be busy: loading the post and then its comments can take a while
const commentsLoaded = () => screen.findByRole('list', { name: 'Comments' }, { timeout: 5000 });
const commentBox = () => screen.getByRole('textbox', { name: 'Add a comment' });
const postButton = () => screen.getByRole('button', { name: 'Post' });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PostScreen', () => {
  it('shows the design and its comments oldest first with relative times', async () => {
    stubPostApi();
    renderPost(post.id);
    expect(await screen.findByRole('heading', { level: 2, name: 'Sunday loft' })).toBeInTheDocument();
    expect(screen.getByText('Room kept 96% · 3 of 4 products')).toBeInTheDocument();
    const list = await commentsLoaded();
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/Sam.*3 hours ago.*Love the rug!/),
      expect.stringMatching(/Jordan Blake.*5 minutes ago.*Thank you!/),
    ]);
    expect(commentBox()).toHaveAttribute('placeholder', messages.comments.addPlaceholder);
  });

  it('keeps Post disabled while the box is empty and rejects whitespace with the Empty Comment toast', async () => {
    const api = stubPostApi();
    renderPost(post.id);
    await commentsLoaded();
    expect(postButton()).toBeDisabled();

    await userEvent.type(commentBox(), '   ');
    expect(postButton()).toBeEnabled();
    await userEvent.click(postButton());
    expect(await screen.findByText(messages.comments.emptyTitle)).toBeInTheDocument();
    expect(screen.getByText(messages.comments.emptyBody)).toBeInTheDocument();
    expect(api.posted()).toEqual([]);
  });

  it('posts only the text, as the current user, and shows the new comment at the end', async () => {
    const api = stubPostApi();
    renderPost(post.id);
    await commentsLoaded();
    await userEvent.type(commentBox(), '  Where is the lamp from?  {Enter}');

    const list = screen.getByRole('list', { name: 'Comments' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent(/Maya Chen.*just now.*Where is the lamp from\?/);
    expect(api.posted()).toEqual([{ text: 'Where is the lamp from?' }]);
    expect(commentBox()).toHaveValue('');
    expect(postButton()).toBeDisabled();
    expect(await screen.findByText(messages.comments.successBody)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Comments, 3' })).toBeInTheDocument();
  });

  it('disables Post while the comment is being posted', async () => {
    let release = () => {};
    stubPostApi({ holdPost: new Promise<void>((resolve) => (release = resolve)) });
    renderPost(post.id);
    await commentsLoaded();
    await userEvent.type(commentBox(), 'Lovely');
    await userEvent.click(postButton());
    await waitFor(() => expect(postButton()).toBeDisabled());
    expect(postButton()).toHaveAttribute('aria-busy', 'true');
    release();
    await waitFor(() => expect(commentBox()).toHaveValue(''));
  });

  it('keeps the text and says so when posting fails', async () => {
    stubPostApi({ failPost: true });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPost(post.id);
    await commentsLoaded();
    await userEvent.type(commentBox(), 'Lovely');
    await userEvent.click(postButton());
    expect(await screen.findByText(messages.comments.submitFailed)).toBeInTheDocument();
    expect(commentBox()).toHaveValue('Lovely');
    expect(within(screen.getByRole('list', { name: 'Comments' })).getAllByRole('listitem')).toHaveLength(2);
    expect(logged).toHaveBeenCalled();
  });

  it("says 'Post not found' for an unknown id", async () => {
    stubPostApi();
    renderPost('d-missing');
    expect(await screen.findByText(messages.post.notFound)).toBeInTheDocument();
  });
});
