import { apiPaths, messages, type Design } from '@dwellscape/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { makeAccount, makeDesign, makeSession, makeUser } from '../../../../test/fixtures';
import { jsonResponse, mockApi, type ApiCall } from '../../../../test/mock-api';
import { renderRoutes } from '../../../../test/render';
import { PostScreen } from './post-screen';

const sam = makeUser({
  id: 'u-sam',
  username: 'samsspace',
  displayName: 'Sam Ortiz',
  avatarUrl: '/media/seed/sam.webp',
  isVerified: false,
});

const remixOf = (original: Design, id: string, title: string): Design =>
  makeDesign({
    id,
    title,
    author: sam,
    originalDesignId: original.id,
    originalCreatorId: original.author.id,
    originalCreator: original.author,
    isRegenerated: true,
  });

interface StubOptions {
  failRemixes?: boolean;
}

/** Answers the post, its comments and its remixes like the server; records which paths were asked for. */
function stubApi(designs: Design[], remixesById: Record<string, Design[]>, { failRemixes = false }: StubOptions = {}) {
  let remixFailures = failRemixes ? 1 : 0;
  const notFound = jsonResponse(404, { error: 'Design not found' });
  const designOf = ({ params }: ApiCall) => designs.find((candidate) => candidate.id === params.id);
  const api = mockApi({
    // a guest's
    [`GET ${apiPaths.me}`]: makeSession({ signedIn: false }),
    // the authors' profiles, which the post's follow button reads
    [`GET ${apiPaths.user(':id')}`]: ({ params }) => {
      const author = designs.find((candidate) => candidate.author.id === params.id)?.author;
      return author ? makeAccount({ ...author, isCurrentUser: false }) : jsonResponse(404, { error: 'User not found' });
    },
    [`GET ${apiPaths.design(':id')}`]: (call) => designOf(call) ?? notFound,
    [`GET ${apiPaths.designComments(':id')}`]: (call) => (designOf(call) ? { items: [], nextCursor: null } : notFound),
    [`GET ${apiPaths.designRemixes(':id')}`]: (call) => {
      const design = designOf(call);
      if (!design) return notFound;
      if (remixFailures > 0) {
        remixFailures -= 1;
        return jsonResponse(503, { error: 'Service Unavailable' });
      }
      return { items: remixesById[design.id] ?? [] };
    },
  });
  return { askedFor: () => api.calls.map((call) => call.path) };
}

function renderPost(href: string) {
  return renderRoutes([{ path: paths.post.path, element: <PostScreen /> }], { initialEntries: [href] }).router;
}

const remixesSection = () => screen.findByRole('region', { name: 'Remixes' }, { timeout: 5000 });
const remixList = () => screen.findByRole('list', { name: 'Remixes' }, { timeout: 5000 });

// jsdom lays nothing out, so it has no scrollIntoView of its own
const scrollIntoView = vi.fn();
const jsdomScrollIntoView = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');

