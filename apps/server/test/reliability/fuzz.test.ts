/**
 * Bad input (docs/reliability.md): fast-check throws generated bad requests at every
 * JSON route of the API (every route of src/modules/ and src/realtime/live.routes.ts that takes a
 * query, a path parameter or a body) and requires a 4xx with the `{error, message?, details?}`
 * body every time, and that nothing is written: each table's rows (sessions aside) and the
 * files under DATA_DIR/media are the same before and after.
 *
 * Sizes                     default (CI)     RELIABILITY_HEAVY=1
 * generated bad requests    10,000           100,000 (split over the routes by weight)
 *
 * Every generated request is invalid by construction: values are drawn from generators that
 * only make bad values for their field (wrong types, missing, blank, too long, unknown ids,
 * unsupported content types, broken or deeply nested JSON, prototype-pollution keys…), and at
 * least one field of each request is bad. RELIABILITY_SEED=<n> replays other inputs.
 *
 * Runs once, on PGlite, even when TEST_DATABASE_URL is set: what it proves is that validation
 * refuses the request before anything is written, which no database choice changes; the queries
 * a refusal makes (unknown ids) are the API's own, run on both databases by the integration tests.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BIO_MAX_LENGTH,
  CAPTION_MAX_LENGTH,
  COMMENT_NAME_MAX_LENGTH,
  COMMENT_TEXT_MAX_LENGTH,
  DESIGN_OWN_ITEMS_MAX,
  DESIGN_PRODUCTS_MAX,
  DISPLAY_NAME_MAX_LENGTH,
  FEED_PAGE_SIZE,
  MODES,
  NOTES_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PRODUCT_QUANTITY_MAX,
  SEARCH_LISTS,
  SEARCH_MAX_OFFSET,
  SEARCH_QUERY_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  apiPaths,
  errorResponseSchema,
  feedResponseSchema,
} from '@dwellscape/shared';
import { AI_REQUESTS_PER_MINUTE } from '../../src/modules/ai/ai.routes';
import { createTestApp, type DbKind, type TestApp } from '../helpers';
import { insertAccount, signedInCookie, uploadImage } from '../fixtures';
import { multipartBody, type FormPart } from '../media-fixtures';
import { heavy, snapshotWrites as snapshotAllWrites, type WriteSnapshot } from './support';

/** What a refused request must leave alone: rate-limit counts aside, since every AI call and wrong password counts by design. */
async function snapshotWrites(...args: Parameters<typeof snapshotAllWrites>): Promise<WriteSnapshot> {
  const snapshot = await snapshotAllWrites(...args);
  const { rate_limit_hits: _counts, ...tables } = snapshot.tables;
  return { ...snapshot, tables };
}

const TOTAL_INPUTS = heavy ? 100_000 : 10_000;
const seed = Number(process.env.RELIABILITY_SEED ?? 20_250_707);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface BadRequest {
  method: Method;
  url: string;
  contentType?: string;
  payload?: string | Buffer;
  /**
   * Who sends it: the fuzzing viewer (signed out), a fresh AI-quota viewer, the fuzzing account
   * (signed in, for routes that need an account), or nobody (no or a forged cookie).
   */
  cookie?: 'viewer' | 'account' | 'none' | 'forged';
  /** The client address the gate sees (its failure limit is per address). */
  remoteAddress?: string;
}

/** What the sample world offers that a generator must avoid or may reuse. */
interface World {
  /** Every id of every table: a "well-formed but unknown" id must not be one of them. */
  knownIds: Set<string>;
  designIds: string[];
  /** A stored image: a valid value for media-URL fields. */
  mediaUrl: string;
  mediaUrls: Set<string>;
  /** An upload stored for another viewer: no picture of the fuzzing account's. */
  foreignUploadUrl: string;
  interiorProductIds: string[];
  landscapeProductIds: string[];
  /** A cursor returned by the feed. */
  cursor: string;
  password: string;
  /** The signed-in fuzzing account's id. */
  accountId: string;
  /** Every gated API route as "METHOD /pattern", read from Fastify's route table. */
  gatedRoutes: string[];
}

/* ---------- values ---------- */

const j = (value: unknown) => JSON.stringify(value);
const ID_PATTERN = /^[A-Za-z0-9_-]+$/;
const MEDIA_URL_PATTERN = /^\/media\/[A-Za-z0-9_-][A-Za-z0-9/_.-]*$/;

const sqlish = fc.constantFrom(
  "' OR '1'='1",
  "'; DROP TABLE designs; --",
  '1 OR 1=1',
  '" OR ""="',
  "') UNION SELECT token_hash FROM sessions --",
  "%' AND pg_sleep(5) --",
  '$1',
  "\\'",
  '1;SELECT pg_sleep(10)',
  "E'\\\\x00'",
  '*/ select 1 /*',
);
const pathish = fc.constantFrom(
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  '%2e%2e%2f%2e%2e%2f',
  '....//....//etc',
  'a/../../b',
  'file:///etc/passwd',
  '//evil.example/x',
  '/media/../../secret',
  '/media/seed/../../sessions',
  '.env',
  '~/.ssh/id_rsa',
  'C:\\Windows\\System32',
);
const specials = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '\uFEFF',
  '\u202E',
  '\uD800',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '1e309',
  '[]',
  '{}',
  'true',
  '__proto__',
  'constructor',
  'prototype',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '😀',
  'İ',
  'ß',
  '%00',
  '%',
  '%zz',
  '${7*7}',
  '{{7*7}}',
);
const longText = fc
  .tuple(fc.integer({ min: 1_000, max: 20_000 }), fc.constantFrom('a', 'é', '😀', '\u0000', '<', '"', '\\'))
  .map(([n, unit]) => unit.repeat(n));

/** Text that is odd in every way that matters to a parser, a validator or a database. */
const oddText = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: sqlish },
  { weight: 2, arbitrary: pathish },
  { weight: 3, arbitrary: specials },
  { weight: 1, arbitrary: longText },
);

/** Strings that trim to nothing (JavaScript's trim: the checks' own notion of blank). */
const blankText = fc.string({
  unit: fc.constantFrom(' ', '\t', '\n', '\r', '\u000b', '\u000c', '\u00a0', '\u2003', '\u2028', '\u3000', '\ufeff'),
  maxLength: 20,
});

/** Text holding a NUL character, which Postgres text cannot store. */
const withNul = fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })).map(([a, b]) => `${a}\u0000${b}`);

/** Strings longer than `max` code points (what zod's max counts: an emoji is one). */
const tooLong = (max: number) =>
  fc
    .tuple(fc.integer({ min: max + 1, max: max * 2 + 10 }), fc.constantFrom('a', 'é', '😀', ' ', '\u0000', '<'))
    .map(([n, unit]) => unit.repeat(n));

/** JSON nested far deeper than any field expects: parsers and validators must stay on their feet. */
const deepJson = fc
  .tuple(fc.constantFrom(10, 100, 1_000, 10_000, heavy ? 100_000 : 20_000), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
  );

/** JSON text of any value that is not a string. */
const nonStringJson = fc.oneof(
  { weight: 1, arbitrary: deepJson },
  fc.integer().map(j),
  fc.double().map(j),
  fc.boolean().map(j),
  fc.constant('null'),
  fc.constantFrom('1e400', '-0', '123456789012345678901234567890', '0.1e-999'),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }).map(j),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }).map(j),
);
const nonBooleanJson = fc.oneof(
  fc.constantFrom('"true"', '"false"', '1', '0', 'null', '[]', '{}', '"yes"'),
  oddText.map(j),
);
const nonObjectJson = fc.oneof(
  oddText.map(j),
  fc.integer().map(j),
  fc.boolean().map(j),
  fc.constant('null'),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }).map(j),
);
const nonArrayJson = fc.oneof(
  oddText.map(j),
  fc.integer().map(j),
  fc.boolean().map(j),
  fc.constant('null'),
  fc.constant('{}'),
);

const invalidMode = fc
  .oneof(
    oddText,
    fc.constantFrom(
      'Interior',
      'LANDSCAPE',
      ' interior',
      'interior ',
      'interiors',
      'landscape\u0000',
      'exterior',
      'outdoor',
      'all',
    ),
  )
  .filter((s) => !(MODES as readonly string[]).includes(s));
const invalidAiSpaceType = fc
  .oneof(oddText, fc.constantFrom('landscape', 'Interior', 'OUTDOOR', 'indoor', 'outdoors', ' interior'))
  .filter((s) => s !== 'outdoor' && s !== 'interior');

/** Ids the routes refuse: malformed (400) or well formed and unknown (404). */
const invalidId = (world: World) =>
  fc.oneof(
    { weight: 3, arbitrary: oddText.filter((s) => !ID_PATTERN.test(s) || s.length > 64) },
    { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/).filter((s) => !world.knownIds.has(s)) },
    { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{65,200}$/) },
  );

/** Media URLs no stored file answers to: malformed, or well formed and missing. */
const invalidMediaUrl = (world: World) =>
  fc
    .oneof(
      {
        weight: 3,
        arbitrary: oddText.filter((s) => !MEDIA_URL_PATTERN.test(s) || s.includes('..') || s.length > 300),
      },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          '/media/',
          '/media//x.webp',
          '/media/seed',
          '/media/seed/',
          '/media/../data/pglite',
          '/media/seed/..%2f..%2fsecret',
          'http://evil.example/media/x.webp',
          '//evil.example/media/x.webp',
          '/MEDIA/x.webp',
          'media/x.webp',
          '/media/.hidden',
          `/media/x.webp?${'a'.repeat(10)}`,
          `/media/${'a'.repeat(300)}.webp`,
        ),
      },
      { weight: 3, arbitrary: fc.uuid().map((id) => `/media/uploads/${id.slice(0, 2)}/${id}.webp`) },
    )
    .filter((url) => !world.mediaUrls.has(url));

