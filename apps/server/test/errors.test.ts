import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { AppError, invalidField, invalidIssues, invalidRequest } from '../src/errors';

describe('the 400s that name a field', () => {
  it('refuse one field as "Invalid <field>: <message>", listing it in details', () => {
    const error = invalidField('body.originalDesignId', 'no design has this id');
    expect(error).toBeInstanceOf(AppError);
    expect(error.kind).toBe('bad_input');
    expect(error.message).toBe('Invalid body.originalDesignId: no design has this id');
    expect(error.details).toEqual([{ field: 'body.originalDesignId', message: 'no design has this id' }]);
    expect(error.explanation).toBeUndefined();
  });

  it('name the first of a zod error’s issues by its dotted path, the value as a whole by its root', () => {
    const schema = z.object({ placements: z.array(z.object({ productId: z.string() })), title: z.string() });
    const parsed = schema.safeParse({ placements: [{ productId: 7 }] });
    expect(parsed.success).toBe(false);
    const error = invalidIssues(parsed.error!.issues, 'body');
    expect(error.message).toMatch(/^Invalid placements\.0\.productId: /);
    expect(error.details).toEqual([
      { field: 'placements.0.productId', message: expect.any(String) },
      { field: 'title', message: expect.any(String) },
    ]);

    const whole = z.object({}).safeParse('not an object');
    const rootError = invalidIssues(whole.error!.issues, 'form');
    expect(rootError.message).toMatch(/^Invalid form: /);
    expect(rootError.details).toEqual([{ field: 'form', message: expect.any(String) }]);
    expect(invalidIssues([], 'body').message).toBe('Invalid body');
  });

  it('read as a schema validation error when refused the way the schema would have', () => {
    const error = invalidRequest([{ field: 'body.username', message: 'is taken' }]);
    expect(error.message).toBe('Bad Request');
    expect(error.explanation).toBe('Invalid body.username: is taken');
    expect(error.details).toEqual([{ field: 'body.username', message: 'is taken' }]);
    expect(invalidRequest([]).explanation).toBe('Invalid request');
  });
});
