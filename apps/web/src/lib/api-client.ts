import { errorResponseSchema, pathOf, type ApiContract } from '@dwellscape/shared';
import { z } from 'zod/mini';
import { withQuery, type QueryValue } from './query-string';

export { withQuery };

/** The `error` of the 401 a route that needs an account answers a signed-out viewer (decision 0016). */
export const SIGN_IN_REQUIRED = 'Sign in required';
/** The `error` of the gate's 401: the gate session is gone (decision 0003). */
const GATE_UNAUTHORIZED = 'Unauthorized';

/** A non-2xx answer of our API, carrying the server's own message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
    /** The answer's `error` (a short reason such as 'Sign in required'), when the body was ours. */
    readonly reason?: string,
  ) {
    super(message);
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }

  /** The server's words about one field of the request ('displayName' finds 'body.displayName'), if it named it. */
  messageFor(field: string): string | undefined {
    if (!Array.isArray(this.details)) return undefined;
    for (const detail of this.details as unknown[]) {
      if (typeof detail !== 'object' || detail === null) continue;
      const named = detail as { field?: unknown; message?: unknown };
      if (typeof named.field !== 'string' || typeof named.message !== 'string') continue;
      if (named.field === field || named.field.endsWith(`.${field}`)) return named.message;
    }
    return undefined;
  }
}

/** The server wants an account for this action: offer 'Sign in', not the gate. */
export function isSignInRequired(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401 && error.reason === SIGN_IN_REQUIRED;
}

/** The gate session is gone: only the gate's own 401 (or one that is not ours at all) says so. */
function isGateSessionExpired(error: ApiError, path: string): boolean {
  if (error.status !== 401 || path.endsWith('/gate')) return false;
  return error.reason === undefined || error.reason === GATE_UNAUTHORIZED;
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON unless it is FormData. */
  body?: unknown;
  signal?: AbortSignal;
}

type SessionExpiredListener = () => void;
const sessionExpiredListeners = new Set<SessionExpiredListener>();

/** Called when the server says the gate session is gone, so the app can show the gate again. */
export function onSessionExpired(listener: SessionExpiredListener): () => void {
  sessionExpiredListeners.add(listener);
  return () => sessionExpiredListeners.delete(listener);
}

/**
 * Calls one of the fixed `apiPaths` and parses the answer with its shared schema.
 * Pass `null` as the schema for answers without a body (204). An answer that does not match throws
 * the schema's error (a `z.core.$ZodError` naming each bad field), whether the schema is zod/mini or full zod.
 */
export async function apiRequest<T>(path: string, schema: z.core.$ZodType<T>, options?: ApiRequestOptions): Promise<T>;
export async function apiRequest(path: string, schema: null, options?: ApiRequestOptions): Promise<void>;
export async function apiRequest<T>(
  path: string,
  schema: z.core.$ZodType<T> | null,
  options: ApiRequestOptions = {},
): Promise<T | void> {
  const { method = 'GET', query, body, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  const url = withQuery(path, query);
  // the gate asked for some of the app's first reads the moment it was let in (gate-controller.ts): the first call
  // for the same URL takes that answer instead of asking again
  const early = method === 'GET' && payload === undefined ? window.dwellscapeGate?.takeEarlyResponse(url) : null;
  const response = await (early ??
    fetch(url, {
      method,
      headers,
      body: payload,
      signal,
      credentials: 'same-origin',
    }));

  if (!response.ok) {
    const error = await toApiError(response);
    // a wrong gate password, a wrong account password and 'Sign in required' are 401s too; none of them is an expired session
    if (isGateSessionExpired(error, path)) {
      for (const listener of sessionExpiredListeners) listener();
    }
    throw error;
  }
  if (schema === null || response.status === 204) return undefined;
  return parseAnswer(schema, await response.json());
}

/**
 * zod/mini ships without message texts ("Invalid input"). They load only when an answer does not match,
 * so the error names the field and the problem in words, as full zod's does, without weighing on every load.
 */
async function parseAnswer<T>(schema: z.core.$ZodType<T>, json: unknown): Promise<T> {
  const parsed = z.safeParse(schema, json);
  if (parsed.success) return parsed.data;
  const { default: english } = await import('zod/v4/locales/en.js');
  z.config(english());
  return z.parse(schema, json);
}

async function toApiError(response: Response): Promise<ApiError> {
  let json: unknown = null;
  try {
    json = await response.json();
  } catch {
    // not JSON (a proxy's HTML page, an empty body): fall back to the status text
  }
  const parsed = errorResponseSchema.safeParse(json);
  if (parsed.success) {
    const { error, message, details } = parsed.data;
    return new ApiError(response.status, message ?? error, details, error);
  }
  return new ApiError(response.status, response.statusText || `Request failed with status ${response.status}`);
}

type Schema = z.core.$ZodType;
type ParamsOf<C extends ApiContract> = C['params'] extends Schema ? { params: z.core.input<C['params']> } : unknown;
type QueryOf<C extends ApiContract> = C['query'] extends Schema ? { query?: Record<string, QueryValue> } : unknown;
type BodyOf<C extends ApiContract> = C['body'] extends Schema ? { body: z.core.input<C['body']> } : unknown;
/** What one call takes: the contract's path parameters, query and body, as it declares them. */
export type CallInput<C extends ApiContract> = ParamsOf<C> & QueryOf<C> & BodyOf<C> & { signal?: AbortSignal };
/** What a success of the call answers. */
export type CallAnswer<C extends ApiContract> = C['response'] extends Schema ? z.core.output<C['response']> : void;

/**
 * A form of the body's fields for a contract sent as `multipart/form-data`: text as it is, numbers as text, files
 * with their names, collections as JSON text (as the server reads them); absent fields are left out.
 */
export function formDataOf(fields: Readonly<Record<string, unknown>>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (value instanceof File) form.append(name, value, value.name);
    else if (typeof value === 'string') form.append(name, value);
    else if (typeof value === 'number' || typeof value === 'boolean') form.append(name, String(value));
    else form.append(name, JSON.stringify(value));
  }
  return form;
}

/** Calls the API as `contract` says: its method and path, the body as JSON or as a form, the answer parsed. */
export function callApi<C extends ApiContract>(
  contract: C,
  ...[input]: Record<never, never> extends CallInput<C> ? [CallInput<C>?] : [CallInput<C>]
): Promise<CallAnswer<C>> {
  const { params, query, body, signal } = (input ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    signal?: AbortSignal;
  };
  const options: ApiRequestOptions = {
    method: contract.method,
    query,
    body: contract.form && body !== undefined ? formDataOf(body as Record<string, unknown>) : body,
    signal,
  };
  const path = pathOf(contract, params);
  return (
    contract.response === null ? apiRequest(path, null, options) : apiRequest(path, contract.response, options)
  ) as Promise<CallAnswer<C>>;
}
