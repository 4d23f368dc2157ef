import type { Space, Template } from '@dwellscape/shared';
import { describe, expect, it } from 'vitest';
import type { CreateDraft } from '../stores/create-draft';
import { buildRenderPlan } from './render-plan';

const templates: Template[] = [
  {
    id: 'tpl-living',
    name: 'Sunny Living Room',
    thumbnailUrl: '/media/seed/t1-thumb.webp',
    imageUrl: '/media/seed/t1.webp',
    category: 'Living Room',
    mode: 'interior',
  },
  {
    id: 'tpl-bed',
    name: 'Calm Bedroom',
    thumbnailUrl: '/media/seed/t2-thumb.webp',
    imageUrl: '/media/seed/t2.webp',
    category: 'Bedroom',
    mode: 'interior',
  },
];
const spaces: Space[] = [
  {
    id: 'loft',
    name: 'City Loft',
    category: 'Living Room',
    tags: [],
    thumbnailUrl: '/media/seed/s1-thumb.webp',
    imageUrl: '/media/seed/s1.webp',
    mode: 'interior',
  },
];

const baseDraft: CreateDraft = {
  selectedProducts: [
    { id: 'sofa', name: 'Sofa', price: 899, brandId: 'nordic', imageUrl: '/media/seed/sofa.webp', mode: 'interior' },
    { id: 'fern', name: 'Fern', price: 25, brandId: 'green', imageUrl: '/media/seed/fern.webp', mode: 'landscape' },
  ],
  uploadedProductImages: [],
  flowAnswers: { vibe: 'Cozy', aesthetic: 'Wild' },
  uploadedSpaceImage: null,
  selectedSpaceId: 'loft',
  selectedSpaceType: 'Living Room',
  userNotes: 'keep the plants',
  refinedNotes: 'Keep the existing plants.',
  designSession: null,
  generatedDesign: null,
};

const plan = (draft: Partial<CreateDraft>) =>
  buildRenderPlan({
    sessionId: 's1',
    draft: { ...baseDraft, ...draft },
    mode: 'interior',
    templates,
    spaces,
    questionIds: ['vibe'],
    now: 42,
  });

describe('buildRenderPlan', () => {
  it('generates from the preset photo with the mode’s products and answers', () => {
    const result = plan({});
    expect(result.kind).toBe('generate');
    if (result.kind !== 'generate') return;
    expect(result.input).toEqual({
      spaceImageUrl: '/media/seed/s1.webp',
      selectedProducts: [
        { id: 'sofa', name: 'Sofa', price: 899, brandId: 'nordic', imageUrl: '/media/seed/sofa.webp', quantity: 1 },
      ],
      uploadedProductImages: [],
      userAnswers: { vibe: 'Cozy' },
      spaceType: 'Living Room',
      mode: 'interior',
      userNotes: 'keep the plants',
      refinedNotes: 'Keep the existing plants.',
    });
    expect(result.session).toMatchObject({
      id: 's1',
      beforeImageUrl: '/media/seed/s1.webp',
      spaceType: 'Living Room',
      startedAt: 42,
    });
  });

  it('prefers the uploaded photo and calls it a generic space', () => {
    const result = plan({
      uploadedSpaceImage: '/media/uploads/ab/mine.webp',
      selectedSpaceId: null,
      selectedSpaceType: '',
    });
    expect(result.kind === 'generate' && result.input.spaceImageUrl).toBe('/media/uploads/ab/mine.webp');
    expect(result.kind === 'generate' && result.input.spaceType).toBe('interior');
  });

  it('stops when there is no space image (docs/product.md §4)', () => {
    expect(plan({ selectedSpaceId: null })).toEqual({ kind: 'no-space' });
    expect(plan({ selectedSpaceId: 'a-preset-that-is-gone' })).toEqual({ kind: 'no-space' });
  });

  it('takes the fixed sample image — the mode’s first template — with no products and no uploads', () => {
    const result = plan({ selectedProducts: [baseDraft.selectedProducts[1]!] });
    expect(result).toMatchObject({
      kind: 'sample',
      imageUrl: '/media/seed/t1.webp',
      session: { id: 's1', beforeImageUrl: '/media/seed/s1.webp' },
    });
  });

  it('generates with uploads only', () => {
    const result = plan({
      selectedProducts: [],
      uploadedProductImages: [{ id: 'uploaded_1_0', url: '/media/uploads/x.webp', name: 'Lamp', price: 0 }],
    });
    expect(result.kind).toBe('generate');
  });
});
