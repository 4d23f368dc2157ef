import { messages } from '@dwellscape/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../test/render';
import { renderDesign, toGenerateDesignForm, type GenerateDesignImageInput } from './generate-design-image';

const fetchMock = vi.fn<typeof fetch>();

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
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('toGenerateDesignForm', () => {
  it('sends SPEC §7 fields, collections as JSON strings, and leaves blank notes out', () => {
    const form = toGenerateDesignForm(input);
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

describe('renderDesign', () => {
  it('posts the form once and returns the image on success', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, { success: true, imageUrl: '/media/renders/x.webp', error: null }),
    );
    await expect(renderDesign(input)).resolves.toEqual({ ok: true, imageUrl: '/media/renders/x.webp', receipt: null });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/ai/generate-design-image');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBeInstanceOf(FormData);
  });

  it.each([
    [
      'a failure the server reports',
      () => jsonResponse(200, { success: false, imageUrl: null, error: 'Space too dark' }),
      messages.create.renderServerFailed('Space too dark'),
    ],
    [
      'a reported failure without a reason',
      () => jsonResponse(200, { success: false, imageUrl: null, error: null }),
      'Failed to generate design: Unknown error',
    ],
    [
      'an engine that is down (503)',
      () => jsonResponse(503, { success: false, imageUrl: null, error: 'Engine offline' }),
      messages.create.renderServerFailed('Engine offline'),
    ],
    [
      'a server time-out (504)',
      () => jsonResponse(504, { success: false, imageUrl: null, error: 'slow' }),
      messages.create.renderTimeout,
    ],
    [
      'an answer that is not JSON',
      () => new Response('<html>oops</html>', { status: 200 }),
      messages.create.renderTimeout,
    ],
    ['an answer of the wrong shape', () => jsonResponse(200, { image: 'x' }), messages.create.renderTimeout],
    ['a bad request (400)', () => jsonResponse(400, { error: 'Invalid mode' }), messages.create.renderFailed],
    ['a server error (500)', () => jsonResponse(500, { error: 'Internal Server Error' }), messages.create.renderFailed],
    [
      'too many requests (429)',
      () => jsonResponse(429, { error: 'Too many AI requests' }),
      messages.create.renderFailed,
    ],
  ])('turns %s into SPEC §8 words', async (_case, respond, message) => {
    fetchMock.mockResolvedValueOnce(respond());
    await expect(renderDesign(input)).resolves.toEqual({ ok: false, message });
  });

  it('reads a lost connection as "other failure" and a client time-out as a time-out', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(renderDesign(input)).resolves.toEqual({ ok: false, message: messages.create.renderFailed });
    fetchMock.mockRejectedValueOnce(new DOMException('signal timed out', 'TimeoutError'));
    await expect(renderDesign(input)).resolves.toEqual({ ok: false, message: messages.create.renderTimeout });
  });
});
