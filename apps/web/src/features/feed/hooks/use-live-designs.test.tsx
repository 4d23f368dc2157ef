import { compactFeedPage, feedDesignSchema, type Design, type DesignCounts } from '@dwellscape/shared';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toggleLandscapeMode } from '@/lib/preferences';
import { makeDesign } from '../../../../test/fixtures';
import { createTestQueryClient, jsonResponse, renderRoutes } from '../../../../test/render';
import { FeedScreen } from '../components/feed-screen';
import { FakeEventSource } from '../../../../test/fake-event-source';

/** The live feed's stream, driven inside `act` since the feed re-renders on each event. */
class LiveFeedSource extends FakeEventSource {
  override open() {
    act(() => super.open());
  }

  /** Sends the design as the server does: its feed card only. */
  send(design: Design) {
    act(() => this.emit('design', feedDesignSchema.parse(design), design.id));
  }

  /** Sends a design's counts as the server does after someone likes, unlikes or comments: no event id. */
  sendCounts(counts: DesignCounts) {
    act(() => this.emit('counts', counts));
  }

  override fail(how: { permanently: boolean }) {
    act(() => super.fail(how));
  }
}

const latest = () => FakeEventSource.opened.at(-1) as LiveFeedSource;
/**
 * The feed loads on the real clock (Testing Library's waits need it); the reconnect delays are then
 * checked on a fake clock that moves only when told to: one that also followed real time (vitest's
 * shouldAdvanceTime) let a busy machine push a 999 ms step past the 1 s delay.
 */
