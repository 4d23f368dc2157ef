import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { z as fullZod } from 'zod';
import { lazySchema } from '../src/lazy-schema';
import { designSchema, feedResponseSchema, userSchema } from '../src';

describe('lazySchema', () => {
  it('builds its schema on first use, once', () => {
    const build = vi.fn(() => z.object({ name: z.string().check(z.minLength(2)) }));
    const schema = lazySchema(build);
    expect(build).not.toHaveBeenCalled();

    expect(schema.parse({ name: 'Ann' })).toEqual({ name: 'Ann' });
    expect(schema.safeParse({ name: 'A' }).success).toBe(false);
    expect(Object.keys(schema.shape)).toEqual(['name']);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('validates inside other schemas, mini and full zod, as the schema it builds', () => {
    const item = lazySchema(() => z.object({ n: z.int().check(z.minimum(1)) }));
    const list = z.object({ items: z.array(item) });
    expect(list.safeParse({ items: [{ n: 1 }, { n: 2 }] }).success).toBe(true);
    expect(list.safeParse({ items: [{ n: 0 }] }).success).toBe(false);
    const extended = z.extend(item, { label: z.optional(z.string()) });
    expect(extended.parse({ n: 3, label: 'x' })).toEqual({ n: 3, label: 'x' });
    expect(fullZod.object({ item }).safeParse({ item: { n: '1' } }).success).toBe(false);
    expect(item instanceof z.ZodMiniObject).toBe(true);
  });

  it('keeps what the shared schemas accept and refuse', () => {
    expect(userSchema.safeParse({ id: 'u1' }).success).toBe(false);
    expect(designSchema.safeParse(null).success).toBe(false);
    expect(feedResponseSchema.safeParse({ items: 'none' }).success).toBe(false);
  });
});
