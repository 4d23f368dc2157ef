import { describe, expect, it } from 'vitest';
import { countItems, formatItemCount } from '../src/orders';

describe('countItems: what a shopper is buying, in units', () => {
  it('adds up the quantities of the lines, so lines of 2 and 3 are 5 items', () => {
    expect(countItems([{ quantity: 2 }, { quantity: 3 }])).toBe(5);
    expect(formatItemCount(countItems([{ quantity: 2 }, { quantity: 3 }]))).toBe('5 items');
  });

  it('says one item in the singular, and none as 0 items', () => {
    expect(formatItemCount(1)).toBe('1 item');
    expect(formatItemCount(countItems([]))).toBe('0 items');
  });
});