beforeEach(() => {
  Object.defineProperty(Element.prototype, 'scrollIntoView', {
    value: scrollIntoView,
    configurable: true,
    writable: true,
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  scrollIntoView.mockReset();
  if (jsdomScrollIntoView) Object.defineProperty(Element.prototype, 'scrollIntoView', jsdomScrollIntoView);
  else delete (Element.prototype as Partial<Element>).scrollIntoView;
});

describe('PostScreen remixes', () => {
  const original = makeDesign({ id: 'd-original', title: 'Sunday loft', remixCount: 3 });
  const remixes = [
    remixOf(original, 'd-remix-3', 'Loft in my flat'),
    remixOf(original, 'd-remix-2', 'Loft by the sea'),
    remixOf(original, 'd-remix-1', 'Tiny loft'),
  ];

  it('shows how many remixes the design has and links each one to its post, newest first', async () => {
    stubApi([original, ...remixes], { [original.id]: remixes });
    renderPost(paths.post.getHref(original.id));

    const section = await remixesSection();
    expect(within(section).getByRole('heading', { level: 2, name: 'Remixes' })).toBeInTheDocument();
    expect(within(section).getByText('3 remixes')).toBeInTheDocument();
    const links = within(await remixList()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Loft in my flat@samsspace', '/post/d-remix-3'],
      ['Loft by the sea@samsspace', '/post/d-remix-2'],
      ['Tiny loft@samsspace', '/post/d-remix-1'],
    ]);
  });

  it('draws each remix tile from a small stored copy, not the full render', async () => {
    stubApi([original, ...remixes], { [original.id]: remixes });
    renderPost(paths.post.getHref(original.id));
    const tile = within(await remixList()).getByRole('link', { name: /Tiny loft/ });
    const picture = tile.querySelector('img')!;
    expect(picture).toHaveAttribute('src', '/media/seed/d-remix-1.webp');
    expect(picture.getAttribute('srcset')).toContain('/media/w/320/seed/d-remix-1.webp 320w');
    expect(picture).toHaveAttribute('sizes', '9rem');
  });

  it("says '1 remix' for a single remix", async () => {
    const single = makeDesign({ id: 'd-single', title: 'Quiet study', remixCount: 1 });
    stubApi([single], { [single.id]: [remixOf(single, 'd-only', 'My quiet study')] });
    renderPost(paths.post.getHref(single.id));

    const section = await remixesSection();
    expect(within(section).getByText('1 remix')).toBeInTheDocument();
    expect(within(await remixList()).getByRole('link', { name: /My quiet study/ })).toHaveAttribute(
      'href',
      '/post/d-only',
    );
  });

  it('shows no remixes section and asks for no list when nobody has remixed the design', async () => {
    const lonely = makeDesign({ id: 'd-lonely', title: 'Plain room' });
    const api = stubApi([lonely], {});
    renderPost(paths.post.getHref(lonely.id));

    expect(await screen.findByRole('heading', { level: 2, name: 'Plain room' }, { timeout: 5000 })).toBeInTheDocument();
    // the comments load after the post, as the remixes would
    expect(await screen.findByText('No comments yet', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Remixes' })).not.toBeInTheDocument();
    expect(api.askedFor()).not.toContain(`/api/designs/${lonely.id}/remixes`);
  });

  it('says when only the newest remixes are listed', async () => {
    const popular = makeDesign({ id: 'd-popular', title: 'Popular loft', remixCount: 52 });
    const newest = Array.from({ length: 50 }, (_, index) => remixOf(popular, `d-p-${index}`, `Remix ${index}`));
    stubApi([popular], { [popular.id]: newest });
    renderPost(paths.post.getHref(popular.id));

    const section = await remixesSection();
    expect(within(await remixList()).getAllByRole('link')).toHaveLength(50);
    expect(within(section).getByText('52 remixes')).toBeInTheDocument();
    expect(within(section).getByText('Showing the 50 newest.')).toBeInTheDocument();
  });

  it('shows a failed load with Try Again, which loads the remixes', async () => {
    stubApi([original, ...remixes], { [original.id]: remixes }, { failRemixes: true });
    renderPost(paths.post.getHref(original.id));

    const section = await remixesSection();
    expect(await within(section).findByText('Could not load the remixes')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: messages.feed.tryAgain }));
    expect(within(await remixList()).getAllByRole('link')).toHaveLength(3);
  });

  it('opens a remix when its card is tapped', async () => {
    stubApi([original, ...remixes], { [original.id]: remixes });
    const router = renderPost(paths.post.getHref(original.id));

    await userEvent.click(within(await remixList()).getByRole('link', { name: /Loft by the sea/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/post/d-remix-2'));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Loft by the sea' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it("scrolls to the remixes when the address ends in '#remixes'", async () => {
    stubApi([original, ...remixes], { [original.id]: remixes });
    renderPost(`${paths.post.getHref(original.id)}#remixes`);
    const section = await remixesSection();
    await remixList();
    expect(section).toHaveAttribute('id', 'remixes');
    expect(scrollIntoView.mock.contexts).toContain(section);
  });

  it("does not scroll without '#remixes'", async () => {
    stubApi([original, ...remixes], { [original.id]: remixes });
    renderPost(paths.post.getHref(original.id));
    await remixList();
    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});
