import { errorResponseSchema } from '@dwellscape/shared';
import { z } from 'zod/mini';

/** A non-2xx answer of our API, carrying the server's own message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
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

export function withQuery(path: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
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

  const response = await fetch(withQuery(path, query), {
    method,
    headers,
    body: payload,
    signal,
    credentials: 'same-origin',
  });

  if (!response.ok) {
    const error = await toApiError(response);
    // the gate call itself answers 401 for a wrong password; that is not an expired session
    if (error.status === 401 && !path.endsWith('/gate')) {
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
    return new ApiError(response.status, parsed.data.message ?? parsed.data.error, parsed.data.details);
  }
  return new ApiError(response.status, response.statusText || `Request failed with status ${response.status}`);
}
