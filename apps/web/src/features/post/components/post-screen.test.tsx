import { apiPaths, messages, postPageMessages, type Comment, type Design, type User } from '@dwellscape/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { makeAccount, makeDesign, makeSession, makeUser } from '../../../../test/fixtures';
import { jsonResponse, mockApi } from '../../../../test/mock-api';
import { renderRoutes } from '../../../../test/render';
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

/** A whole profile of someone a card shows. */
const profileOf = (user: typeof maya, overrides: Partial<User> = {}): User =>
  makeAccount({ ...user, followerCount: 10, followingCount: 3, postCount: 4, isCurrentUser: false, ...overrides });

const sessionAs = (user: typeof maya) =>
  makeSession({ viewerId: 'v-1', currentUser: profileOf(user, { isCurrentUser: true }) });

interface StubOptions {
  failPost?: boolean;
  holdPost?: Promise<void>;
  /** Who is signed in: Maya (someone else) unless told. */
  viewer?: typeof maya;
  design?: Design;
}

function stubPostApi({ failPost = false, holdPost, viewer = maya, design = post }: StubOptions = {}) {
  let shown = design;
  const api = mockApi({
    [`GET ${apiPaths.me}`]: sessionAs(viewer),
    [`GET ${apiPaths.user(jordan.id)}`]: profileOf(jordan),
    [`PUT ${apiPaths.userFollow(jordan.id)}`]: { following: true, followerCount: 11, followingCount: 4 },
    [`GET ${apiPaths.design(':id')}`]: jsonResponse(404, { error: 'Not Found', message: 'Design not found' }),
    [`GET ${apiPaths.design(shown.id)}`]: () => shown,
    [`PATCH ${apiPaths.design(shown.id)}`]: ({ body }) => (shown = { ...shown, ...(body as Partial<Design>) }),
    [`DELETE ${apiPaths.design(shown.id)}`]: () => new Response(null, { status: 204 }),
    [`GET ${apiPaths.designComments(shown.id)}`]: { items: existing, nextCursor: null },
    [`POST ${apiPaths.designComments(shown.id)}`]: async ({ body }) => {
      await holdPost;
      if (failPost) return jsonResponse(500, { error: 'Internal Server Error' });
      const { text } = body as { text: string };
      return jsonResponse(201, {
        comment: comment('c3', maya.displayName, text, new Date().toISOString(), maya),
        commentsCount: 3,
      });
    },
  });
  const sent = (wanted: string) =>
    api.calls.filter((call) => call.method === wanted).map(({ path, body }) => ({ path, body }));
  const posted = () => sent('POST').map((call) => call.body);
  return { posted, sent };
}

