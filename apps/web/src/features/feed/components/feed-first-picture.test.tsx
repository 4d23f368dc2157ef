import { apiPaths, compactFeedPage } from '@dwellscape/shared';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { makeDesign, makeSession, makeUser } from '../../../../test/fixtures';
import { mockApi } from '../../../../test/mock-api';
import { renderRoutes } from '../../../../test/render';
import { FeedScreen } from './feed-screen';

const author = makeUser({ avatarUrl: '', isVerified: false });
const titles = ['Soft lounge', 'Bright kitchen', 'Calm study'];

/** The pictures' decode() calls, each settled by the test (jsdom itself decodes no picture). */
let decodes: Array<{ img: HTMLImageElement; settle: () => void }>;

beforeEach(() => {
  decodes = [];
  mockApi({
    [`GET ${apiPaths.me}`]: makeSession({ signedIn: false }),
    [`GET ${apiPaths.designs}`]: compactFeedPage({
      items: titles.map((title, i) =>
        makeDesign({ id: `d-${i}`, title, author, afterImageUrl: `/media/seed/designs/first-picture-${i}.webp` }),
      ),
      nextCursor: null,
    }),
  });
  vi.stubGlobal('EventSource', undefined);
  HTMLImageElement.prototype.decode = function (this: HTMLImageElement) {
    return new Promise<void>((resolve) => decodes.push({ img: this, settle: resolve }));
  };
});
afterEach(() => {
  // @ts-expect-error jsdom has no decode(); this file's stand-in goes
  delete HTMLImageElement.prototype.decode;
  vi.unstubAllGlobals();
});

it("holds the cards below the first until the first card's picture is decoded, then shows them", async () => {
  renderRoutes([{ path: '/', element: <FeedScreen /> }], { initialEntries: ['/'] });
  expect(await screen.findByRole('heading', { name: 'Soft lounge' })).toBeInTheDocument();
  // idle moments pass, the picture is still on its way: no second card
  await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
  expect(screen.queryByRole('heading', { name: 'Bright kitchen' })).toBeNull();
  expect(decodes.map(({ img }) => img.alt)).toEqual(['Soft lounge']);

  await act(async () => decodes[0]!.settle());
  expect(await screen.findByRole('heading', { name: 'Bright kitchen' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Calm study' })).toBeInTheDocument();
});

it('shows the cards below the first when its picture takes too long', async () => {
  renderRoutes([{ path: '/', element: <FeedScreen /> }], { initialEntries: ['/'] });
  expect(await screen.findByRole('heading', { name: 'Soft lounge' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Bright kitchen' })).toBeNull();
  // FIRST_PICTURE_WAIT_MS, 4 s, with the picture never decoded
  expect(await screen.findByRole('heading', { name: 'Bright kitchen' }, { timeout: 6000 })).toBeInTheDocument();
  expect(decodes.every(({ img }) => img.alt === 'Soft lounge')).toBe(true);
}, 15_000);
