import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { safeEncode, safeParse, type ZodError, type ZodType } from 'zod';
import { util, type $ZodType } from 'zod/v4/core';

/**
 * Checks every response against its route's zod schema (unknown keys dropped, a mismatch becomes
 * ResponseSerializationError → 500), then JSON: what fastify-type-provider-zod's compiler does,
 * at about half its cost (docs/decisions/0009-response-serializer-and-compression.md).
 *
 * That compiler checks with `safeEncode` (zod's backward direction), which runs every schema that
 * carries checks twice (a canary pass without checks, then the real one): on a 25-design feed
 * page that was 28% of the server's CPU per request. Forward `safeParse` differs from it only in
 * the direction-aware nodes: forward, `.default()` / `.prefault()` fill in a missing value and
 * `.catch()` replaces a bad one, where backward they check the inner schema, so a response that
 * left out a defaulted field is refused. To keep that refusal, each response schema is rewritten
 * once, at route compile time, without those wrappers; safeParse of the rewritten schema accepts,
 * shapes and refuses exactly what safeEncode of the original does. A schema holding a node whose
 * two directions differ in other ways (transform, pipe, codec, discriminated union, lazy, a tuple
 * with defaults, or a kind not listed here) is checked with safeEncode as before.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<ZodType> = ({ schema, method, url }) => {
  const check = responseCheck(schema);
  return (data) => {
    // checked once when it was made (a cached feed page), against this very schema
    if (data instanceof CheckedJson) {
      if ((data.schema as unknown) !== schema) throw new Error(`${method} ${url}: JSON checked against another schema`);
      // Fastify sends what a serializer returns as it is, a string or a Buffer (reply.js onSendEnd); JSON kept as
      // UTF-8 bytes is not measured and encoded again for every request
      return data.json as string;
    }
    const result = check(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};

type ResponseCheck = (data: unknown) => { success: true; data: unknown } | { success: false; error: ZodError };

const checks = new WeakMap<object, ResponseCheck>();

/** The check the serializer runs for `schema`: forward on the rewritten schema, else safeEncode. */
function responseCheck(schema: ZodType): ResponseCheck {
  let check = checks.get(schema);
  if (!check) {
    const forward = forwardEquivalent(schema as unknown as $ZodType);
    check = forward === null ? (data) => safeEncode(schema, data) : (data) => safeParse(forward, data);
    checks.set(schema, check);
  }
  return check;
}

/**
 * `data` as the serializer would send it for a route declaring `schema` (checked, unknown keys
 * dropped), not yet written as JSON; throws ResponseSerializationError as the serializer would.
 */
export function checkResponse<T>(schema: $ZodType<T>, data: T, method: string, url: string): T {
  const result = responseCheck(schema as unknown as ZodType)(data);
  if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
  return result.data as T;
}

/**
 * A response body already checked against `schema` and written as JSON: the serializer of a route
 * that declares that same schema sends it as it is. Only for JSON made from what checkResponse
 * returned for that schema (the feed cache also flips booleans it checked both ways).
 */
export class CheckedJson<T = unknown> {
  declare readonly type: T;
  constructor(
    readonly schema: $ZodType<T>,
    /** The JSON, as text or as its UTF-8 bytes. */
    readonly json: string | Buffer,
  ) {}
}

/** A route returns a CheckedJson where its response type is expected; the serializer knows it. */
export function asResponse<T>(body: T | CheckedJson<T>): T {
  return body as T;
}

/** Kinds that hold no other schema and read the same in both directions. */
const LEAF_KINDS = new Set([
  'string',
  'number',
  'int',
  'boolean',
  'bigint',
  'symbol',
  'null',
  'undefined',
  'void',
  'never',
  'any',
  'unknown',
  'date',
  'nan',
  'literal',
  'enum',
  'template_literal',
  'file',
  // z.custom / z.instanceof: a check function, the same either way
  'custom',
]);

