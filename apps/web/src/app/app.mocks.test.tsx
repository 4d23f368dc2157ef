import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import type { GateController, GatePhase } from '@/features/gate/static/gate-controller';
import { App } from './app';

const routerRenders = vi.hoisted(() => ({ count: 0 }));

// the router's screens stand in for the shell and the feed: what matters is how often they render
vi.mock('./router-library', () => ({}));
vi.mock('./router', () => ({
  startRouter: () => undefined,
  AppRouter: () => {
    routerRenders.count += 1;
    return <h1>Community Feed</h1>;
  },
}));
vi.mock('@/features/feed/prefetch-feed', () => ({ prefetchFeed: () => Promise.resolve() }));
vi.mock('@/lib/api/get-me', () => ({
  meQueryOptions: () => ({ queryKey: ['me'], queryFn: () => new Promise(() => undefined) }),
}));

function fakeGate(): GateController & { move(phase: GatePhase): void } {
  const listeners = new Set<(phase: GatePhase) => void>();
  let phase: GatePhase = 'locked';
  return {
    get phase() {
      return phase;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    lock: () => undefined,
    takeEarlyResponse: () => null,
    appShown: () => undefined,
    move(next) {
      phase = next;
      for (const listener of listeners) listener(next);
    },
  };
}

it("renders the screens under the gate's transition once, and not again when the transition ends", async () => {
  const gate = fakeGate();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<App queryClient={queryClient} gate={gate} />);
  expect(screen.queryByRole('heading', { name: 'Community Feed', hidden: true })).toBeNull();

  act(() => gate.move('opening'));
  // under the transition: there, but out of reach
  expect(await screen.findByRole('heading', { name: 'Community Feed', hidden: true })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Community Feed' })).toBeNull();
  const rendersUnderGate = routerRenders.count;

  act(() => gate.move('open'));
  expect(screen.getByRole('heading', { name: 'Community Feed' })).toBeInTheDocument();
  expect(routerRenders.count).toBe(rendersUnderGate);
});
