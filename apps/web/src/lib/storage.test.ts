import { DRAFT_KEYS_CLEARED_ON_LOAD } from '@dwellscape/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clearDraftKeys, readStoredJson, writeStoredJson } from './storage';

describe('clearDraftKeys', () => {
  it('removes the four draft keys from local and session storage and nothing else', () => {
    expect(DRAFT_KEYS_CLEARED_ON_LOAD).toEqual([
      'flowAnswers',
      'selectedProducts',
      'uploadedSpaceImage',
      'selectedSpaceId',
    ]);
    for (const storage of [window.localStorage, window.sessionStorage]) {
      for (const key of DRAFT_KEYS_CLEARED_ON_LOAD) storage.setItem(key, '"draft"');
      storage.setItem('cart', '[]');
    }

    clearDraftKeys();

    for (const storage of [window.localStorage, window.sessionStorage]) {
      for (const key of DRAFT_KEYS_CLEARED_ON_LOAD) expect(storage.getItem(key)).toBeNull();
      expect(storage.getItem('cart')).toBe('[]');
    }
  });
});

describe('stored JSON', () => {
  const schema = z.object({ count: z.number() });

  it('round-trips a value that matches its schema', () => {
    expect(writeStoredJson('session', 'k', { count: 2 })).toBe(true);
    expect(readStoredJson('session', 'k', schema)).toEqual({ count: 2 });
  });

  it('treats missing, malformed and mismatching values as absent', () => {
    expect(readStoredJson('local', 'missing', schema)).toBeNull();
    window.localStorage.setItem('bad', '{oops');
    expect(readStoredJson('local', 'bad', schema)).toBeNull();
    window.localStorage.setItem('wrong', JSON.stringify({ count: 'two' }));
    expect(readStoredJson('local', 'wrong', schema)).toBeNull();
  });
});
