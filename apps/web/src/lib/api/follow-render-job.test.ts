import { apiPaths, type RenderJob } from '@dwellscape/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, type MockedApi } from '../../../test/mock-api';
import { followRenderJob } from './follow-render-job';
import { FakeEventSource } from '../../../test/fake-event-source';

/** A render job's stream: the server sends each state of the job as a `job` event. */
class JobEventSource extends FakeEventSource {
  sendJob(data: string) {
    this.emit('job', data);
  }
}

const job = (status: RenderJob['status'], progress: number): RenderJob => ({
  id: 'job-1',
  status,
  position: null,
  progress,
  variationCount: 2,
  variations: [],
  error: null,
  createdAt: '2026-12-02T07:00:00.000Z',
});

const readJob = `GET ${apiPaths.renderJob('job-1')}`;
let api: MockedApi;

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', JobEventSource);
  api = mockApi();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('following a render job over its event stream', () => {
  it('takes each job event that matches the schema, reads the job after a lost stream, then listens again until it is done', async () => {
    const changes: RenderJob[] = [];
    const onLost = vi.fn();
    followRenderJob('job-1', { onChange: (each) => changes.push(each), onLost });

    expect(FakeEventSource.opened).toHaveLength(1);
    const first = FakeEventSource.opened[0] as JobEventSource;
    expect(first.url.pathname).toBe('/api/render-jobs/job-1/events');
    first.open();
    first.sendJob(JSON.stringify(job('running', 5)));
    first.sendJob('{"id":"job-1","status":"nonsense"}');
    first.sendJob('not json');
    expect(changes.map((each) => each.progress)).toEqual([5]);

    // an error answer: after docs/product.md §9's first delay the job is read once, then a new stream opens
    api.answer({ [readJob]: job('running', 40) });
    first.fail({ permanently: true });
    await vi.advanceTimersByTimeAsync(999);
    expect(api.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.callsTo(readJob)).toHaveLength(1);
    expect(changes.map((each) => each.progress)).toEqual([5, 40]);
    expect(FakeEventSource.opened).toHaveLength(2);

    const second = FakeEventSource.opened[1] as JobEventSource;
    second.open();
    second.sendJob(JSON.stringify(job('done', 100)));
    expect(changes.map((each) => each.status)).toEqual(['running', 'running', 'done']);
    expect(second.readyState).toBe(FakeEventSource.CLOSED);
    expect(onLost).not.toHaveBeenCalled();
  });

  it('gives up when the job cannot be read after a lost stream', async () => {
    const onLost = vi.fn();
    followRenderJob('job-1', { onChange: () => undefined, onLost });
    api.answer({ [readJob]: jsonResponse(404, { error: 'Not found' }) });
    FakeEventSource.opened[0]!.fail({ permanently: true });
    await vi.advanceTimersByTimeAsync(1000);
    expect(onLost).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});