const stopTheClock = () => vi.useFakeTimers();
const feedTitles = () =>
  within(screen.getByRole('list', { name: 'Designs' }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

const feeds: Record<Design['mode'], Design[]> = {
  interior: [makeDesign({ id: 'd2', title: 'Second room' }), makeDesign({ id: 'd1', title: 'First room' })],
  landscape: [makeDesign({ id: 'g1', title: 'Garden', mode: 'landscape' })],
};

function renderFeed() {
  const { router } = renderRoutes(
    [
      { path: '/', element: <FeedScreen /> },
      { path: '/elsewhere', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/'], queryClient: createTestQueryClient({ staleTime: 60_000 }) },
  );
  return router;
}

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', LiveFeedSource);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/designs') return jsonResponse(404, { error: 'Not Found' });
      const mode = url.searchParams.get('mode') as Design['mode'];
      return jsonResponse(200, compactFeedPage({ items: feeds[mode], nextCursor: null }));
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// a busy machine renders the feed slowly; nothing here measures time but the fake clock
describe('the live feed connection', { timeout: 20_000 }, () => {
  it('shows each live design once, and after an error answer reconnects from the newest design it shows', async () => {
    renderFeed();
    await screen.findByRole('heading', { name: 'Second room' });
    const first = latest();
    expect(first.url.pathname).toBe('/api/designs/live');
    expect(first.url.searchParams.get('mode')).toBe('interior');
    // the feed had not loaded when the stream opened: nothing to replay from
    expect(first.url.searchParams.has('lastEventId')).toBe(false);

    // the feed shows its cards one at a time (useStagedCount): wait for the whole first page
    await screen.findByRole('heading', { name: 'First room' });
    first.open();
    first.send(makeDesign({ id: 'd3', title: 'Live room' }));
    first.send(makeDesign({ id: 'd3', title: 'Live room' }));
    expect(feedTitles()).toEqual(['Live room', 'Second room', 'First room']);

    stopTheClock();
    // a dropped connection: the browser reconnects with Last-Event-ID itself
    first.fail({ permanently: false });
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(FakeEventSource.opened).toHaveLength(1);

    // an error answer (a restarting server's 503) ends the EventSource: a new one must say where the feed stands
    first.fail({ permanently: true });
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(FakeEventSource.opened).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(FakeEventSource.opened).toHaveLength(2);
    const second = latest();
    expect(second.url.searchParams.get('lastEventId')).toBe('d3');
    expect(second.url.searchParams.get('mode')).toBe('interior');

    // the replay may repeat what arrived just before the drop; the feed still shows it once
    second.open();
    second.send(makeDesign({ id: 'd3', title: 'Live room' }));
    second.send(makeDesign({ id: 'd4', title: 'Missed room' }));
    expect(feedTitles()).toEqual(['Missed room', 'Live room', 'Second room', 'First room']);
  });

  it('puts the like and comment counts other people change into the cards, and ignores what does not parse', async () => {
    renderFeed();
    await screen.findByRole('heading', { name: 'First room' });
    const card = () => screen.getByRole('article', { name: 'Second room' });
    const before = within(card())
      .getByRole('button', { name: /^Comments/ })
      .getAttribute('aria-label');
    latest().open();

    latest().sendCounts({ id: 'd2', likesCount: 41, commentsCount: 7 });
    // the cache tells the screens a moment later (TanStack Query batches its notifications)
    expect(await within(card()).findByRole('button', { name: 'Comments, 7' })).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Like, 41 likes' })).toBeInTheDocument();
    expect(before).not.toBe('Comments, 7');
    // an unlike by someone else
    latest().sendCounts({ id: 'd2', likesCount: 40, commentsCount: 7 });
    expect(await within(card()).findByRole('button', { name: 'Like, 40 likes' })).toBeInTheDocument();
    // the other card is left alone
    expect(
      within(screen.getByRole('article', { name: 'First room' })).queryByRole('button', { name: 'Comments, 7' }),
    ).not.toBeInTheDocument();

    act(() => void latest().dispatchEvent(new MessageEvent('counts', { data: '{"id":"d2","likesCount":"many"}' })));
    // once a later event has shown, the one that did not parse would have too
    latest().sendCounts({ id: 'd1', likesCount: 2, commentsCount: 0 });
    const other = screen.getByRole('article', { name: 'First room' });
    expect(await within(other).findByRole('button', { name: 'Like, 2 likes' })).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Like, 40 likes' })).toBeInTheDocument();
  });

  it('waits longer after each failed attempt: 1 s, 2 s, 5 s, 10 s, then 10 s', async () => {
    renderFeed();
    await screen.findByRole('heading', { name: 'Second room' });
    stopTheClock();
    for (const delay of [1000, 2000, 5000, 10_000, 10_000]) {
      const count = FakeEventSource.opened.length;
      latest().fail({ permanently: true });
      await act(() => vi.advanceTimersByTimeAsync(delay - 1));
      expect(FakeEventSource.opened).toHaveLength(count);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(FakeEventSource.opened).toHaveLength(count + 1);
    }
    // a connection that opens starts the delays over
    latest().open();
    latest().fail({ permanently: true });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(FakeEventSource.opened).toHaveLength(7);
  });

  it('asks for what it missed while the feed was off screen or another mode was shown', async () => {
    const router = renderFeed();
    await screen.findByRole('heading', { name: 'Second room' });
    latest().send(makeDesign({ id: 'd3', title: 'Live room' }));
    const shown = latest();

    await act(() => router.navigate('/elsewhere'));
    expect(shown.readyState).toBe(FakeEventSource.CLOSED);
    await act(() => router.navigate('/'));
    expect(latest()).not.toBe(shown);
    expect(latest().url.searchParams.get('lastEventId')).toBe('d3');

    act(() => toggleLandscapeMode());
    await screen.findByRole('heading', { name: 'Garden' });
    expect(latest().url.searchParams.get('mode')).toBe('landscape');
    act(() => toggleLandscapeMode());
    await screen.findByRole('heading', { name: 'Live room' });
    expect(latest().url.searchParams.get('mode')).toBe('interior');
    expect(latest().url.searchParams.get('lastEventId')).toBe('d3');
  });

  it('stops, and cancels a pending reconnect, when the feed goes away', async () => {
    const router = renderFeed();
    await screen.findByRole('heading', { name: 'Second room' });
    stopTheClock();
    latest().fail({ permanently: true });
    await act(() => router.navigate('/elsewhere'));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});
