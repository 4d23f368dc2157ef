import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as StagedCount from './use-staged-count';

// the hook remembers, for the page's life, that the feed has been shown: each test starts a fresh page
let hook: typeof StagedCount;
beforeEach(async () => {
  vi.resetModules();
  hook = await import('./use-staged-count');
});

function renderStaged(initialTotal: number) {
  const seen: number[] = [];
  const rendered = renderHook(
    ({ total }) => {
      const count = hook.useStagedCount(total);
      seen.push(count);
      return count;
    },
    { initialProps: { total: initialTotal } },
  );
  return { ...rendered, seen };
}

describe('useStagedCount', () => {
  it('shows a first screenful of an arriving list at once, then the rest a few at a time, only ever growing', async () => {
    const { result, rerender, seen } = renderStaged(0);
    expect(result.current).toBe(0);

    rerender({ total: 25 });
    // the page's first list: the screen first, its first card a task later
    expect(result.current).toBe(hook.PAGE_FIRST_CARDS);
    await waitFor(() => expect(result.current).toBeGreaterThan(0));
    await waitFor(() => expect(result.current).toBe(25));

    const shown = seen.filter((count) => count > 0);
    expect(shown[0]).toBe(hook.FIRST_SCREEN_CARDS);
    for (let i = 1; i < shown.length; i++) {
      expect(shown[i]).toBeGreaterThanOrEqual(shown[i - 1]!);
      expect(shown[i]! - shown[i - 1]!).toBeLessThanOrEqual(hook.CARDS_PER_STEP);
    }
    // more than one step: the 22 cards below the first screen did not come in one render
    expect(new Set(shown).size).toBeGreaterThan(2);
  });

  it('once everything is shown, shows what is added (Load More, a live arrival) at once', async () => {
    const { result, rerender } = renderStaged(25);
    await waitFor(() => expect(result.current).toBe(25));
    rerender({ total: 26 });
    expect(result.current).toBe(26);
    rerender({ total: 51 });
    expect(result.current).toBe(51);
  });

  it('stages again when the list empties and refills (another mode, Try Again)', async () => {
    const { result, rerender } = renderStaged(25);
    await waitFor(() => expect(result.current).toBe(25));
    rerender({ total: 0 });
    expect(result.current).toBe(0);
    rerender({ total: 12 });
    expect(result.current).toBe(hook.FIRST_SCREEN_CARDS);
    await waitFor(() => expect(result.current).toBe(12));
  });

  it('shows a list whole when it is already there on coming back, so scroll restoration finds the page as long as it was', async () => {
    const first = renderStaged(25);
    await waitFor(() => expect(first.result.current).toBe(25));
    first.unmount();

    const again = renderStaged(25);
    expect(again.seen[0]).toBe(25);
  });
});
