import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  brandIdFromName,
  decodeCursor,
  describeLeftOut,
  describeReceipt,
  encodeCursor,
  isPageCursor,
  formatCount,
  formatPrice,
  formatRelativeTime,
  formatShortDate,
  isJustPublished,
  isResponsiveImageWidth,
  RESPONSIVE_IMAGE_WIDTHS,
  responsiveImageSources,
  responsiveImageUrl,
  splitThumbnails,
  sumLineTotals,
} from '../src/helpers';

const now = new Date('2026-11-22T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('formatRelativeTime (docs/product.md §9)', () => {
  it.each([
    [0, 'just now'],
    [59_999, 'just now'],
    [60_000, '1 minute ago'],
    [5 * 60_000, '5 minutes ago'],
    [60 * 60_000, '1 hour ago'],
    [23 * 60 * 60_000, '23 hours ago'],
    [24 * 60 * 60_000, '1 day ago'],
    [6 * 24 * 60 * 60_000, '6 days ago'],
  ])('%i ms ago reads %s', (ms, text) => {
    expect(formatRelativeTime(ago(ms), now)).toBe(text);
  });

  it('shows a date from a week on', () => {
    expect(formatRelativeTime(ago(7 * 24 * 60 * 60_000), now)).toBe('Nov 15, 2026');
  });

  it('treats a time slightly in the future as just now', () => {
    expect(formatRelativeTime(new Date(now.getTime() + 5_000), now)).toBe('just now');
  });
});

describe('formatShortDate, formatCount and formatPrice: what en-US Intl writes, without Intl', () => {
  const intlPrice = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
  const intlDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  const intlCount = new Intl.NumberFormat('en-US');

  it('writes every date as Intl does, in the local time zone', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01'), max: new Date('2200-12-31'), noInvalidDate: true }),
        (date) => {
          expect(formatShortDate(date)).toBe(intlDate.format(date));
          expect(formatShortDate(date.toISOString())).toBe(intlDate.format(date));
        },
      ),
    );
    expect(formatShortDate('2026-11-26T12:00:00Z')).toBe('Nov 26, 2026');
  });

  it('groups the digits of every whole count as Intl does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (count) => {
        expect(formatCount(count)).toBe(intlCount.format(count));
      }),
    );
    expect([0, 999, 1000, 1234567].map(formatCount)).toEqual(['0', '999', '1,000', '1,234,567']);
  });

  it('writes every price as Intl does: cents rounded as Intl rounds them, grouping, the sign', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        fc.integer({ min: -1e11, max: 1e11 }),
        (x, cents) => {
          expect(formatPrice(x)).toBe(intlPrice.format(x));
          expect(formatPrice(cents / 100)).toBe(intlPrice.format(cents / 100));
        },
      ),
    );
    expect([0, -0, 1.005, 0.125, -1245.5, 999.995].map(formatPrice)).toEqual(
      [0, -0, 1.005, 0.125, -1245.5, 999.995].map((x) => intlPrice.format(x)),
    );
  });
});

describe('splitThumbnails (the +N rule)', () => {
  it('shows all of up to five', () => {
    expect(splitThumbnails([1, 2, 3, 4, 5])).toEqual({ shown: [1, 2, 3, 4, 5], extra: 0 });
  });
  it('shows five and counts the rest', () => {
    expect(splitThumbnails([1, 2, 3, 4, 5, 6, 7])).toEqual({ shown: [1, 2, 3, 4, 5], extra: 2 });
  });
  it('handles none', () => {
    expect(splitThumbnails([])).toEqual({ shown: [], extra: 0 });
  });
});

describe('isJustPublished', () => {
  it('is true under 24 hours and false from 24 hours on', () => {
    expect(isJustPublished(ago(23 * 60 * 60_000), now)).toBe(true);
    expect(isJustPublished(ago(24 * 60 * 60_000), now)).toBe(false);
  });
});

describe('money', () => {
  it('formats with two decimals', () => {
    expect(formatPrice(25)).toBe('$25.00');
    expect(formatPrice(4299)).toBe('$4,299.00');
    expect(formatPrice(1245.5)).toBe('$1,245.50');
  });
  it('sums price × quantity without float drift', () => {
    expect(
      sumLineTotals([
        { price: 0.1, quantity: 3 },
        { price: 0.2, quantity: 1 },
      ]),
    ).toBe(0.5);
    expect(sumLineTotals([{ price: 0, quantity: 4 }])).toBe(0);
  });
});

describe('brandIdFromName (docs/product.md §3)', () => {
  it('lower-cases and hyphenates', () => {
    expect(brandIdFromName('Green Thumb Co')).toBe('green-thumb-co');
  });
  it("falls back to 'unknown'", () => {
    expect(brandIdFromName(null)).toBe('unknown');
    expect(brandIdFromName('  ')).toBe('unknown');
  });
});

describe('feed cursors', () => {
  it('round-trips', () => {
    const cursor = encodeCursor('2026-11-22T12:00:00.000Z', 'd-123');
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual({ createdAt: '2026-11-22T12:00:00.000Z', id: 'd-123' });
  });
  it.each(['', 'not-base64!', 'Zm9v', encodeCursor('yesterday', 'x'), encodeCursor('2026-11-22T12:00:00Z', 'bad id')])(
    'rejects %s',
    (cursor) => {
      expect(decodeCursor(cursor)).toBeNull();
    },
  );
});

