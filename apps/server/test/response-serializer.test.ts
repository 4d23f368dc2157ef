import Fastify, { type FastifyInstance } from 'fastify';
import {
  isResponseSerializationError,
  serializerCompiler as typeProviderSerializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  designSchema,
  errorResponseSchema,
  compactFeedPage,
  feedResponseSchema,
  likeResponseSchema,
  meResponseSchema,
  publishDesignBodySchema,
} from '@dwellscape/shared';
import { forwardEquivalent, responseSerializerCompiler } from '../src/response-serializer';

const itemSchema = z.object({
  id: z.string(),
  count: z.number().int(),
  owner: z.object({ name: z.string() }).nullable(),
  quantity: z.number().int().min(1).default(1),
});

describe('response serializer', () => {
  let app: FastifyInstance;
  const serializationErrors: unknown[] = [];

  beforeAll(async () => {
    const server = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    server.setValidatorCompiler(validatorCompiler);
    server.setSerializerCompiler(responseSerializerCompiler);
    server.setErrorHandler((error, _request, reply) => {
      if (isResponseSerializationError(error)) serializationErrors.push(error);
      return reply.code(500).send({ error: 'Internal Server Error' });
    });
    const response = { 200: z.object({ items: z.array(itemSchema) }) };
    server.get('/good', { schema: { response } }, async () => ({
      items: [
        { id: 'a', count: 2, owner: { name: 'Maya', password: 'never sent' }, quantity: 3, secret: 'dropped' },
        { id: 'b', count: 0, owner: null, quantity: 1 },
      ],
    }));
    // a defaulted field left out: the type provider's check (backward) refused it, so must this one
    server.get(
      '/missing-default',
      { schema: { response } },
      // what an untyped path (a JSON column, a cast) could hand over
      async () => ({ items: [{ id: 'a', count: 1, owner: null }] }) as never,
    );
    // a response that does not match its schema: a count that is not an integer
    server.get('/bad', { schema: { response } }, async () => ({
      items: [{ id: 'a', count: 1.5, owner: null, quantity: 1 }],
    }));
    await server.ready();
    app = server as unknown as FastifyInstance;
  });

  afterAll(async () => {
    await app.close();
  });

  it('sends the schema-shaped JSON and drops keys the schema does not name, at every depth', async () => {
    const res = await app.inject({ method: 'GET', url: '/good' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(
      JSON.stringify({
        items: [
          { id: 'a', count: 2, owner: { name: 'Maya' }, quantity: 3 },
          { id: 'b', count: 0, owner: null, quantity: 1 },
        ],
      }),
    );
  });

  it('turns a response that breaks its schema into a 500 carrying a response serialization error', async () => {
    const res = await app.inject({ method: 'GET', url: '/bad' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Internal Server Error' });
    expect(serializationErrors).toHaveLength(1);
    expect(res.body).not.toContain('1.5');
  });

  it('refuses a response that leaves out a defaulted field instead of filling in the default', async () => {
    const res = await app.inject({ method: 'GET', url: '/missing-default' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Internal Server Error' });
  });
});

type Outcome = { json: string } | { issues: Array<{ path: PropertyKey[] }> };

/** What a compiled serializer does with one value: the JSON it sends, or the issues it refuses it with. */
function outcome(serialize: (data: unknown) => string, data: unknown): Outcome {
  try {
    return { json: serialize(data) };
  } catch (err) {
    if (!isResponseSerializationError(err)) throw err;
    return { issues: JSON.parse(JSON.stringify((err.cause as z.ZodError).issues)) as Array<{ path: PropertyKey[] }> };
  }
}

/**
 * The same JSON, or a refusal of the same value naming every issue the type provider named. Ours
 * may add one: a value of the wrong type that also breaks a check (an array where a string of
 * minimum length belongs) gets the check's issue too, where zod's backward pass stops at the type.
 */
function expectSameOutcome(ours: Outcome, theirs: Outcome, label: string) {
  if ('json' in theirs) {
    expect(ours, label).toEqual(theirs);
    return;
  }
  expect('issues' in ours, label).toBe(true);
  if (!('issues' in ours)) return;
  for (const issue of theirs.issues) expect(ours.issues, label).toContainEqual(issue);
  const paths = (issues: Array<{ path: PropertyKey[] }>) => [...new Set(issues.map((i) => i.path.join('.')))].sort();
  expect(paths(ours.issues), label).toEqual(paths(theirs.issues));
}

/** The value itself, then for every key at every depth: without it, set to 7, set to null, and with an extra key beside it. */
function variants(value: unknown): unknown[] {
  const out: unknown[] = [value];
  const walk = (node: unknown, rebuild: (replacement: unknown) => unknown) => {
    if (Array.isArray(node)) {
      node.forEach((child, i) => walk(child, (r) => rebuild(node.map((c, j) => (i === j ? r : c)))));
      out.push(rebuild([...node, 7]));
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    out.push(rebuild({ ...record, unexpected: 'x' }));
    for (const key of Object.keys(record)) {
      const { [key]: _dropped, ...without } = record;
      out.push(rebuild(without));
      for (const replacement of [7, null, 'text', 1.5, -1, [], {}])
        out.push(rebuild({ ...record, [key]: replacement }));
      walk(record[key], (r) => rebuild({ ...record, [key]: r }));
    }
  };
  walk(value, (r) => r);
  return out;
}

const product = {
  id: 'p1',
  name: 'Lamp',
  price: 12.5,
  brandId: 'b1',
  imageUrl: '/media/p1.webp',
  quantity: 2,
  ownItem: false,
};
const author = { id: 'u1', username: 'maya', displayName: 'Maya', avatarUrl: '/media/u1.webp', isVerified: true };
const design = {
  id: 'd1',
  title: 'Calm',
  caption: '',
  beforeImageUrl: null,
  afterImageUrl: '/media/d1.webp',
  selectedProducts: [product],
  userAnswers: { style: 'calm' },
  spaceType: 'living room',
  mode: 'interior' as const,
  isPublic: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  likesCount: 3,
  commentsCount: 0,
  userId: 'u1',
  author,
  originalDesignId: null,
  originalCreatorId: null,
  originalCreator: null,
  originalCreatorDeleted: false,
  isRegenerated: false,
  videoUrl: null,
  remixCount: 0,
  likedByViewer: false,
  savedByViewer: false,
  receipt: null,
};

describe('response serializer against the type provider it replaces', () => {
  const compile = (schema: z.ZodType) => {
    const route = { schema, method: 'GET', url: '/x', httpStatus: '200' };
    return {
      ours: responseSerializerCompiler(route),
      theirs: typeProviderSerializerCompiler(route as never) as (data: unknown) => string,
    };
  };

  const cases: Array<[string, z.ZodType, unknown]> = [
    ['feed page', feedResponseSchema as unknown as z.ZodType, compactFeedPage({ items: [design], nextCursor: 'abc' })],
    ['design', designSchema as unknown as z.ZodType, design],
    ['like', likeResponseSchema as unknown as z.ZodType, { liked: true, likesCount: 4 }],
    ['error', errorResponseSchema as unknown as z.ZodType, { error: 'Nope', message: 'm', details: [{ a: 1 }] }],
    [
      'me',
      meResponseSchema as unknown as z.ZodType,
      {
        viewerId: 'v',
        currentUser: {
          ...author,
          bio: 'b',
          followerCount: 1,
          followingCount: 2,
          postCount: 3,
          commissionEarned: '$0.00',
          isCurrentUser: true,
          isFollowedByViewer: false,
        },
      },
    ],
    // defaults at every level, a catch, optional and nullable wrappers, a record, a tuple, a union
    [
      'publish body (defaults everywhere)',
      publishDesignBodySchema as unknown as z.ZodType,
      {
        title: 't',
        caption: '',
        beforeImageUrl: null,
        afterImageUrl: '/media/a.webp',
        selectedProducts: [{ id: 'p1', quantity: 2 }],
        ownItems: [{ url: '/media/own.webp', name: 'Lamp' }],
        userAnswers: {},
        spaceType: '',
        mode: 'interior',
        isRegenerated: false,
      },
    ],
    [
      'wrappers',
      z.object({
        a: z.number().default(1),
        b: z.string().catch('fallback'),
        c: z.array(z.object({ d: z.boolean().default(false).optional() })).nullable(),
        e: z.union([z.string(), z.object({ f: z.number().int().min(0).default(0) })]),
        i: z.tuple([z.string(), z.number().nullable()]),
        h: z.record(z.string(), z.number().prefault(3)),
      }),
      { a: 2, b: 'b', c: [{ d: true }], e: { f: 1 }, i: ['y', null], h: { k: 1 } },
    ],
  ];

  it.each(cases)('%s: sends and refuses exactly what the type provider did', (_name, schema, valid) => {
    // each of these is checked through a rewritten schema, not through the safeEncode fallback
    expect(forwardEquivalent(schema)).not.toBeNull();
    const { ours, theirs } = compile(schema);
    const values = variants(valid);
    expect(values.length).toBeGreaterThan(5);
    let accepted = 0;
    for (const value of values) {
      const expected = outcome(theirs, value);
      expectSameOutcome(outcome(ours, value), expected, JSON.stringify(value));
      if ('json' in expected) accepted++;
    }
    // the variants exercise both sides
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(values.length);
  });

  it('checks the rewritten schema for shapes it can mirror, and falls back to safeEncode for the rest', () => {
    expect(forwardEquivalent(feedResponseSchema as unknown as z.ZodType)).not.toBeNull();
    // a schema with nothing direction-aware is used as it is
    expect(forwardEquivalent(likeResponseSchema as unknown as z.ZodType)).toBe(likeResponseSchema);
    const transformed = z.object({ at: z.date().transform((d) => d.toISOString()) });
    expect(forwardEquivalent(transformed)).toBeNull();
    const codec = z.object({
      at: z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }),
    });
    expect(forwardEquivalent(codec)).toBeNull();
    expect(forwardEquivalent(z.object({ t: z.tuple([z.string(), z.number().default(2)]) }))).toBeNull();
    // through the fallback a codec still encodes, as the type provider did
    const { ours, theirs } = compile(codec);
    const at = new Date('2026-01-01T00:00:00.000Z');
    expect(ours({ at })).toBe(theirs({ at }));
    expect(ours({ at })).toBe('{"at":"2026-01-01T00:00:00.000Z"}');
  });
});