/* ---------- JSON bodies ---------- */

interface FieldSpec {
  key: string;
  required: boolean;
  /** JSON text of a good value. */
  valid: fc.Arbitrary<string>;
  /** JSON text of a value this field refuses. */
  invalid: fc.Arbitrary<string>;
}

const junkKey = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('id', 'userId', 'likesCount', 'isAdmin', 'role', '$where'),
);
const protoEntries = fc.constantFrom<[string, string][]>(
  [['__proto__', '{"polluted":"yes"}']],
  [['constructor', '{"prototype":{"polluted":"yes"}}']],
  [
    ['__proto__', '{"isAdmin":true}'],
    ['constructor', '{"prototype":{"isAdmin":true}}'],
  ],
);

/**
 * A JSON object with at least one bad field: a required field missing or any field holding a
 * bad value; the other fields are good or absent, and junk or prototype-pollution keys ride along.
 */
function objectWithBadField(fields: FieldSpec[]): fc.Arbitrary<string> {
  const fieldKeys = new Set(fields.map((f) => f.key));
  return fc
    .tuple(
      fc.subarray(
        fields.map((_, i) => i),
        { minLength: 1 },
      ),
      fc.tuple(...fields.map((f) => fc.record({ valid: f.valid, invalid: f.invalid, omit: fc.boolean() }))),
      fc.uniqueArray(
        fc
          .tuple(junkKey, oddText.map(j))
          .filter(([key]) => !fieldKeys.has(key) && key !== '__proto__' && key !== 'constructor'),
        { maxLength: 3, selector: ([key]) => key },
      ),
      // rare, so that most bodies get past the parser to the field checks
      fc.oneof({ weight: 7, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: protoEntries }),
    )
    .map(([bad, values, junk, proto]) => {
      const entries: [string, string][] = [];
      fields.forEach((field, i) => {
        const v = values[i]!;
        if (bad.includes(i)) {
          if (!(field.required && v.omit)) entries.push([field.key, v.invalid]);
        } else if (field.required || !v.omit) {
          entries.push([field.key, v.valid]);
        }
      });
      return `{${[...entries, ...junk, ...(proto ?? [])].map(([key, value]) => `${j(key)}:${value}`).join(',')}}`;
    });
}

/** Text that no JSON parser accepts (a byte-order mark in front does not rescue it either). */
const invalidJsonText = fc
  .oneof(
    fc.constantFrom(
      "{'text':'hi'}",
      '{"text":NaN}',
      '{"limit":Infinity}',
      '{"text":"hi",}',
      '{text:"hi"}',
      '/* c */{}',
      '{"text":"a\u0000b"}',
      '{"text":"\\x41"}',
      '{"a":1}}',
      '[',
      '{"a":',
      '\uFEFF\uFEFF{}',
      'undefined',
      '{"__proto__":',
    ),
    fc.jsonValue({ maxDepth: 3 }).chain((value) => {
      const text = j(value);
      return fc.nat({ max: Math.max(0, text.length - 1) }).map((cut) => text.slice(0, cut));
    }),
    fc.string({ maxLength: 60 }),
  )
  .filter((text) => {
    for (const candidate of [text, text.replace(/^\uFEFF/, '')]) {
      try {
        JSON.parse(candidate);
        return false;
      } catch {
        // not JSON: what we want
      }
    }
    return true;
  });

/** Content types the JSON routes have no parser for; the answer is 415 or a 400. */
const foreignContentType = fc.constantFrom(
  'application/x-www-form-urlencoded',
  'application/xml',
  'text/html',
  'application/octet-stream',
  'image/jpeg',
  'application/javascript',
  'text/csv',
  'application/x-json',
);

/** A body over the 1 MB JSON limit (413), built cheaply. */
const hugeJson = fc.integer({ min: 1024 * 1024, max: 1024 * 1024 + 4096 }).map((n) => `{"text":"${'a'.repeat(n)}"}`);

interface BodyOptions {
  fields: FieldSpec[];
  /** A body this route would accept: sent with a content type that does not carry JSON. */
  validBody: fc.Arbitrary<string>;
}

/** Every way a JSON body can be bad, with its content type. */
function badJsonBody({ fields, validBody }: BodyOptions): fc.Arbitrary<{ contentType: string; payload: string }> {
  const json = (
    payload: fc.Arbitrary<string>,
    contentType = fc.constantFrom('application/json', 'application/json; charset=utf-8'),
  ) => fc.record({ contentType, payload });
  return fc.oneof(
    { weight: 240, arbitrary: json(objectWithBadField(fields)) },
    { weight: 40, arbitrary: json(nonObjectJson) },
    { weight: 40, arbitrary: json(invalidJsonText) },
    { weight: 20, arbitrary: json(fc.constant('')) },
    { weight: 20, arbitrary: json(deepJson) },
    {
      weight: 40,
      arbitrary: fc.record({ contentType: fc.constant('text/plain'), payload: fc.oneof(validBody, oddText) }),
    },
    { weight: 40, arbitrary: fc.record({ contentType: foreignContentType, payload: fc.oneof(validBody, oddText) }) },
    { weight: heavy ? 20 : 1, arbitrary: json(hugeJson) },
  );
}

/* ---------- query strings ---------- */

interface QuerySpec {
  key: string;
  required: boolean;
  valid: fc.Arbitrary<string>;
  invalid: fc.Arbitrary<string | string[]>;
}

/** A query string with at least one bad parameter (missing, bad, or sent twice). */
function queryWithBadParam(params: QuerySpec[]): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.subarray(
        params.map((_, i) => i),
        { minLength: 1 },
      ),
      fc.tuple(...params.map((p) => fc.record({ valid: p.valid, invalid: p.invalid, omit: fc.boolean() }))),
      fc.uniqueArray(fc.tuple(junkKey, oddText), { maxLength: 2, selector: ([key]) => key }),
    )
    .map(([bad, values, junk]) => {
      const query = new URLSearchParams();
      params.forEach((param, i) => {
        const v = values[i]!;
        if (bad.includes(i)) {
          if (param.required && v.omit) return;
          for (const value of [v.invalid].flat()) query.append(param.key, value);
        } else if (param.required || !v.omit) {
          query.append(param.key, v.valid);
        }
      });
      const paramKeys = new Set(params.map((p) => p.key));
      for (const [key, value] of junk) if (!paramKeys.has(key)) query.append(key, value);
      return query.toString();
    });
}

/** A value sent twice arrives as an array, which no parameter accepts. */
const twice = (valid: fc.Arbitrary<string>) => fc.tuple(valid, valid).map(([a, b]) => [a, b]);

/** Raw query text with broken percent-encoding in place of a required value. */
const brokenPercent = fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0%AF', '%00', '%FF%FE', '%u0041', '%%', '%2');

const isValidOffset = (value: string) => /^[0-9]{1,6}$/.test(value) && Number(value) <= SEARCH_MAX_OFFSET;
const invalidOffset = fc
  .oneof(
    fc.integer({ max: -1 }).map(String),
    fc.integer({ min: SEARCH_MAX_OFFSET + 1 }).map(String),
    fc.double({ min: 0, max: SEARCH_MAX_OFFSET, noInteger: true }).map(String),
    fc.constantFrom('', ' ', '0x10', '1e3', '+5', '-0', '20 ', 'NaN', 'Infinity', 'twenty', '9007199254740993'),
    oddText,
  )
  .filter((s) => !isValidOffset(s));

const isValidLimit = (value: string) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= FEED_PAGE_SIZE;
};
const invalidLimit = fc
  .oneof(
    fc.integer({ max: 0 }).map(String),
    fc.integer({ min: FEED_PAGE_SIZE + 1 }).map(String),
    fc.double({ min: 1, max: FEED_PAGE_SIZE, noInteger: true }).map(String),
    fc.constantFrom(
      'NaN',
      'Infinity',
      '-Infinity',
      '1e3',
      '-1',
      '0',
      '',
      '5abc',
      '--1',
      '1,5',
      'ten',
      '25.5',
      '9007199254740993',
    ),
    oddText,
  )
  .filter((s) => !isValidLimit(s));

/** The exact shape of the cursors the feed hands out: base64url of "<ISO time with µs>|<id>". */
const API_CURSOR_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z\|[A-Za-z0-9_-]{1,64}$/;
const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const invalidCursor = fc.oneof(
  oddText.filter((s) => !ID_PATTERN.test(s) || s.length > 200),
  // well-formed base64url of text that is not a cursor this API made
  fc
    .oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom(
        '2000|x',
        '0|x',
        '1|x',
        'Tue, 01 Jan 2000|x',
        '2000-01-01|x',
        '2000-02-30T00:00:00.000000Z|x',
        '2000-13-01T00:00:00.000000Z|x',
        '0000-01-01T00:00:00.000000Z|x',
        '2000-01-01T25:00:00.000000Z|x',
        '2000-01-01T00:00:00.000000Z|',
        '2000-01-01T00:00:00.000000Z|bad id',
        '2000-01-01T00:00:00.000000Z',
        '|x',
        "2000-01-01T00:00:00.000000Z|x' OR '1'='1",
        '-infinity|x',
        'epoch|x',
        'now|x',
        'today|x',
        'allballs|x',
      ),
      fc
        .tuple(
          fc.date({ noInvalidDate: true }).map((d) => d.toString()),
          fc.stringMatching(/^[A-Za-z0-9_-]{1,10}$/),
        )
        .map(([d, id]) => `${d}|${id}`),
    )
    .filter((text) => !API_CURSOR_TEXT.test(text) || !isRealApiTime(text.slice(0, 27)))
    .map(base64url),
  // random base64url bytes
  fc.uint8Array({ minLength: 1, maxLength: 60 }).map((bytes) => Buffer.from(bytes).toString('base64url')),
);

