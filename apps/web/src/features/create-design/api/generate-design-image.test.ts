import { apiPaths, messages } from '@dwellscape/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, type MockedApi } from '../../../../test/mock-api';
import { formDataOf } from '@/lib/api-client';
import { generateDesignFieldsOf, renderFailureOf, type GenerateDesignImageInput } from './generate-design-image';
import { startRenderJob } from './start-render-job';

const startJob = `POST ${apiPaths.renderJobs}`;
let api: MockedApi;

const input: GenerateDesignImageInput = {
  spaceImageUrl: '/media/uploads/ab/space.webp',
  selectedProducts: [
    { id: 'sofa-1', name: 'Sofa', price: 899, brandId: 'nordic', imageUrl: '/media/seed/sofa.webp', quantity: 1 },
  ],
  uploadedProductImages: [{ id: 'uploaded_1_0', url: '/media/uploads/cd/lamp.webp', name: 'Lamp', price: 0 }],
  userAnswers: { vibe: 'Cozy' },
  spaceType: 'Living Room',
  mode: 'interior',
  userNotes: 'keep the fireplace',
  refinedNotes: '',
};

beforeEach(() => {
  api = mockApi();
});
afterEach(() => vi.unstubAllGlobals());

describe('the render form (generateDesignFieldsOf through formDataOf)', () => {
  it('sends docs/product.md §7 fields, collections as JSON strings, and leaves blank notes out', () => {
    const form = formDataOf(generateDesignFieldsOf(input));
    expect(form.get('spaceImageUrl')).toBe('/media/uploads/ab/space.webp');
    expect(JSON.parse(String(form.get('selectedProducts')))).toEqual(input.selectedProducts);
    expect(JSON.parse(String(form.get('uploadedProductImages')))).toEqual(input.uploadedProductImages);
    expect(JSON.parse(String(form.get('userAnswers')))).toEqual({ vibe: 'Cozy' });
    expect(form.get('spaceType')).toBe('Living Room');
    expect(form.get('mode')).toBe('interior');
    expect(form.get('userNotes')).toBe('keep the fireplace');
    expect(form.has('refinedNotes')).toBe(false);
    expect(form.has('image')).toBe(false);
  });
});

describe('startRenderJob', () => {
  it('posts the form with the number of variations and answers the queued job', async () => {
    const queued = {
      id: 'job-1',
      status: 'queued',
      position: 1,
      progress: 0,
      variationCount: 3,
      variations: [],
      error: null,
      createdAt: '2026-11-25T12:00:00.000Z',
    };
    api.answer({ [startJob]: jsonResponse(202, queued) });
    await expect(startRenderJob(input, 3)).resolves.toEqual(queued);
    const [call] = api.callsTo(startJob);
    expect(call?.url.href).toBe('http://localhost/api/render-jobs');
    expect((call?.body as FormData).get('variations')).toBe('3');
  });

  it.each([
    [
      'an engine that is down (503)',
      () => jsonResponse(503, { error: 'Engine offline' }),
      messages.create.renderServerFailed('Engine offline'),
    ],
    ['a server time-out (504)', () => jsonResponse(504, { error: 'slow' }), messages.create.renderTimeout],
    [
      'an answer that is not JSON',
      () => new Response('<html>oops</html>', { status: 200 }),
      messages.create.renderTimeout,
    ],
    ['an answer of the wrong shape', () => jsonResponse(202, { image: 'x' }), messages.create.renderTimeout],
    ['a server error (500)', () => jsonResponse(500, { error: 'Internal Server Error' }), messages.create.renderFailed],
    [
      'a render limit (429), in the words of the server',
      () => jsonResponse(429, { error: messages.create.renderJobsPerHour(30) }),
      messages.create.renderJobsPerHour(30),
    ],
  ])('turns %s into docs/product.md §8 words', async (_case, respond, message) => {
    api.answer({ [startJob]: respond });
    const error = await startRenderJob(input).catch((err: unknown) => err);
    expect(renderFailureOf(error)).toEqual({ message, refused: false });
  });

  it("says a refused input (400) in the server's own words, as refused: the same render would be refused again", async () => {
    api.answer({ [startJob]: () => jsonResponse(400, { error: 'spaceImageUrl: not one of your uploads' }) });
    const error = await startRenderJob(input).catch((err: unknown) => err);
    expect(renderFailureOf(error)).toEqual({
      message: messages.create.renderRefused('spaceImageUrl: not one of your uploads'),
      refused: true,
    });
  });

  it('reads a lost connection as "other failure" and a time-out as a time-out', () => {
    expect(renderFailureOf(new TypeError('Failed to fetch')).message).toBe(messages.create.renderFailed);
    expect(renderFailureOf(new DOMException('signal timed out', 'TimeoutError')).message).toBe(
      messages.create.renderTimeout,
    );
  });
});
