import { describe, expect, it } from 'vitest';
import { TITLE_MAX_LENGTH } from '../src/constants';
import { addCommentBodySchema, feedQuerySchema, publishDesignBodySchema } from '../src/design-schemas';
import { mediaUrlSchema } from '../src/schemas';

describe('request schemas', () => {
  it('caps the feed page at 25', () => {
    expect(feedQuerySchema.parse({ mode: 'interior' }).limit).toBe(25);
    expect(feedQuerySchema.safeParse({ mode: 'interior', limit: '26' }).success).toBe(false);
    expect(feedQuerySchema.safeParse({ mode: 'garden' }).success).toBe(false);
  });

  it('limits the title to 50 characters and refuses a blank one', () => {
    const base = { afterImageUrl: '/media/renders/ab/x.webp', mode: 'interior' as const };
    expect(publishDesignBodySchema.safeParse({ ...base, title: 'a'.repeat(TITLE_MAX_LENGTH) }).success).toBe(true);
    expect(publishDesignBodySchema.safeParse({ ...base, title: 'a'.repeat(TITLE_MAX_LENGTH + 1) }).success).toBe(false);
    expect(publishDesignBodySchema.safeParse({ ...base, title: '   ' }).success).toBe(false);
  });

  it('accepts only our own media URLs', () => {
    expect(mediaUrlSchema.safeParse('/media/uploads/ab/c.webp').success).toBe(true);
    for (const bad of ['https://evil.example/x.png', '/media/../etc/passwd', 'javascript:alert(1)', '/media/']) {
      expect(mediaUrlSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('refuses whitespace-only comments', () => {
    expect(addCommentBodySchema.safeParse({ text: ' \n\t ' }).success).toBe(false);
    expect(addCommentBodySchema.safeParse({ name: ' ', text: 'Nice' }).success).toBe(false);
    expect(addCommentBodySchema.safeParse({ name: 'Ana', text: 'Nice' }).success).toBe(true);
  });
});