/** A cursor time the feed could have written: a real instant between the years 1 and 9999. */
function isRealApiTime(text: string): boolean {
  const ms = Date.parse(text);
  return (
    Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 23) === text.slice(0, 23) && !text.startsWith('0000')
  );
}

/* ---------- multipart bodies ---------- */

const formFieldName = fc.oneof(
  fc.constantFrom(
    'selectedProducts',
    'uploadedProductImages',
    'userAnswers',
    'spaceType',
    'mode',
    'userNotes',
    'refinedNotes',
    'spaceImageUrl',
    'file',
    'image',
  ),
  fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !/["\r\n]/.test(s)),
);

/* ---------- the routes ---------- */

interface FuzzCase {
  name: string;
  /** Share of the inputs this route gets. */
  weight: number;
  /** Statuses that count as a fitting refusal here. */
  allowed: number[];
  /** Statuses the inputs must provoke at least once: proof that they reach past the first check. */
  provokes?: number[];
  /** Fields some 400 must name (in its details): proof that every field's check was reached. */
  names?: string[];
  build(world: World): fc.Arbitrary<BadRequest>;
}

/** Fitting refusals: bad input, unknown id, too large, unsupported type, path parameter too long. */
const REFUSED = [400, 404, 413, 414, 415];
/**
 * A write route with a per-person limit (modules/designs/design-write-limits.ts) refuses past it with 429: the
 * fuzz sends one account's and one address's bad requests far faster than a person, and those that pass the
 * schema count. A 429 writes nothing either, which the case's snapshot checks.
 */
const REFUSED_OR_LIMITED = [...REFUSED, 429];
/** Percent-encodes a path parameter; a lone surrogate (which no URL can carry) becomes U+FFFD first. */
const enc = (text: string) =>
  encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

function postWithBadBody(url: string | fc.Arbitrary<string>, options: BodyOptions): fc.Arbitrary<BadRequest> {
  const urls = typeof url === 'string' ? fc.constant(url) : url;
  return fc.tuple(urls, badJsonBody(options)).map(([u, body]) => ({ method: 'POST' as const, url: u, ...body }));
}

const modeField: FieldSpec = {
  key: 'mode',
  required: true,
  valid: fc.constantFrom(...MODES).map(j),
  invalid: fc.oneof(invalidMode.map(j), nonStringJson),
};

const aiSpaceTypeField: FieldSpec = {
  key: 'spaceType',
  required: true,
  valid: fc.constantFrom('outdoor', 'interior').map(j),
  invalid: fc.oneof(invalidAiSpaceType.map(j), nonStringJson),
};

/** A string field checked with nonBlank(max). */
const nonBlankField = (key: string, max: number, required: boolean): FieldSpec => ({
  key,
  required,
  valid: fc
    .string({ minLength: 1, maxLength: 40 })
    .filter((s) => s.trim().length > 0)
    .map(j),
  invalid: fc.oneof(blankText.map(j), tooLong(max).map(j), withNul.map(j), nonStringJson),
});

/** A field that names a stored picture: the world's own is good; one not ours, not stored, or not a string is not. */
const mediaUrlField = (world: World, key: string): FieldSpec => ({
  key,
  required: true,
  valid: fc.constant(j(world.mediaUrl)),
  invalid: fc.oneof(invalidMediaUrl(world).map(j), nonStringJson),
});

/** A render from a prompt as JSON (generate-design-image, render-jobs): a prompt, a space photo, and `more`. */
const promptRender = (world: World, url: string, more: FieldSpec): fc.Arbitrary<BadRequest> =>
  postWithBadBody(url, {
    fields: [
      {
        key: 'prompt',
        required: true,
        valid: fc.string({ maxLength: 40 }).map(j),
        invalid: fc.oneof(tooLong(NOTES_MAX_LENGTH).map(j), nonStringJson),
      },
      mediaUrlField(world, 'spaceImage'),
      more,
    ],
    validBody: fc.constant(j({ prompt: 'A calm room', spaceImage: world.mediaUrl })),
  });

/** A multipart form POSTed to `url`. */
const formPost = (url: string, parts: FormPart[]): BadRequest => {
  const body = multipartBody(parts);
  return { method: 'POST', url, contentType: body.contentType, payload: body.payload };
};

/** The same requests, sent by the signed-in fuzzing account (for routes that need one). */
const asAccount = (requests: fc.Arbitrary<BadRequest>) =>
  requests.map((request) => ({ ...request, cookie: 'account' as const }));

/** The username field of sign-up: bad when, trimmed and lower-cased, it is not 3–30 of a–z, 0–9 and _. */
const USERNAME = /^[a-z0-9_]{3,30}$/;
const isBadUsername = (text: string) => !USERNAME.test(text.trim().toLowerCase());
const usernameField: FieldSpec = {
  key: 'username',
  required: true,
  valid: fc.constantFrom('fuzz_person', 'abc_123').map(j),
  invalid: fc.oneof(
    fc.constantFrom('', '  ', 'ab', 'Has Space', 'dot.name', 'émile', 'a'.repeat(31)).map(j),
    oddText.filter(isBadUsername).map(j),
    withNul.map(j),
    nonStringJson,
  ),
};

/** A password of the wrong length (or no string at all); a good one is long and uncommon. */
const passwordField: FieldSpec = {
  key: 'password',
  required: true,
  valid: fc.constant(j('violet meadow under nine lamps')),
  invalid: fc.oneof(
    fc.string({ maxLength: PASSWORD_MIN_LENGTH - 1 }).map(j),
    tooLong(PASSWORD_MAX_LENGTH).map(j),
    nonStringJson,
  ),
};

/** Whether a body is a JSON object without displayName, bio or avatarUrl: a PATCH that changes nothing. */
function namesNoProfileField(payload: string | Buffer | undefined): boolean {
  try {
    const parsed: unknown = JSON.parse(String(payload));
    return (
      typeof parsed === 'object' &&
      parsed !== null &&
      !Array.isArray(parsed) &&
      !['displayName', 'bio', 'avatarUrl'].some((key) => Object.hasOwn(parsed, key))
    );
  } catch {
    return false;
  }
}

/** Sign-up, sign-in, profile edits and account deletion: every one refused before it writes. */
function accountCases(): FuzzCase[] {
  return [
    {
      name: `POST ${apiPaths.signUp}`,
      weight: 3,
      allowed: REFUSED,
      provokes: [400, 415],
      names: ['username', 'displayName', 'password'],
      build: () =>
        postWithBadBody(apiPaths.signUp, {
          fields: [usernameField, nonBlankField('displayName', DISPLAY_NAME_MAX_LENGTH, true), passwordField],
          validBody: fc.constant(
            j({ username: 'fuzz_person', displayName: 'Fuzz', password: 'violet meadow under nine lamps' }),
          ),
        }),
    },
    {
      name: `POST ${apiPaths.signIn}`,
      weight: 2,
      allowed: REFUSED,
      provokes: [400, 415],
      names: ['username', 'password'],
      build: () =>
        postWithBadBody(apiPaths.signIn, {
          fields: [
            {
              key: 'username',
              required: true,
              valid: fc.constant(j('fuzz_person')),
              invalid: fc.oneof(fc.constantFrom(j(''), j('   ')), tooLong(100).map(j), withNul.map(j), nonStringJson),
            },
            {
              key: 'password',
              required: true,
              valid: fc.constant(j('some password')),
              invalid: fc.oneof(fc.constant(j('')), tooLong(PASSWORD_MAX_LENGTH).map(j), nonStringJson),
            },
          ],
          validBody: fc.constant(j({ username: 'fuzz_person', password: 'some password' })),
        }),
    },
    {
      name: `PATCH ${apiPaths.me}`,
      weight: 3,
      allowed: REFUSED,
      provokes: [400, 415],
      names: ['displayName', 'bio', 'avatarUrl'],
      build: (world) =>
        asAccount(
          postWithBadBody(apiPaths.me, {
            fields: [
              nonBlankField('displayName', DISPLAY_NAME_MAX_LENGTH, false),
              {
                key: 'bio',
                required: false,
                valid: fc.string({ maxLength: 40 }).map(j),
                invalid: fc.oneof(
                  tooLong(BIO_MAX_LENGTH)
                    .filter((text) => text.trim().length > BIO_MAX_LENGTH || text.includes('\u0000'))
                    .map(j),
                  withNul.map(j),
                  nonStringJson,
                ),
              },
              {
                key: 'avatarUrl',
                required: false,
                valid: fc.constant(j(world.mediaUrl)),
                // a sample picture and another viewer's upload are not this account's uploads
                invalid: fc.oneof(
                  invalidMediaUrl(world).map(j),
                  nonStringJson,
                  fc.constantFrom(world.mediaUrl, world.foreignUploadUrl).map(j),
                ),
              },
            ],
            validBody: fc.constant(j({ bio: 'Hello' })),
          })
            // every field is optional: an object naming none of them (deep junk) is an empty, valid edit
            .filter((request) => !namesNoProfileField(request.payload))
            .map((request) => ({ ...request, method: 'PATCH' as const })),
        ),
    },
    {
      name: `DELETE ${apiPaths.me}`,
      weight: 1,
      allowed: REFUSED,
      provokes: [400, 415],
      names: ['confirmUsername'],
      build: (world) =>
        asAccount(
          postWithBadBody(apiPaths.me, {
            fields: [
              {
                key: 'confirmUsername',
                required: true,
                valid: fc.constant(j(`not-${world.accountId}`)),
                invalid: fc.oneof(tooLong(100).map(j), nonStringJson),
              },
            ],
            validBody: fc.constant(j({ confirmUsername: 'someone-else' })),
          }).map((request) => ({ ...request, method: 'DELETE' as const })),
        ),
    },
  ];
}

/** One of the AI text routes: a non-blank text field of its own plus spaceType. */
const aiTextCase = (route: string, url: string, field: string, max: number, validText: string): FuzzCase => ({
  name: `POST /api/ai/${route}`,
  weight: 4,
  allowed: REFUSED,
  provokes: [400, 415],
  names: [field, 'spaceType'],
  build: () =>
    postWithBadBody(url, {
      fields: [nonBlankField(field, max, true), aiSpaceTypeField],
      validBody: fc.constant(j({ [field]: validText, spaceType: 'interior' })),
    }),
});

/** A catalogue choice as the publish body takes it: an id and a quantity; the server reads the rest. */
const productChoiceOf = (ids: readonly string[]) =>
  fc.record({ id: fc.constantFrom(...ids), quantity: fc.integer({ min: 1, max: PRODUCT_QUANTITY_MAX }) });

/**
 * Forged product lists (decision 0023): unknown ids dressed as products, products of both modes at once
 * (one of them is always the other mode), one product listed twice, and quantities no catalogue
 * line can have. Names, prices and pictures sent alongside are never trusted, so they change nothing.
 */
const forgedProducts = (world: World) => {
  const choice = productChoiceOf(world.interiorProductIds);
  const forgedDress = fc.record({
    name: fc.constantFrom('Free sofa', 'Oak Chair', ''),
    price: fc.constantFrom(0, 0.01, -1, 1e9),
    brandId: fc.string({ maxLength: 10 }),
    imageUrl: fc.constant('/media/seed/products/none.webp'),
  });
  return fc.oneof(
    fc
      .tuple(fc.stringMatching(/^[a-z0-9-]{1,20}$/), forgedDress)
      .filter(([id]) => !world.knownIds.has(id))
      .map(([id, dress]) => [{ id, quantity: 1, ...dress }]),
    fc
      .tuple(fc.constantFrom(...world.interiorProductIds), fc.constantFrom(...world.landscapeProductIds))
      .map(([interior, landscape]) => [{ id: interior }, { id: landscape }]),
    fc.tuple(choice, forgedDress).map(([p, dress]) => [p, { ...p, ...dress }]),
    fc
      .tuple(choice, fc.constantFrom<unknown>(0, -1, PRODUCT_QUANTITY_MAX + 1, 1.5, '2', null, 1e12))
      .map(([p, quantity]) => [{ ...p, quantity }]),
    choice.map(({ id: _id, ...rest }) => [rest]),
    fc.constantFrom('x'.repeat(81), 'p\u0000', 7).map((id) => [{ id }]),
    choice.map((p) => Array.from({ length: DESIGN_PRODUCTS_MAX + 1 }, () => p)),
  );
};

/* ---------- path spellings ---------- */

/** Each mutation respells a path the way a check on the raw URL would misread (docs/security.md). */
const hex = (ch: string, upper: boolean) => {
  const code = `%${ch.charCodeAt(0).toString(16).padStart(2, '0')}`;
  return upper ? code.toUpperCase() : code;
};
type PathMutation = (path: string, at: number, upper: boolean) => string;
const pathMutations: PathMutation[] = [
  // percent-encode one character (a letter, a slash, a dot, a dash)
  (p, at, upper) => {
    const i = 1 + (at % Math.max(1, p.length - 1));
    return p.slice(0, i) + hex(p[i] ?? 'a', upper) + p.slice(i + 1);
  },
  // encode the % of an encoding again
  (p) => p.replace('%', '%25'),
  // another case
  (p, at) => {
    const i = 1 + (at % Math.max(1, p.length - 1));
    return p.slice(0, i) + p.slice(i).toUpperCase();
  },
  // doubled, back- or encoded slashes
  (p, at) => p.replace(/\//g, (slash, i: number) => (i === at % p.length ? '//' : slash)),
  (p) => `/${p}`,
  (p, at) => p.replace(/\//g, (slash, i: number) => (i > 0 && i % 3 === at % 3 ? '\\' : slash)),
  (p, _at, upper) => p.replace('/', upper ? '%2F' : '%2f'),
  // dot segments, plain and encoded
  (p) => p.replace('/api/', '/api/./'),
  (p) => p.replace('/api/', '/api/%2e/'),
  (p) => p.replace('/api/', '/api/x/../'),
  (p, _at, upper) => p.replace('/api/', `/api/..${upper ? '%2F' : '%2f'}`),
  // overlong UTF-8 for "/" and for "a", and a truncated sequence
  (p) => p.replace('/', '/%c0%af').replace('/%c0%af', '%c0%af'),
  (p) => p.replace('a', '%c1%a1'),
  (p) => p.replace('a', '%e0%81%a1'),
  (p) => `${p}%e0%a4`,
  // endings
  (p) => `${p}?`,
  (p) => `${p}#`,
  (p) => `${p};x`,
  (p) => `${p}%00`,
  (p) => `${p}%20`,
  (p) => `${p}/`,
];

const pathSpelling = (world: World): fc.Arbitrary<BadRequest> =>
  fc
    .record({
      route: fc.constantFrom(...world.gatedRoutes),
      id: fc.constantFrom(...world.designIds, 'u-1', 'p-1'),
      steps: fc.array(
        fc.record({
          mutation: fc.integer({ min: 0, max: pathMutations.length - 1 }),
          at: fc.nat(200),
          upper: fc.boolean(),
        }),
        { minLength: 1, maxLength: 4 },
      ),
      cookie: fc.constantFrom('none' as const, 'forged' as const),
    })
    .map(({ route, id, steps, cookie }) => {
      const [method, pattern] = route.split(' ') as [Method, string];
      let url = pattern.replace(/:[A-Za-z]+/g, id);
      for (const step of steps) url = pathMutations[step.mutation]!(url, step.at, step.upper);
      return { method, url, cookie };
    });

/** A search's own parameters: any short text is a fair search, only missing, over-long or repeated ones are bad. */
const searchParams: QuerySpec[] = [
  {
    key: 'q',
    required: true,
    valid: oddText.filter((s) => s.length <= SEARCH_QUERY_MAX_LENGTH && !s.includes('\u0000')),
    invalid: fc.oneof(tooLong(SEARCH_QUERY_MAX_LENGTH), withNul, twice(fc.constant('sofa'))),
  },
  {
    key: 'mode',
    required: true,
    valid: fc.constantFrom(...MODES),
    invalid: fc.oneof(invalidMode, twice(fc.constantFrom(...MODES))),
  },
];

function cases(): FuzzCase[] {
  const idRoute = (name: string, method: Method, path: (id: string) => string, weight = 4): FuzzCase => ({
    name,
    weight,
    allowed: REFUSED,
    provokes: [400, 404, 414],
    names: ['id'],
    build: (world) =>
      fc.oneof(
        { weight: 9, arbitrary: invalidId(world).map((id) => ({ method, url: path(enc(id)) })) },
        { weight: 1, arbitrary: brokenPercent.map((raw) => ({ method, url: path(`x${raw}`) })) },
      ),
  });
  /** The Following and Saved pages: the signed-in account's, keyset-paged like the feed. */
  const designPageRoute = (path: string): FuzzCase => ({
    name: `GET ${path}?limit=&cursor=`,
    weight: 3,
    allowed: REFUSED,
    names: ['limit', 'cursor'],
    build: (world) =>
      fc.oneof(
        queryWithBadParam([
          {
            key: 'limit',
            required: false,
            valid: fc.integer({ min: 1, max: FEED_PAGE_SIZE }).map(String),
            invalid: fc.oneof(invalidLimit, twice(fc.constant('5'))),
          },
          {
            key: 'cursor',
            required: false,
            valid: fc.constant(world.cursor),
            invalid: fc.oneof(invalidCursor, twice(fc.constant(world.cursor))),
          },
        ]).map((q) => ({ method: 'GET' as const, url: q ? `${path}?${q}` : path, cookie: 'account' as const })),
        brokenPercent.map((raw) => ({
          method: 'GET' as const,
          url: `${path}?limit=${raw}`,
          cookie: 'account' as const,
        })),
      ),
  });
  const modeOnlyRoute = (path: string): FuzzCase => ({
    name: `GET ${path}?mode=`,
    weight: 3,
    allowed: REFUSED,
    names: ['mode'],
    build: () =>
      fc.oneof(
        queryWithBadParam([
          {
            key: 'mode',
            required: true,
            valid: fc.constantFrom(...MODES),
            invalid: fc.oneof(invalidMode, twice(fc.constantFrom(...MODES))),
          },
        ]).map((q) => ({ method: 'GET' as const, url: q ? `${path}?${q}` : path })),
        brokenPercent.map((raw) => ({ method: 'GET' as const, url: `${path}?mode=${raw}` })),
      ),
  });

  return [
    {
      // no session: whatever the spelling, the gate answers (401) or no route matches (404)
      name: 'path spellings of every gated API route',
      weight: 6,
      allowed: [401, 404],
      provokes: [401, 404],
      build: pathSpelling,
    },
    {
      name: 'POST /api/gate',
      // enough wrong passwords on one address to reach the limit, however many other routes share the inputs
      weight: 6,
      allowed: [400, 401, 413, 415, 429],
      provokes: [400, 401, 415, 429],
      names: ['password'],
      build: (world) =>
        fc
          .tuple(
            badJsonBody({
              fields: [
                {
                  key: 'password',
                  required: true,
                  valid: fc.constant(j(world.password)),
                  invalid: fc.oneof(
                    fc.constant(j('')),
                    tooLong(200).map(j),
                    nonStringJson,
                    oddText
                      .filter(
                        (s) => s.length >= 1 && s.length <= 200 && s.toLowerCase() !== world.password.toLowerCase(),
                      )
                      .map(j),
                  ),
                },
              ],
              validBody: fc.constant(j({ password: world.password })),
            }),
            // the gate counts wrong passwords per address: a few addresses see both 401 and 429
            fc.constantFrom('10.0.0.1', '10.0.0.2', '10.0.0.3', '2001:db8::7'),
          )
          .map(([body, remoteAddress]) => ({ method: 'POST' as const, url: apiPaths.gate, ...body, remoteAddress })),
    },
    {
      name: 'GET /api/designs?mode=&limit=&cursor=',
      weight: 8,
      allowed: REFUSED,
      names: ['mode', 'limit', 'cursor'],
      build: (world) =>
        fc.oneof(
          queryWithBadParam([
            {
              key: 'mode',
              required: true,
              valid: fc.constantFrom(...MODES),
              invalid: fc.oneof(invalidMode, twice(fc.constantFrom(...MODES))),
            },
            {
              key: 'limit',
              required: false,
              valid: fc.integer({ min: 1, max: FEED_PAGE_SIZE }).map(String),
              invalid: fc.oneof(invalidLimit, twice(fc.constant('5'))),
            },
            {
              key: 'cursor',
              required: false,
              valid: fc.constant(world.cursor),
              invalid: fc.oneof(invalidCursor, twice(fc.constant(world.cursor))),
            },
          ]).map((q) => ({ method: 'GET' as const, url: q ? `${apiPaths.designs}?${q}` : apiPaths.designs })),
          brokenPercent.map((raw) => ({
            method: 'GET' as const,
            url: `${apiPaths.designs}?mode=interior&limit=${raw}`,
          })),
        ),
    },
    {
      name: 'POST /api/designs',
      weight: 10,
      allowed: REFUSED_OR_LIMITED,
      provokes: [400, 415],
      names: [
        'title',
        'caption',
        'beforeImageUrl',
        'afterImageUrl',
        'selectedProducts',
        'ownItems',
        'userAnswers',
        'spaceType',
        'mode',
        'originalDesignId',
        'isRegenerated',
        'videoUrl',
      ],
      build: (world) => {
        const mediaUrl: Omit<FieldSpec, 'key' | 'required'> = {
          valid: fc.constant(j(world.mediaUrl)),
          invalid: fc.oneof(
            invalidMediaUrl(world).map(j),
            nonStringJson.filter((t) => t !== 'null'),
            // stored here, but another viewer's upload: never this viewer's picture
            fc.constant(j(world.foreignUploadUrl)),
          ),
        };
        const fields: FieldSpec[] = [
          nonBlankField('title', TITLE_MAX_LENGTH, true),
          {
            key: 'caption',
            required: false,
            valid: fc.string({ maxLength: 60 }).map(j),
            invalid: fc.oneof(tooLong(CAPTION_MAX_LENGTH).map(j), withNul.map(j), nonStringJson),
          },
          { key: 'beforeImageUrl', required: false, ...mediaUrl },
          { key: 'afterImageUrl', required: true, ...mediaUrl },
          {
            key: 'selectedProducts',
            required: false,
            valid: fc
              .uniqueArray(productChoiceOf(world.interiorProductIds), { maxLength: 3, selector: (p) => p.id })
              .map(j),
            invalid: fc.oneof(nonArrayJson, forgedProducts(world).map(j)),
          },
          {
            key: 'ownItems',
            required: false,
            valid: fc.constant(j([])),
            invalid: fc.oneof(
              nonArrayJson,
              // someone else's upload, a sample picture (not an upload), a file never stored, not /media/
              fc
                .constantFrom(
                  world.foreignUploadUrl,
                  world.mediaUrl,
                  '/media/uploads/00/never.webp',
                  'https://x.example/a.jpg',
                )
                .map((url) => j([{ url, name: 'Mine' }])),
              fc.constant(j([{ name: 'No photo' }])),
              withNul.map((name) => j([{ url: world.mediaUrl, name }])),
              fc.constant(j(Array.from({ length: DESIGN_OWN_ITEMS_MAX + 1 }, () => ({ url: world.mediaUrl })))),
            ),
          },
          {
            key: 'userAnswers',
            required: false,
            valid: fc
              .dictionary(
                fc.string({ maxLength: 10 }).filter((k) => k !== '__proto__'),
                fc.string({ maxLength: 20 }),
                { maxKeys: 3 },
              )
              .map(j),
            invalid: fc.oneof(
              nonObjectJson,
              fc.constant(j({ style: 7 })),
              fc.constant(j({ style: ['a'] })),
              fc.constant(j({ style: null })),
              withNul.map((v) => j({ style: v })),
              withNul.map((k) => j({ [k]: 'x' })),
              tooLong(200).map((v) => j({ style: v })),
              tooLong(64).map((k) => j({ [k]: 'x' })),
            ),
          },
          {
            key: 'spaceType',
            required: false,
            valid: fc.string({ maxLength: 20 }).map(j),
            invalid: fc.oneof(tooLong(60).map(j), withNul.map(j), nonStringJson),
          },
          modeField,
          {
            key: 'originalDesignId',
            required: false,
            valid: fc.constantFrom(...world.designIds).map(j),
            invalid: fc.oneof(
              invalidId(world).map(j),
              nonStringJson.filter((t) => t !== 'null'),
            ),
          },
          { key: 'isRegenerated', required: false, valid: fc.boolean().map(j), invalid: nonBooleanJson },
          { key: 'videoUrl', required: false, ...mediaUrl },
        ];
        const validBody = fc.constant(j({ title: 'A room', afterImageUrl: world.mediaUrl, mode: 'interior' }));
        // publishing needs an account: signed out, every request would stop at 401
        return asAccount(postWithBadBody(apiPaths.designs, { fields, validBody }));
      },
    },
    idRoute('GET /api/designs/:id', 'GET', (id) => `${apiPaths.designs}/${id}`),
    {
      name: 'PUT and DELETE /api/designs/:id/like',
      weight: 8,
      allowed: REFUSED_OR_LIMITED,
      provokes: [400, 404, 414, 415],
      names: ['id'],
      build: (world) =>
        fc.oneof(
          fc
            .tuple(fc.constantFrom<Method>('PUT', 'DELETE'), invalidId(world))
            .map(([method, id]) => ({ method, url: `${apiPaths.designs}/${enc(id)}/like` })),
          // a known design, but a body that cannot be read: refused before anything is written
          fc
            .tuple(
              fc.constantFrom<Method>('PUT', 'DELETE'),
              fc.constantFrom(...world.designIds),
              fc.oneof(
                fc.record({
                  contentType: fc.constant('application/json'),
                  payload: fc.oneof(invalidJsonText, fc.constant('')),
                }),
                fc.record({ contentType: foreignContentType, payload: oddText }),
              ),
            )
            .map(([method, id, body]) => ({ method, url: apiPaths.designLike(id), ...body })),
        ),
    },
    {
      // an author's edit and delete (docs/product.md §7): bad words on any design, or a design that is not there
      name: 'PATCH and DELETE /api/designs/:id',
      weight: 3,
      // words that pass the rules, on a design someone else wrote: refused as not theirs, nothing written
      allowed: [...REFUSED_OR_LIMITED, 403],
      provokes: [400, 404, 415],
      names: ['title', 'caption'],
      build: (world) =>
        fc.oneof(
          {
            weight: 6,
            arbitrary: asAccount(
              fc
                .tuple(
                  fc.constantFrom(...world.designIds),
                  badJsonBody({
                    fields: [
                      nonBlankField('title', TITLE_MAX_LENGTH, false),
                      // a blank caption is a caption taken away, so only its length and its characters can be bad
                      {
                        key: 'caption',
                        required: false,
                        valid: fc.string({ maxLength: 40 }).map(j),
                        invalid: fc.oneof(tooLong(CAPTION_MAX_LENGTH).map(j), withNul.map(j), nonStringJson),
                      },
                    ],
                    validBody: fc.constant(j({ title: 'A new title' })),
                  }),
                )
                .map(([id, body]) => ({ method: 'PATCH' as const, url: `${apiPaths.designs}/${id}`, ...body })),
            ),
          },
          {
            weight: 4,
            arbitrary: asAccount(
              fc.tuple(fc.constantFrom<Method>('PATCH', 'DELETE'), invalidId(world)).map(([method, id]) => ({
                method,
                url: `${apiPaths.designs}/${enc(id)}`,
                ...(method === 'PATCH'
                  ? { contentType: 'application/json', payload: j({ title: 'A new title' }) }
                  : {}),
              })),
            ),
          },
        ),
    },
    idRoute('GET /api/designs/:id/comments', 'GET', (id) => `${apiPaths.designs}/${id}/comments`, 3),
    idRoute('GET /api/designs/:id/remixes', 'GET', (id) => `${apiPaths.designs}/${id}/remixes`, 3),
    {
      name: 'POST /api/designs/:id/comments',
      weight: 10,
      allowed: REFUSED_OR_LIMITED,
      provokes: [400, 404, 415],
      names: ['name', 'text'],
      build: (world) =>
        fc.oneof(
          {
            weight: 4,
            arbitrary: asAccount(
              postWithBadBody(fc.constantFrom(...world.designIds).map(apiPaths.designComments), {
                fields: [
                  nonBlankField('name', COMMENT_NAME_MAX_LENGTH, false),
                  nonBlankField('text', COMMENT_TEXT_MAX_LENGTH, true),
                ],
                validBody: fc.constant(j({ name: 'Ann', text: 'Lovely room' })),
              }),
            ),
          },
          // a good comment for a design that does not exist
          {
            weight: 1,
            arbitrary: invalidId(world).map((id) => ({
              method: 'POST' as const,
              url: `${apiPaths.designs}/${enc(id)}/comments`,
              contentType: 'application/json',
              payload: j({ name: 'Ann', text: 'Lovely room' }),
              cookie: 'account' as const,
            })),
          },
        ),
    },
    {
      name: 'GET /api/designs/live?mode=',
      weight: 2,
      allowed: REFUSED,
      names: ['mode'],
      build: () =>
        queryWithBadParam([
          {
            key: 'mode',
            required: true,
            valid: fc.constantFrom(...MODES),
            invalid: fc.oneof(invalidMode, twice(fc.constantFrom(...MODES))),
          },
        ]).map((q) => ({ method: 'GET' as const, url: q ? `${apiPaths.designsLive}?${q}` : apiPaths.designsLive })),
    },
    ...accountCases(),
    idRoute('GET /api/users/:id', 'GET', (id) => `/api/users/${id}`, 3),
    idRoute('GET /api/users/:id/designs', 'GET', (id) => `/api/users/${id}/designs`, 3),
    {
      name: 'PUT and DELETE /api/users/:id/follow',
      weight: 6,
      allowed: REFUSED_OR_LIMITED,
      provokes: [400, 404, 414],
      names: ['id'],
      build: (world) =>
        fc.oneof(
          {
            weight: 9,
            arbitrary: fc
              .tuple(fc.constantFrom<Method>('PUT', 'DELETE'), invalidId(world))
              .map(([method, id]) => ({ method, url: `/api/users/${enc(id)}/follow`, cookie: 'account' as const })),
          },
          // following oneself
          {
            weight: 1,
            arbitrary: fc
              .constantFrom<Method>('PUT', 'DELETE')
              .map((method) => ({ method, url: apiPaths.userFollow(world.accountId), cookie: 'account' as const })),
          },
        ),
    },
    {
      name: 'PUT and DELETE /api/designs/:id/save',
      weight: 6,
      allowed: REFUSED_OR_LIMITED,
      provokes: [400, 404, 414],
      names: ['id'],
      build: (world) =>
        fc
          .tuple(fc.constantFrom<Method>('PUT', 'DELETE'), invalidId(world))
          .map(([method, id]) => ({ method, url: `${apiPaths.designs}/${enc(id)}/save`, cookie: 'account' as const })),
    },
    {
      // a checkout: every request is refused before an order, a line or a ledger row is written
      name: `POST ${apiPaths.orders}`,
      weight: 4,
      allowed: [...REFUSED, 409],
      provokes: [400, 415],
      names: ['idempotencyKey', 'lines'],
      build: () =>
        asAccount(
          postWithBadBody(apiPaths.orders, {
            fields: [
              {
                key: 'idempotencyKey',
                required: true,
                valid: fc.constant(j('fuzz-checkout-0000001')),
                invalid: fc.oneof(
                  fc
                    .constantFrom('', 'short', 'has space in it here', 'x'.repeat(101), 'dots.are.not.allowed.here')
                    .map(j),
                  withNul.map(j),
                  nonStringJson,
                ),
              },
              {
                key: 'lines',
                required: true,
                valid: fc.constant(j([{ productId: 'p-fuzz-unknown', quantity: 1, unitPriceCents: 100 }])),
                invalid: fc.oneof(
                  fc
                    .constantFrom<unknown>(
                      [],
                      {},
                      'lines',
                      [{ productId: 'p-fuzz-unknown', quantity: 1, unitPriceCents: 100 }],
                      [{ productId: 'p-x', quantity: 0, unitPriceCents: 100 }],
                      [{ productId: 'p-x', quantity: -3, unitPriceCents: 100 }],
                      [{ productId: 'p-x', quantity: 1.5, unitPriceCents: 100 }],
                      [{ productId: 'p-x', quantity: 100, unitPriceCents: 100 }],
                      [{ productId: 'p-x', quantity: 1, unitPriceCents: -1 }],
                      [{ productId: 'p-x', quantity: 1, unitPriceCents: '1.00' }],
                      [{ productId: 'bad id!', quantity: 1, unitPriceCents: 1 }],
                      [{ productId: 'p-x', quantity: 1, unitPriceCents: 1, designId: 'd-fuzz-unknown' }],
                      Array.from({ length: 51 }, () => ({ productId: 'p-x', quantity: 1, unitPriceCents: 1 })),
                    )
                    .map(j),
                  nonStringJson,
                ),
              },
            ],
            validBody: fc.constant(
              j({
                idempotencyKey: 'fuzz-checkout-0000001',
                lines: [{ productId: 'p-x', quantity: 1, unitPriceCents: 1 }],
              }),
            ),
          }),
        ),
    },
    {
      name: 'POST /api/orders/:id/cancel',
      weight: 2,
      allowed: REFUSED,
      provokes: [400, 404],
      names: ['id'],
      build: (world) =>
        invalidId(world).map((id) => ({
          method: 'POST' as const,
          url: `${apiPaths.orders}/${enc(id)}/cancel`,
          cookie: 'account' as const,
        })),
    },
    designPageRoute(apiPaths.designsFollowing),
    designPageRoute(apiPaths.meSaved),
    {
      name: 'GET /api/notifications/live?lastEventId=',
      weight: 1,
      allowed: REFUSED,
      names: ['lastEventId'],
      // never a valid request: a valid one would open a stream that does not end
      build: () =>
        queryWithBadParam([
          {
            key: 'lastEventId',
            required: false,
            valid: fc.constant('n-01'),
            invalid: fc.oneof(tooLong(200), twice(fc.constant('n-01'))),
          },
        ]).map((q) => ({ method: 'GET' as const, url: `${apiPaths.notificationsLive}?${q}` })),
    },
    modeOnlyRoute(apiPaths.brands),
    {
      name: 'GET /api/products?mode=&brand=',
      weight: 4,
      allowed: REFUSED,
      names: ['mode', 'brand'],
      build: (world) =>
        queryWithBadParam([
          {
            key: 'mode',
            required: true,
            valid: fc.constantFrom(...MODES),
            invalid: fc.oneof(invalidMode, twice(fc.constantFrom(...MODES))),
          },
          // a well-formed unknown brand is a fair question with an empty answer: only malformed brands are bad
          {
            key: 'brand',
            required: false,
            valid: fc.constantFrom(...[...world.knownIds].slice(0, 20)),
            invalid: fc.oneof(
              oddText.filter((s) => !ID_PATTERN.test(s) || s.length > 64),
              fc.stringMatching(/^[A-Za-z0-9_-]{65,100}$/),
              twice(fc.constant('b')),
            ),
          },
        ]).map((q) => ({ method: 'GET' as const, url: q ? `${apiPaths.products}?${q}` : apiPaths.products })),
    },
    idRoute('GET /api/products/:id', 'GET', (id) => `/api/products/${id}`, 3),
    modeOnlyRoute(apiPaths.questions),
    modeOnlyRoute(apiPaths.templates),
    modeOnlyRoute(apiPaths.spaces),
    {
      name: 'GET /api/search?q=&mode=',
      weight: 5,
      allowed: REFUSED,
      names: ['q', 'mode'],
      build: () =>
        queryWithBadParam(searchParams).map((q) => ({
          method: 'GET' as const,
          url: q ? `${apiPaths.search}?${q}` : apiPaths.search,
        })),
    },
    ...SEARCH_LISTS.map((list) => ({
      name: `GET ${apiPaths.searchList(list)}?q=&mode=&offset=`,
      weight: 2,
      allowed: REFUSED,
      names: ['q', 'mode', 'offset'],
      build: () =>
        queryWithBadParam([
          ...searchParams,
          {
            key: 'offset',
            required: true,
            valid: fc.integer({ min: 0, max: SEARCH_MAX_OFFSET }).map(String),
            invalid: fc.oneof(invalidOffset, twice(fc.constant('20'))),
          },
        ]).map((q) => ({ method: 'GET' as const, url: `${apiPaths.searchList(list)}${q ? `?${q}` : ''}` })),
    })),
    {
      name: 'POST /api/uploads (anything but a good multipart file)',
      weight: 4,
      allowed: REFUSED,
      provokes: [400, 415],
      build: () =>
        fc
          .oneof(
            fc.record({
              contentType: fc.oneof(fc.constant('application/json'), fc.constant('text/plain'), foreignContentType),
              payload: fc.oneof(oddText, nonObjectJson, invalidJsonText, fc.constant(j({ file: 'x' }))),
            }),
            // a form without a file, with the file under another name, an empty file, or bytes that are no image
            fc
              .tuple(
                fc.array(fc.record({ name: formFieldName, value: oddText.filter((s) => s.length < 2000) }), {
                  maxLength: 3,
                }),
                fc.option(
                  fc.record({
                    name: fc.constantFrom('file', 'image', 'upload', 'files[]'),
                    data: fc.uint8Array({ maxLength: 512 }).filter((b) => !looksLikeAnImage(b)),
                  }),
                ),
              )
              .map(([fields, file]) => {
                const parts: FormPart[] = [...fields];
                if (file)
                  parts.push({
                    name: file.name,
                    filename: 'photo.jpg',
                    contentType: 'image/jpeg',
                    data: Buffer.from(file.data),
                  });
                const body = multipartBody(parts);
                return { contentType: body.contentType, payload: body.payload };
              }),
            fc.record({
              contentType: fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=x'),
              payload: oddText,
            }),
          )
          .map((body) => ({ method: 'POST' as const, url: apiPaths.uploads, ...body })),
    },
    aiTextCase('improve-design-notes', apiPaths.improveDesignNotes, 'notes', NOTES_MAX_LENGTH, 'A bright room'),
    aiTextCase('improve-caption', apiPaths.improveCaption, 'caption', CAPTION_MAX_LENGTH, 'My room'),
    {
      name: 'POST /api/ai/generate-design-image (JSON and form)',
      weight: 6,
      allowed: REFUSED,
      provokes: [400, 415],
      names: ['prompt', 'spaceImage', 'additionalPhotos', 'selectedProducts', 'userAnswers', 'mode'],
      build: (world) =>
        fc.oneof(
          {
            weight: 3,
            arbitrary: promptRender(world, apiPaths.generateDesignImage, {
              key: 'additionalPhotos',
              required: false,
              valid: fc.constant(j([world.mediaUrl])),
              invalid: fc.oneof(
                nonArrayJson,
                invalidMediaUrl(world).map((url) => j([world.mediaUrl, url])),
                fc.constant(j(Array.from({ length: 21 }, () => world.mediaUrl))),
              ),
            }),
          },
          // the create flow's form, never with a usable space photo
          {
            weight: 2,
            arbitrary: fc
              .tuple(
                fc.uniqueArray(
                  fc.record({
                    name: formFieldName.filter((n) => n !== 'image' && n !== 'file'),
                    value: oddText.filter((s) => s.length < 2000),
                  }),
                  {
                    maxLength: 5,
                    selector: (f) => f.name,
                  },
                ),
                fc.option(invalidMediaUrl(world)),
              )
              .map(([fields, spaceImageUrl]) => {
                const parts: FormPart[] = fields.filter((f) => f.name !== 'spaceImageUrl');
                if (spaceImageUrl !== null) parts.push({ name: 'spaceImageUrl', value: spaceImageUrl });
                return formPost(apiPaths.generateDesignImage, parts);
              }),
          },
        ),
    },
    {
      name: 'POST /api/ai/recomposite-design',
      weight: 3,
      allowed: REFUSED,
      provokes: [400, 415],
      names: ['spaceImageUrl', 'placements', 'selectedProducts', 'mode'],
      build: (world) => {
        const placement = { productId: 'p-1', box: { x: 0, y: 0, width: 10, height: 10 } };
        return postWithBadBody(apiPaths.recompositeDesign, {
          fields: [
            mediaUrlField(world, 'spaceImageUrl'),
            {
              key: 'placements',
              required: true,
              valid: fc.constant(j([])),
              invalid: fc.oneof(
                nonArrayJson,
                fc.constant(j([{ ...placement, box: { ...placement.box, x: -1 } }])),
                fc.constant(j([{ ...placement, box: { ...placement.box, width: 0 } }])),
                fc.constant(j([{ ...placement, productId: '' }])),
                fc.constant(j(Array.from({ length: 71 }, () => placement))),
              ),
            },
            {
              key: 'selectedProducts',
              required: true,
              valid: fc.constant(j([])),
              invalid: nonArrayJson,
            },
            modeField,
          ],
          validBody: fc.constant(
            j({ spaceImageUrl: world.mediaUrl, placements: [], selectedProducts: [], mode: 'interior' }),
          ),
        });
      },
    },
    {
      name: 'POST /api/render-jobs (JSON and form)',
      weight: 4,
      allowed: REFUSED,
      provokes: [400, 415],
      names: ['prompt', 'spaceImage', 'variations'],
      build: (world) =>
        fc.oneof(
          {
            weight: 3,
            arbitrary: promptRender(world, apiPaths.renderJobs, {
              key: 'variations',
              required: false,
              valid: fc.integer({ min: 1, max: 4 }).map(j),
              invalid: fc.oneof(
                fc.constantFrom(0, 5, -1, 2.5, 1e9).map(j),
                fc.string({ maxLength: 3 }).map(j),
                nonArrayJson.filter((v) => !/^\d$/.test(v)),
              ),
            }),
          },
          // the create flow's form: never a usable space photo, or a bad number of variations
          {
            weight: 2,
            arbitrary: fc
              .tuple(
                fc.option(invalidMediaUrl(world)),
                fc.oneof(
                  fc.constantFrom('0', '5', 'two', '1.5', ' '),
                  oddText.filter((v) => !/^\s*[1-4]\s*$/.test(v)),
                ),
              )
              .map(([spaceImageUrl, variations]) => {
                const parts: FormPart[] = [
                  { name: 'mode', value: 'interior' },
                  { name: 'variations', value: variations },
                ];
                if (spaceImageUrl !== null) parts.push({ name: 'spaceImageUrl', value: spaceImageUrl });
                return formPost(apiPaths.renderJobs, parts);
              }),
          },
        ),
    },
    {
      name: 'GET /api/render-jobs/:id',
      weight: 1,
      allowed: REFUSED,
      provokes: [400, 404],
      names: ['id'],
      build: (world) =>
        invalidId(world).map((id) => ({ method: 'GET' as const, url: `${apiPaths.renderJobs}/${enc(id)}` })),
    },
    {
      name: 'POST /api/render-jobs/:id/cancel',
      weight: 1,
      allowed: REFUSED,
      provokes: [400, 404],
      names: ['id'],
      build: (world) =>
        invalidId(world).map((id) => ({ method: 'POST' as const, url: `${apiPaths.renderJobs}/${enc(id)}/cancel` })),
    },
    {
      name: 'GET /api/render-jobs/:id/events',
      weight: 1,
      allowed: REFUSED,
      provokes: [400, 404],
      names: ['id'],
      build: (world) =>
        invalidId(world).map((id) => ({ method: 'GET' as const, url: `${apiPaths.renderJobs}/${enc(id)}/events` })),
    },
    {
      name: 'any route without a session',
      weight: 3,
      allowed: [401],
      provokes: [401],
      build: (world) =>
        fc
          .tuple(
            fc.constantFrom<[Method, string]>(
              ['GET', apiPaths.me],
              ['GET', `${apiPaths.designs}?mode=interior`],
              ['POST', apiPaths.designs],
              ['PUT', apiPaths.designLike(world.designIds[0]!)],
              ['DELETE', apiPaths.designLike(world.designIds[0]!)],
              ['POST', apiPaths.designComments(world.designIds[0]!)],
              ['GET', apiPaths.notifications],
              ['POST', apiPaths.uploads],
              ['POST', apiPaths.improveCaption],
              ['POST', apiPaths.generateDesignImage],
            ),
            fc.constantFrom<'none' | 'forged'>('none', 'forged'),
            fc.oneof(
              fc.constant(
                j({
                  title: 'A room',
                  afterImageUrl: world.mediaUrl,
                  mode: 'interior',
                  name: 'Ann',
                  text: 'Lovely',
                  caption: 'x',
                  spaceType: 'interior',
                }),
              ),
              oddText.map(j),
            ),
          )
          .map(([[method, url], cookie, payload]) => ({
            method,
            url,
            cookie,
            ...(method === 'GET' ? {} : { contentType: 'application/json', payload }),
          })),
    },
  ];
}

/** JPEG, PNG, WebP, GIF and SVG/HTML openings: junk "files" must not be real images by chance. */
function looksLikeAnImage(bytes: Uint8Array): boolean {
  const b = Buffer.from(bytes);
  return (
    b.length === 0 ||
    (b[0] === 0xff && b[1] === 0xd8) ||
    b.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47])) ||
    b.subarray(0, 4).toString('latin1') === 'RIFF'
  );
}

