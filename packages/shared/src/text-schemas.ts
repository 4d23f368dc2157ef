import { z } from 'zod/mini';

// the package's own text rules, shared by its schema modules (not exported from the package)

/** Postgres text cannot hold NUL: text that is stored or searched refuses it here (a 400, never a 500). */
export const storableText = () =>
  z.string().check(z.refine((s) => !s.includes('\u0000'), 'must not contain NUL characters'));

export const nonBlank = (max: number) =>
  storableText().check(
    z.maxLength(max),
    z.refine((s) => s.trim().length > 0, 'must not be blank'),
  );