function renderPost(postId: string) {
  return renderRoutes(
    [
      { path: paths.post.path, element: <PostScreen /> },
      { path: paths.profile.path, element: <h1>Profile page</h1> },
    ],
    { initialEntries: [paths.post.getHref(postId)], withToaster: true },
  );
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
    expect(screen.getByText('3 of 4 products · Room kept 96%')).toBeInTheDocument();
    const list = await commentsLoaded();
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/Sam.*3 hours ago.*Love the rug!/),
      expect.stringMatching(/Jordan Blake.*5 minutes ago.*Thank you!/),
    ]);
    expect(commentBox()).toHaveAttribute('placeholder', messages.comments.addPlaceholder);
  });

  it('says what the render found of the floor for a picture the person adjusted, as the render step did', async () => {
    const adjusted = makeDesign({
      ...post,
      receipt: {
        structureKept: 0.95,
        productsPresent: 4,
        productsChosen: 4,
        method: 'placed',
        weakEstimate: false,
        layout: 'adjusted',
        renderedLayout: 'found',
        onFloor: 3,
      },
    });
    stubPostApi({ design: adjusted });
    renderPost(adjusted.id);
    expect(await screen.findByText('Room kept 95% · 4 of 4 products')).toBeInTheDocument();
    expect(screen.getByText('Floor found in your photo · 3 products stand on the floor')).toBeInTheDocument();
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

  it("shows the author's Follow button to someone else, and follows them", async () => {
    const api = stubPostApi();
    renderPost(post.id);
    const follow = await screen.findByRole('button', { name: 'Follow Jordan Blake' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: postPageMessages.edit })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: postPageMessages.delete })).not.toBeInTheDocument();
    await userEvent.click(follow);
    const following = await screen.findByRole('button', { name: 'Following Jordan Blake' });
    expect(following).toHaveAttribute('aria-pressed', 'true');
    expect(api.sent('PUT').map((call) => call.path)).toEqual([`/api/users/${jordan.id}/follow`]);
  });

  it('offers Edit and Delete on your own post, and no Follow', async () => {
    stubPostApi({ viewer: jordan });
    renderPost(post.id);
    expect(await screen.findByRole('button', { name: postPageMessages.edit }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: postPageMessages.delete })).toBeInTheDocument();
    await commentsLoaded();
    expect(screen.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
  });

  it('edits the title and caption, saying what is wrong with each field first', async () => {
    const api = stubPostApi({ viewer: jordan });
    renderPost(post.id);
    await userEvent.click(await screen.findByRole('button', { name: postPageMessages.edit }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: postPageMessages.editTitle });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    const caption = within(dialog).getByRole('textbox', { name: 'Caption' });
    expect(title).toHaveValue('Sunday loft');
    expect(caption).toHaveValue('Soft linen and warm light.');

    await userEvent.clear(title);
    await userEvent.type(title, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: postPageMessages.save }));
    expect(within(dialog).getByText(postPageMessages.titleRequired)).toBeInTheDocument();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent('PATCH')).toEqual([]);

    await userEvent.clear(title);
    await userEvent.type(title, 'Sunday loft, finished');
    await userEvent.clear(caption);
    await userEvent.type(caption, 'Linen, oak and a lamp.');
    await userEvent.click(within(dialog).getByRole('button', { name: postPageMessages.save }));
    expect(await screen.findByText(postPageMessages.saved)).toBeInTheDocument();
    expect(api.sent('PATCH')).toEqual([
      {
        path: `/api/designs/${post.id}`,
        body: { title: 'Sunday loft, finished', caption: 'Linen, oak and a lamp.' },
      },
    ]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Sunday loft, finished' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deletes your design after you confirm, says so and opens your profile', async () => {
    const api = stubPostApi({ viewer: jordan });
    renderPost(post.id);
    await userEvent.click(await screen.findByRole('button', { name: postPageMessages.delete }, { timeout: 5000 }));
    const confirm = await screen.findByRole('alertdialog', { name: postPageMessages.deleteTitle });
    await userEvent.click(within(confirm).getByRole('button', { name: postPageMessages.cancel }));
    expect(api.sent('DELETE')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: postPageMessages.delete }));
    const again = await screen.findByRole('alertdialog', { name: postPageMessages.deleteTitle });
    await userEvent.click(within(again).getByRole('button', { name: postPageMessages.deleteConfirm }));
    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeInTheDocument();
    expect(await screen.findByText(postPageMessages.deleted)).toBeInTheDocument();
    expect(api.sent('DELETE').map((call) => call.path)).toEqual([`/api/designs/${post.id}`]);
  });

  it('shares the title and link through the Web Share API where the browser has it', async () => {
    stubPostApi();
    const share = vi.fn(async () => {});
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { share }));
    renderPost(post.id);
    await userEvent.click(await screen.findByRole('button', { name: postPageMessages.share }, { timeout: 5000 }));
    expect(share).toHaveBeenCalledWith({ title: 'Sunday loft', url: `${window.location.origin}/post/${post.id}` });
  });

  it("copies the link and says 'Link copied' where there is no share sheet", async () => {
    stubPostApi();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, { share: undefined, clipboard: { writeText } }),
    );
    renderPost(post.id);
    await userEvent.click(await screen.findByRole('button', { name: postPageMessages.share }, { timeout: 5000 }));
    expect(await screen.findByText(postPageMessages.linkCopied)).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/post/${post.id}`);
  });

  it('compares before and after with a labelled slider', async () => {
    stubPostApi({ design: { ...post, beforeImageUrl: '/media/seed/loft-before.webp' } });
    renderPost(post.id);
    const slider = await screen.findByRole('slider', { name: postPageMessages.compare }, { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 2, name: postPageMessages.compare })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Before: Sunday loft' })).toBeInTheDocument();
    expect(slider).toHaveValue('50');
    // a native range input: the browser moves it with the keys (e2e/post-page.spec.ts); jsdom only reports changes
    fireEvent.input(slider, { target: { value: '52' } });
    expect(slider).toHaveAttribute('aria-valuetext', '52% before, 48% after');
    fireEvent.input(slider, { target: { value: '0' } });
    expect(slider).toHaveAttribute('aria-valuetext', '0% before, 100% after');
  });

  it('shows no slider for a design without a before picture', async () => {
    stubPostApi();
    renderPost(post.id);
    await commentsLoaded();
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
  });
});