/* ---------- the test ---------- */

/** Routes that take no input at all: nothing about them can be bad. */
const ROUTES_WITHOUT_INPUT = [
  'GET /api/health',
  'GET /api/me',
  'GET /api/me/export',
  'POST /api/auth/sign-out',
  'POST /api/auth/sign-out-everywhere',
  'GET /api/notifications',
  'GET /api/notifications/unread',
  'POST /api/notifications/read',
  'GET /api/orders',
  'GET /api/me/earnings',
];

/** "PUT and DELETE /api/designs/:id/like" names two routes. */
function routesNamedBy(caseName: string): string[] {
  const match = /^((?:GET|POST|PUT|PATCH|DELETE)(?: and (?:GET|POST|PUT|PATCH|DELETE))*) (\/[^?\s]*)/.exec(caseName);
  return match ? match[1]!.split(' and ').map((method) => `${method} ${match[2]}`) : [];
}

/** Every route the server registered, as "METHOD /path" (HEAD aside), from the route table app.ts records. */
function registeredRoutes(app: TestApp['app']): string[] {
  return app.routeTable.filter((route) => route.method !== 'HEAD').map((route) => `${route.method} ${route.url}`);
}

const allCases = cases();
const totalWeight = allCases.reduce((sum, c) => sum + c.weight, 0);
const runsOf = (c: FuzzCase) => Math.ceil((TOTAL_INPUTS * c.weight) / totalWeight);