describe('isPageCursor', () => {
  it('takes a cursor as a page writes it', () => {
    expect(isPageCursor(encodeCursor('2026-11-22T12:00:00.123456Z', 'd-123'))).toBe(true);
  });
  it.each([
    ['not base64', 'not-base64!'],
    ['a loose time', encodeCursor('2026-11-22T12:00:00.000Z', 'd-1')],
    ['a year alone', encodeCursor('2000', 'd-1')],
    ['year 0000', encodeCursor('0000-01-01T00:00:00.000000Z', 'd-1')],
    ['30 February', encodeCursor('2024-02-30T00:00:00.000000Z', 'd-1')],
    ['a bad id', encodeCursor('2026-11-22T12:00:00.123456Z', 'bad id')],
  ])('refuses %s', (_, cursor) => {
    expect(isPageCursor(cursor)).toBe(false);
  });
});

describe('responsive images', () => {
  const url = '/media/seed/designs/d-1-after.webp';

  it('lists every fixed width of a stored WebP, narrowest first, and keeps the original as src', () => {
    expect(responsiveImageSources(url, '100vw')).toEqual({
      src: url,
      srcSet: [
        '/media/w/320/seed/designs/d-1-after.webp 320w',
        '/media/w/640/seed/designs/d-1-after.webp 640w',
        '/media/w/960/seed/designs/d-1-after.webp 960w',
        '/media/w/1280/seed/designs/d-1-after.webp 1280w',
      ].join(', '),
      sizes: '100vw',
    });
  });

  it('leaves sizes out when none is given', () => {
    const sources = responsiveImageSources('/media/uploads/ab/abcd.webp');
    expect(sources).not.toHaveProperty('sizes');
    expect(sources.srcSet).toContain('/media/w/640/uploads/ab/abcd.webp 640w');
  });

  it.each([
    'data:image/webp;base64,UklGRg==',
    'blob:http://localhost/1d2c',
    'https://cdn.example.com/media/a.webp',
    '//cdn.example.com/media/a.webp',
    '/media/w/640/seed/a.webp',
    '/media/seed/a.png',
    '/media/../session-secret.webp',
    '/media/seed//a.webp',
    '/media/seed/a.webp?v=2',
    '/media/.w/a.webp',
    '/api/designs',
    '',
  ])('passes %j through unchanged', (other) => {
    expect(responsiveImageSources(other, '100vw')).toEqual({ src: other });
  });

  it('builds one width and refuses URLs it cannot resize', () => {
    expect(responsiveImageUrl(url, 960)).toBe('/media/w/960/seed/designs/d-1-after.webp');
    expect(responsiveImageUrl('blob:x', 960)).toBeNull();
  });

  it('knows the allowed widths', () => {
    expect([...RESPONSIVE_IMAGE_WIDTHS].sort((a, b) => a - b)).toEqual([...RESPONSIVE_IMAGE_WIDTHS]);
    expect(RESPONSIVE_IMAGE_WIDTHS.every(isResponsiveImageWidth)).toBe(true);
    for (const width of [0, 319, 321, 1024, 1600, 2048, Number.NaN]) expect(isResponsiveImageWidth(width)).toBe(false);
  });
});

describe('describeReceipt', () => {
  it("says what the render kept: 'Room kept 96% · 4 of 4 products'", () => {
    expect(describeReceipt({ structureKept: 0.9612, productsPresent: 4, productsChosen: 4 }, 'interior')).toBe(
      'Room kept 96% · 4 of 4 products',
    );
    expect(describeReceipt({ structureKept: 0.5, productsPresent: 0, productsChosen: 1 }, 'interior')).toBe(
      'Your product not placed · Room kept 50%',
    );
    expect(
      describeReceipt(
        { structureKept: 1, productsPresent: 0, productsChosen: 5, leftOut: ['no free floor for the sofa'] },
        'interior',
      ),
    ).toBe('None of your 5 products placed: no free floor for the sofa · Room kept 100%');
  });

  it('leads with fewer products than chosen and why, each surface said once', () => {
    const receipt = { structureKept: 0.9612, productsPresent: 4, productsChosen: 5 };
    expect(describeReceipt({ ...receipt, leftOut: ['no free floor for the sofa'] }, 'interior')).toBe(
      '4 of 5 products: no free floor for the sofa · Room kept 96%',
    );
    expect(
      describeReceipt(
        {
          ...receipt,
          productsPresent: 1,
          leftOut: [
            'no free floor for the sofa',
            'no free wall for the mirror',
            'no free floor for the chair',
            'no free floor for the lamp',
          ],
        },
        'interior',
      ),
    ).toBe(
      '1 of 5 products: no free floor for the sofa, the chair and the lamp; no free wall for the mirror · Room kept 96%',
    );
    expect(
      describeReceipt(
        { ...receipt, productsPresent: 3, leftOut: ['no free ground for the bench', 'no free ground for the planter'] },
        'landscape',
      ),
    ).toBe('3 of 5 products: no free ground for the bench and the planter · Space kept 96%');
    // the same reason twice (two sofas) names it once
    expect(describeLeftOut(['no free floor for the sofa', 'no free floor for the sofa'])).toBe(
      'no free floor for the sofa',
    );
    expect(describeLeftOut(['could not be read'])).toBe('could not be read');
  });

  it('speaks of the space outdoors, and leaves products out when none were chosen', () => {
    expect(describeReceipt({ structureKept: 1, productsPresent: 2, productsChosen: 3 }, 'landscape')).toBe(
      '2 of 3 products · Space kept 100%',
    );
    expect(describeReceipt({ structureKept: 0.874, productsPresent: 0, productsChosen: 0 }, 'interior')).toBe(
      'Room kept 87%',
    );
  });
});
