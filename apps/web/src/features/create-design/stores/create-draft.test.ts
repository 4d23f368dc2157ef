import { DRAFT_KEYS_CLEARED_ON_LOAD } from '@dwellscape/shared';
import { describe, expect, it, vi } from 'vitest';
import { clearDraftKeys } from '@/lib/storage';
import {
  clearCreateDraft,
  GENERATED_DESIGN_KEY,
  getCreateDraft,
  hasAnsweredAll,
  hasChosenItems,
  productsOfMode,
  saveGeneratedDesign,
  updateCreateDraft,
  type DraftProduct,
} from './create-draft';

const sofa: DraftProduct = {
  id: 'sofa',
  name: 'Sofa',
  price: 899,
  brandId: 'nordic',
  imageUrl: '/media/seed/sofa.webp',
  mode: 'interior',
};
const fern: DraftProduct = {
  id: 'fern',
  name: 'Fern',
  price: 25,
  brandId: 'green',
  imageUrl: '/media/seed/fern.webp',
  mode: 'landscape',
};

describe('create draft', () => {
  it('keeps docs/product.md §3 drafts in sessionStorage under their names, the four cleared ones included', () => {
    updateCreateDraft({
      selectedProducts: [sofa],
      flowAnswers: { vibe: 'Cozy' },
      uploadedSpaceImage: '/media/uploads/ab/room.webp',
      selectedSpaceId: null,
      userNotes: 'warm',
    });
    expect(JSON.parse(sessionStorage.getItem('selectedProducts')!)).toEqual([sofa]);
    expect(JSON.parse(sessionStorage.getItem('flowAnswers')!)).toEqual({ vibe: 'Cozy' });
    expect(JSON.parse(sessionStorage.getItem('uploadedSpaceImage')!)).toBe('/media/uploads/ab/room.webp');
    expect(sessionStorage.getItem('selectedSpaceId')).toBeNull();
    expect(getCreateDraft()).toMatchObject({ selectedProducts: [sofa], userNotes: 'warm', selectedSpaceId: null });
  });

  it('starts empty again after the shell clears the four keys at load', () => {
    updateCreateDraft({
      selectedProducts: [sofa],
      flowAnswers: { vibe: 'Cozy' },
      selectedSpaceId: 'loft',
      userNotes: 'kept',
    });
    clearDraftKeys();
    const draft = getCreateDraft();
    expect(draft.selectedProducts).toEqual([]);
    expect(draft.flowAnswers).toEqual({});
    expect(draft.selectedSpaceId).toBeNull();
    expect(draft.userNotes).toBe('kept');
    for (const key of DRAFT_KEYS_CLEARED_ON_LOAD) expect(sessionStorage.getItem(key)).toBeNull();
  });

  it('returns the same object until storage changes, whoever changes it', () => {
    const first = getCreateDraft();
    expect(getCreateDraft()).toBe(first);
    sessionStorage.setItem('userNotes', JSON.stringify('written elsewhere'));
    const second = getCreateDraft();
    expect(second).not.toBe(first);
    expect(second.userNotes).toBe('written elsewhere');
  });

  it('ignores unreadable or out-of-shape values', () => {
    sessionStorage.setItem('selectedProducts', '{not json');
    sessionStorage.setItem('uploadedSpaceImage', JSON.stringify('data:image/png;base64,AAAA'));
    localStorage.setItem(GENERATED_DESIGN_KEY, JSON.stringify({ imageUrl: 'https://elsewhere.example/x.png' }));
    const draft = getCreateDraft();
    expect(draft.selectedProducts).toEqual([]);
    expect(draft.uploadedSpaceImage).toBeNull();
    expect(draft.generatedDesign).toBeNull();
  });

  it('keeps the generated image in localStorage and only warns when the browser refuses it', () => {
    expect(saveGeneratedDesign({ designSessionId: 's1', imageUrl: '/media/renders/a.webp', timestamp: 5 })).toBe(true);
    expect(JSON.parse(localStorage.getItem(GENERATED_DESIGN_KEY)!)).toEqual({
      designSessionId: 's1',
      imageUrl: '/media/renders/a.webp',
      timestamp: 5,
    });

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(() =>
      saveGeneratedDesign({ designSessionId: 's2', imageUrl: '/media/renders/b.webp', timestamp: 6 }),
    ).not.toThrow();
    expect(warn).toHaveBeenCalledTimes(1);
    setItem.mockRestore();
    warn.mockRestore();
  });

  it('clears every draft after publishing', () => {
    updateCreateDraft({
      selectedProducts: [sofa],
      flowAnswers: { vibe: 'Cozy' },
      userNotes: 'x',
      refinedNotes: 'y',
      selectedSpaceType: 'Bedroom',
    });
    saveGeneratedDesign({ designSessionId: 's1', imageUrl: '/media/renders/a.webp', timestamp: 5 });
    clearCreateDraft();
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem(GENERATED_DESIGN_KEY)).toBeNull();
  });

  it('reads products and answers for the active mode only', () => {
    updateCreateDraft({ selectedProducts: [sofa, fern], flowAnswers: { vibe: 'Cozy' } });
    const draft = getCreateDraft();
    expect(productsOfMode(draft, 'landscape')).toEqual([fern]);
    expect(hasChosenItems(draft, 'interior')).toBe(true);
    expect(hasAnsweredAll(draft, ['vibe'])).toBe(true);
    expect(hasAnsweredAll(draft, ['vibe', 'light'])).toBe(false);

    updateCreateDraft({ selectedProducts: [fern] });
    expect(hasChosenItems(getCreateDraft(), 'interior')).toBe(false);
    updateCreateDraft({
      uploadedProductImages: [{ id: 'uploaded_1_0', url: '/media/uploads/a.webp', name: 'Chair', price: 0 }],
    });
    expect(hasChosenItems(getCreateDraft(), 'interior')).toBe(true);
  });
});