const describeRequest = (r: BadRequest) => {
  const payload =
    r.payload === undefined
      ? ''
      : ` body(${r.contentType ?? '-'}, ${r.payload.length} B): ${String(r.payload).slice(0, 300)}`;
  return `${r.method} ${r.url.slice(0, 300)}${payload}`;
};

describe.each<DbKind>(['pglite'])('bad input is refused and writes nothing (%s)', (kind) => {
  let t: TestApp;
  let world: World;
  let viewerCookie: string;
  let accountCookie: string;
  let aiSession = { cookie: '', used: 0, address: '' };
  let aiSessionsOpened = 0;
  let before: WriteSnapshot;
  const prototypeKeysBefore = Object.getOwnPropertyNames(Object.prototype).sort();
  const tried = new Map<string, Map<number, number>>();
  let started = 0;

  beforeAll(async () => {
    // the fuzz sends one account's bad uploads far faster than a person: each must reach the checks of the file
    t = await createTestApp({ kind, seed: true, env: { UPLOADS_PER_TEN_MINUTES: '1000000' } });
    viewerCookie = await t.unlock();
    const account = await insertAccount(t.database.db);
    accountCookie = await signedInCookie(t, t.database.db, account.id);
    const ids = (
      (await t.database.db.execute(sql`
      select id from users union all select id from designs union all select id from brands union all
      select id from products union all select id from design_comments union all select id from notifications union all
      select id from templates union all select id from spaces union all select id from quiz_questions`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    const media = (
      (await t.database.db.execute(sql`select key from media_files`)) as unknown as { rows: { key: string }[] }
    ).rows;
    const productRows = (
      (await t.database.db.execute(sql`select id, mode from products`)) as unknown as {
        rows: { id: string; mode: string }[];
      }
    ).rows;
    const foreignUploadUrl = await uploadImage(t.app, await t.unlock());
    const feed = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.designs}?mode=interior&limit=1`,
      headers: { cookie: viewerCookie },
    });
    const firstPage = feedResponseSchema.parse(feed.json());
    world = {
      knownIds: new Set(ids.map((r) => r.id)),
      designIds: firstPage.items.map((d) => d.id),
      mediaUrl: t.app.storage.urlFor(media[0]!.key),
      mediaUrls: new Set([...media.map((m) => t.app.storage.urlFor(m.key)), foreignUploadUrl]),
      foreignUploadUrl,
      interiorProductIds: productRows.filter((p) => p.mode === 'interior').map((p) => p.id),
      landscapeProductIds: productRows.filter((p) => p.mode === 'landscape').map((p) => p.id),
      cursor: firstPage.nextCursor!,
      password: t.config.betaPassword,
      accountId: account.id,
      gatedRoutes: registeredRoutes(t.app).filter(
        (route) => route.includes(' /api/') && !['GET /api/health', 'POST /api/gate'].includes(route),
      ),
    };
    expect(world.designIds.length).toBeGreaterThan(0);
    expect(world.cursor).toBeTruthy();
    before = await snapshotWrites(t.database.db, t.dataDir);
    started = performance.now();
  });

  afterAll(async () => {
    const total = [...tried.values()].reduce(
      (sum, byStatus) => sum + [...byStatus.values()].reduce((a, b) => a + b, 0),
      0,
    );
    const byStatus = new Map<number, number>();
    for (const statuses of tried.values())
      for (const [status, n] of statuses) byStatus.set(status, (byStatus.get(status) ?? 0) + n);
    console.info(
      `[fuzz ${kind}] ${total} bad requests over ${tried.size} routes in ${((performance.now() - started) / 1000).toFixed(1)} s; answers: ` +
        [...byStatus.entries()]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status}×${n}`)
          .join(', '),
    );
    await t?.close();
  });

  const cookieFor = async (request: BadRequest): Promise<string | undefined> => {
    if (request.cookie === 'none') return undefined;
    if (request.cookie === 'forged') return 'dwellscape_session=forged.c2lnbmF0dXJl';
    if (request.cookie === 'account') return accountCookie;
    if (!request.url.startsWith('/api/ai/')) return viewerCookie;
    // AI calls are limited per session and per address; a fresh session from a fresh address keeps the limiter from
    // answering for the validator
    if (aiSession.used >= AI_REQUESTS_PER_MINUTE) aiSession = { cookie: '', used: 0, address: '' };
    if (!aiSession.cookie) {
      aiSessionsOpened += 1;
      aiSession.cookie = await t.unlock();
      aiSession.address = `10.77.${Math.floor(aiSessionsOpened / 250)}.${aiSessionsOpened % 250}`;
    }
    aiSession.used += 1;
    return aiSession.cookie;
  };
  const addressFor = (request: BadRequest): string | undefined =>
    request.remoteAddress ?? (request.url.startsWith('/api/ai/') && aiSession.address ? aiSession.address : undefined);

  it.each(allCases.map((c) => [c.name, c] as const))(
    '%s',
    { timeout: heavy ? 3_600_000 : 300_000 },
    async (name, fuzzCase) => {
      const statuses = new Map<number, number>();
      const namedFields = new Set<string>();
      tried.set(name, statuses);
      const caseBefore = await snapshotWrites(t.database.db, t.dataDir);
      await fc.assert(
        fc.asyncProperty(fuzzCase.build(world), async (request) => {
          const cookie = await cookieFor(request);
          const res = await t.app.inject({
            method: request.method,
            url: request.url,
            headers: {
              ...(cookie ? { cookie } : {}),
              ...(request.contentType ? { 'content-type': request.contentType } : {}),
            },
            ...(request.payload !== undefined ? { payload: request.payload } : {}),
            ...(addressFor(request) ? { remoteAddress: addressFor(request) } : {}),
          });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          expect(fuzzCase.allowed, `${res.statusCode} ${res.body.slice(0, 300)}`).toContain(res.statusCode);
          expect(res.headers['content-type']).toMatch(/^application\/json/);
          const { details } = z.strictObject(errorResponseSchema.shape).parse(res.json());
          // "querystring.limit", "body.selectedProducts.0.price", "spaceImage": each names a field
          for (const issue of Array.isArray(details) ? details : [details]) {
            const field: unknown = (issue as { field?: unknown } | undefined)?.field;
            if (typeof field === 'string') for (const part of field.split('.')) namedFields.add(part);
          }
        }),
        {
          numRuns: runsOf(fuzzCase),
          seed,
          asyncReporter: async (details) => {
            if (!details.failed) return;
            const example = details.counterexample?.[0] as BadRequest | undefined;
            throw new Error(
              `${name}: failed after ${details.numRuns} input(s) (seed ${details.seed}, path "${details.counterexamplePath}")\n` +
                `  input: ${example ? describeRequest(example) : '?'}\n  ${String(details.errorInstance)}`,
            );
          },
        },
      );
      expect(await snapshotWrites(t.database.db, t.dataDir)).toEqual(caseBefore);
      expect([...statuses.keys()]).toEqual(expect.arrayContaining(fuzzCase.provokes ?? []));
      expect([...namedFields]).toEqual(expect.arrayContaining(fuzzCase.names ?? []));
    },
  );

  it('covers every JSON route the server registers', () => {
    const registered = registeredRoutes(t.app).filter((route) => route.includes(' /api/'));
    expect(registered).toEqual(
      expect.arrayContaining(['POST /api/gate', 'PUT /api/designs/:id/like', 'GET /api/search']),
    );
    const covered = new Set([...allCases.flatMap((c) => routesNamedBy(c.name)), ...ROUTES_WITHOUT_INPUT]);
    expect(registered.filter((route) => !covered.has(route))).toEqual([]);
  });

  it(`tried at least ${TOTAL_INPUTS} bad inputs, wrote nothing and polluted no prototype`, async () => {
    const total = [...tried.values()].reduce(
      (sum, byStatus) => sum + [...byStatus.values()].reduce((a, b) => a + b, 0),
      0,
    );
    expect(total).toBeGreaterThanOrEqual(TOTAL_INPUTS);
    expect(await snapshotWrites(t.database.db, t.dataDir)).toEqual(before);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeysBefore);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});
