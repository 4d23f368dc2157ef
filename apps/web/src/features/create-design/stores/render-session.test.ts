import type { RenderJob } from '@dwellscape/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi } from '../../../../test/mock-api';
import { beginSeeInSpaceRender } from './render-session';

/*
 * The render sessions are the page's, not a screen's (a render outlives the step that started it), so between one
 * web test and the next they are forgotten (test/setup.ts): a job one test queued is not read on, once a second,
 * against the API of the tests after it. The job is read every second here (jsdom has no EventSource), on timers
 * these tests move on themselves.
 */
const running: RenderJob = {
  id: 'job-left',
  status: 'running',
  position: null,
  progress: 0.4,
  variationCount: 2,
  variations: [],
  error: null,
  createdAt: '2026-12-02T12:00:00.000Z',
};
const input = {
  spaceImageUrl: '/media/uploads/room.webp',
  selectedProducts: [],
  uploadedProductImages: [],
  userAnswers: {},
  spaceType: 'Living Room',
  mode: 'interior' as const,
};

describe('render sessions between tests', () => {
  beforeAll(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterAll(() => vi.useRealTimers());

  it('a render that is still running is read every second', async () => {
    const api = mockApi({
      'POST /api/render-jobs': () => jsonResponse(202, running),
      'GET /api/render-jobs/job-left': running,
    });
    beginSeeInSpaceRender('session-left', input);
    await vi.waitFor(() => expect(api.callsTo('GET /api/render-jobs/job-left')).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(api.callsTo('GET /api/render-jobs/job-left')).toHaveLength(2);
  });

  it('is not read on in the next test', async () => {
    const api = mockApi({});
    await vi.advanceTimersByTimeAsync(5_000);
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([]);
  });
});