/** Wrappers that only act in the forward direction: backward, each is its inner schema. */
const FORWARD_ONLY_WRAPPERS = new Set(['default', 'prefault', 'catch']);

const rewritten = new WeakMap<$ZodType, $ZodType | null>();

/**
 * A schema whose safeParse accepts, shapes and refuses exactly what safeEncode of `schema` does, or
 * null when this rewrite does not know how to build one. Unchanged branches keep their identity.
 * A refused value gets the same issues, plus, for a value that is both the wrong type and breaks a
 * check (an array where a string of minimum length belongs), the check's issue as well: backward,
 * zod stops at the type.
 */
export function forwardEquivalent(schema: $ZodType): ZodType | null {
  return rewrite(schema) as ZodType | null;
}

function rewrite(schema: $ZodType): $ZodType | null {
  if (rewritten.has(schema)) return rewritten.get(schema)!;
  const result = rewriteNode(schema);
  rewritten.set(schema, result);
  return result;
}

function rewriteNode(schema: $ZodType): $ZodType | null {
  // the def as a record: each kind keeps its child schemas under its own keys
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const type = def.type;
  if (LEAF_KINDS.has(type)) return schema;
  if (FORWARD_ONLY_WRAPPERS.has(type)) return rewrite(def.innerType as $ZodType);
  switch (type) {
    case 'optional':
    case 'nullable':
    case 'nonoptional':
    case 'readonly':
      return withChildren(schema, def, { innerType: def.innerType as $ZodType });
    case 'array':
      return withChildren(schema, def, { element: def.element as $ZodType });
    case 'record':
      return withChildren(schema, def, { keyType: def.keyType as $ZodType, valueType: def.valueType as $ZodType });
    case 'intersection':
      return withChildren(schema, def, { left: def.left as $ZodType, right: def.right as $ZodType });
    case 'object': {
      const shape = def.shape as Record<string, $ZodType>;
      const newShape: Record<string, $ZodType> = {};
      let changed = false;
      for (const [key, child] of Object.entries(shape)) {
        const next = rewrite(child);
        if (next === null) return null;
        newShape[key] = next;
        changed ||= next !== child;
      }
      const catchall = def.catchall as $ZodType | undefined;
      const nextCatchall = catchall === undefined ? undefined : rewrite(catchall);
      if (nextCatchall === null) return null;
      changed ||= nextCatchall !== catchall;
      return changed ? util.clone(schema, { ...def, shape: newShape, catchall: nextCatchall } as never) : schema;
    }
    case 'union': {
      // a discriminated union matches differently backward (it falls back to trying every option)
      if ('discriminator' in def) return null;
      const options = def.options as $ZodType[];
      const next = options.map(rewrite);
      if (next.some((option) => option === null)) return null;
      return next.every((option, i) => option === options[i])
        ? schema
        : util.clone(schema, { ...def, options: next } as never);
    }
    case 'tuple': {
      // a tuple's required length follows its items' optionality, which unwrapping a default
      // changes; only a tuple with nothing to unwrap is kept
      const items = def.items as $ZodType[];
      const rest = def.rest as $ZodType | null;
      const same = [...items, ...(rest === null ? [] : [rest])].every((child) => rewrite(child) === child);
      return same ? schema : null;
    }
    default:
      // transform, pipe (and so codecs and preprocess), lazy, promise, success, map, set, function…
      return null;
  }
}

/** `schema` with the named children rewritten, or itself when none changed; null if one cannot be. */
function withChildren(
  schema: $ZodType,
  def: Record<string, unknown>,
  children: Record<string, $ZodType>,
): $ZodType | null {
  const next: Record<string, $ZodType> = {};
  let changed = false;
  for (const [key, child] of Object.entries(children)) {
    const value = rewrite(child);
    if (value === null) return null;
    next[key] = value;
    changed ||= value !== child;
  }
  return changed ? util.clone(schema, { ...def, ...next } as never) : schema;
}
