import type { QueryClient } from '@tanstack/react-query';

/**
 * One on/off the viewer sets on something (a like, a save, a follow), shown at once and written to the server.
 * `Answer` is what the server confirms; `Context` is what the caller knows that the target does not (the viewer).
 */
export interface ToggleKind<Target extends { id: string }, Answer, Context> {
  request: (id: string, on: boolean) => Promise<Answer>;
  /** What the server holds before the first click, read from the target as shown. */
  confirmedOf: (target: Target) => Answer;
  isOn: (answer: Answer) => boolean;
  /** Puts the wish (answer undefined) or the server's answer into every cached copy of the target. */
  show: (queryClient: QueryClient, target: Target, on: boolean, context: Context, answer?: Answer) => void;
  /** After the newest wish is written: what to ask the server again. */
  settled?: (queryClient: QueryClient, context: Context) => void;
}

interface Flight<Target, Answer, Context> {
  target: Target;
  wish: boolean;
  context: Context;
  /** What the server last confirmed; a failed write goes back to it. */
  confirmed: Answer;
  /** The newest caller's settling: only it hears how the write ended, an older one was outdated by it. */
  newest: { resolve: () => void; reject: (error: unknown) => void };
}

/**
 * docs/product.md §4: the screen flips at once; one request per target is in flight, and when it answers the
 * newest wish is sent if it differs, so the server ends where the last click put it. A failure of the newest wish
 * puts back what the server last confirmed and rejects for the newest caller.
 */
export function createOptimisticToggle<Target extends { id: string }, Answer, Context>(
  kind: ToggleKind<Target, Answer, Context>,
) {
  // per client, so a test's or a new session's cache starts with nothing in flight
  const flightsByClient = new WeakMap<QueryClient, Map<string, Flight<Target, Answer, Context>>>();
  const flightsOf = (queryClient: QueryClient) => {
    let flights = flightsByClient.get(queryClient);
    if (!flights) flightsByClient.set(queryClient, (flights = new Map()));
    return flights;
  };

  async function fly(queryClient: QueryClient, id: string, flight: Flight<Target, Answer, Context>): Promise<void> {
    let failure: unknown;
    for (;;) {
      const sent = flight.wish;
      try {
        flight.confirmed = await kind.request(id, sent);
        failure = undefined;
      } catch (error) {
        failure = error;
      }
      // the server holds the newest wish, whether this write or an earlier one put it there
      if (kind.isOn(flight.confirmed) === flight.wish) failure = undefined;
      if (kind.isOn(flight.confirmed) === flight.wish || flight.wish === sent) break;
    }
    flightsOf(queryClient).delete(id);
    kind.show(queryClient, flight.target, kind.isOn(flight.confirmed), flight.context, flight.confirmed);
    if (failure !== undefined) return flight.newest.reject(failure);
    kind.settled?.(queryClient, flight.context);
    flight.newest.resolve();
  }

  function set(queryClient: QueryClient, target: Target, on: boolean, context: Context): Promise<void> {
    kind.show(queryClient, target, on, context);
    return new Promise<void>((resolve, reject) => {
      const flights = flightsOf(queryClient);
      const flight = flights.get(target.id);
      if (flight) {
        flight.newest.resolve();
        Object.assign(flight, { target, wish: on, context, newest: { resolve, reject } });
        return;
      }
      const started = { target, wish: on, context, confirmed: kind.confirmedOf(target), newest: { resolve, reject } };
      flights.set(target.id, started);
      fly(queryClient, target.id, started).catch((error: unknown) => started.newest.reject(error));
    });
  }

  return {
    set,
    /** Whether a write of the target is on its way (a live count then waits for its answer). */
    isInFlight: (queryClient: QueryClient, id: string) => flightsOf(queryClient).has(id),
  };
}
