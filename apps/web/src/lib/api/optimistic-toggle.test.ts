import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { patchEveryQuery } from '@/lib/cache-patch';
import { createOptimisticToggle } from './optimistic-toggle';

interface Pin {
  id: string;
  pinned: boolean;
  pins: number;
}
interface PinAnswer {
  pinned: boolean;
  pins: number;
}

function deferred() {
  let resolve!: (answer: PinAnswer) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<PinAnswer>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const request = vi.fn<(id: string, on: boolean) => Promise<PinAnswer>>();
const settled = vi.fn<(queryClient: QueryClient, context: string) => void>();

const pinToggle = createOptimisticToggle({
  request,
  confirmedOf: (pin: Pin): PinAnswer => ({ pinned: pin.pinned, pins: pin.pins }),
  isOn: (answer) => answer.pinned,
  show: (queryClient, pin, pinned, _context: string, answer) =>
    patchEveryQuery(queryClient, (node) =>
      node.id === pin.id && typeof node.pins === 'number'
        ? {
            ...node,
            pinned,
            pins: answer ? answer.pins : (node.pins as number) + (node.pinned === pinned ? 0 : pinned ? 1 : -1),
          }
        : node,
    ),
  settled,
});

let queryClient: QueryClient;
const listKey = ['pins', 'list'];
const detailKey = ['pins', 'detail', 'p1'];
const listed = () => queryClient.getQueryData<Pin[]>(listKey)![0]!;
const detail = () => queryClient.getQueryData<Pin>(detailKey)!;
const pin = (queryClient: QueryClient, on: boolean) => pinToggle.set(queryClient, listed(), on, 'viewer');

beforeEach(() => {
  request.mockReset();
  settled.mockReset();
  queryClient = new QueryClient();
  const start: Pin = { id: 'p1', pinned: false, pins: 4 };
  queryClient.setQueryData(listKey, [start, { id: 'p2', pinned: false, pins: 0 }]);
  queryClient.setQueryData(detailKey, start);
});

describe('createOptimisticToggle', () => {
  it('flips every cached copy at once and keeps the server answer', async () => {
    const answer = deferred();
    request.mockReturnValueOnce(answer.promise);
    const done = pin(queryClient, true);
    expect(listed()).toMatchObject({ pinned: true, pins: 5 });
    expect(detail()).toMatchObject({ pinned: true, pins: 5 });
    expect(queryClient.getQueryData<Pin[]>(listKey)![1]).toMatchObject({ pinned: false, pins: 0 });
    expect(pinToggle.isInFlight(queryClient, 'p1')).toBe(true);

    answer.resolve({ pinned: true, pins: 9 });
    await done;
    expect(detail()).toMatchObject({ pinned: true, pins: 9 });
    expect(pinToggle.isInFlight(queryClient, 'p1')).toBe(false);
    expect(settled).toHaveBeenCalledWith(queryClient, 'viewer');
  });

  it('keeps one request in flight and sends the latest wish once it answers', async () => {
    const on = deferred();
    const off = deferred();
    request.mockReturnValueOnce(on.promise).mockReturnValueOnce(off.promise);
    const first = pin(queryClient, true);
    const second = pin(queryClient, false);
    const third = pin(queryClient, true);
    const fourth = pin(queryClient, false);
    expect(listed()).toMatchObject({ pinned: false, pins: 4 });
    expect(request).toHaveBeenCalledTimes(1);
    // the outdated clicks are done: the newest one hears how it ends
    await Promise.all([first, second, third]);

    on.resolve({ pinned: true, pins: 5 });
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    expect(request.mock.calls).toEqual([
      ['p1', true],
      ['p1', false],
    ]);
    // the answer to the outdated wish does not show
    expect(listed()).toMatchObject({ pinned: false, pins: 4 });

    off.resolve({ pinned: false, pins: 4 });
    await fourth;
    expect(detail()).toMatchObject({ pinned: false, pins: 4 });
    expect(settled).toHaveBeenCalledTimes(1);
  });

  it('sends nothing more when the clicks in flight come back to what is being written', async () => {
    const on = deferred();
    request.mockReturnValueOnce(on.promise);
    pin(queryClient, true);
    pin(queryClient, false);
    const last = pin(queryClient, true);
    on.resolve({ pinned: true, pins: 5 });
    await last;
    expect(request).toHaveBeenCalledTimes(1);
    expect(detail()).toMatchObject({ pinned: true, pins: 5 });
  });

  it('rolls back to what the server last confirmed and rejects for the newest caller only', async () => {
    const on = deferred();
    const off = deferred();
    request.mockReturnValueOnce(on.promise).mockReturnValueOnce(off.promise);
    const first = pin(queryClient, true);
    on.resolve({ pinned: true, pins: 5 });
    await first;
    expect(detail()).toMatchObject({ pinned: true, pins: 5 });

    const unpin = pin(queryClient, false);
    const again = pin(queryClient, true);
    const last = pin(queryClient, false);
    expect(detail()).toMatchObject({ pinned: false, pins: 4 });
    off.reject(new TypeError('Failed to fetch'));
    await expect(last).rejects.toThrow('Failed to fetch');
    await expect(Promise.all([unpin, again])).resolves.toBeDefined();
    expect(listed()).toMatchObject({ pinned: true, pins: 5 });
    expect(detail()).toMatchObject({ pinned: true, pins: 5 });
    expect(settled).toHaveBeenCalledTimes(1);
    expect(pinToggle.isInFlight(queryClient, 'p1')).toBe(false);
  });

  it('a failed write outdated by a wish for what the server holds ends quietly, with no request more', async () => {
    const on = deferred();
    request.mockReturnValueOnce(on.promise);
    pin(queryClient, true);
    const back = pin(queryClient, false);
    on.reject(new TypeError('Failed to fetch'));
    await expect(back).resolves.toBeUndefined();
    expect(request).toHaveBeenCalledTimes(1);
    expect(detail()).toMatchObject({ pinned: false, pins: 4 });
  });
});
