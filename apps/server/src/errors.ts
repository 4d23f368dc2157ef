import { accountMessages } from '@dwellscape/shared';

/** Errors that services raise; the central error handler maps `kind` to an HTTP status. */
export type AppErrorKind =
  | 'bad_input'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported_media'
  | 'rate_limited'
  | 'engine_unavailable'
  | 'engine_timeout';

export const statusOfKind: Record<AppErrorKind, number> = {
  bad_input: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media: 415,
  rate_limited: 429,
  engine_unavailable: 503,
  engine_timeout: 504,
};

export class AppError extends Error {
  constructor(
    readonly kind: AppErrorKind,
    /** The answer's `error`: a short reason, or the whole text when there is no `explanation`. */
    message: string,
    readonly details?: unknown,
    /** The answer's `message`: the sentence a person reads, when `error` is only a reason. */
    readonly explanation?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A 429 that says when to try again: the error handler sends its `Retry-After` header. */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', message);
  }
}

/**
 * The answer to a request that needs an account from a viewer who has none. Its `error` differs
 * from the gate's 'Unauthorized', so the client offers 'Sign in' instead of showing the gate again.
 */
export const signInRequired = () =>
  new AppError('unauthorized', 'Sign in required', undefined, accountMessages.signInRequired);

export const notFound = (what: string) => new AppError('not_found', `${what} not found`);
export const badInput = (message: string, details?: unknown) => new AppError('bad_input', message, details);

/** One refused field of a request, as every 400 lists them in its `details`. */
export interface FieldIssue {
  field: string;
  message: string;
}

/** The sentence every 400 names a field with. */
const invalidFieldText = ({ field, message }: FieldIssue) => `Invalid ${field}: ${message}`;

/** A 400 refusing one field: `error` is `Invalid <field>: <message>`, and `details` list the field. */
export const invalidField = (field: string, message: string): AppError =>
  badInput(invalidFieldText({ field, message }), [{ field, message }]);

/**
 * A 400 from a zod error's issues: `error` names the first (its path joined with dots, `root` for the value as a
 * whole, such as 'body' or 'form'), and `details` list them all.
 */
export function invalidIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[], root: string) {
  const fields = issues.map((issue) => ({ field: issue.path.map(String).join('.') || root, message: issue.message }));
  const first = fields[0];
  return badInput(first ? invalidFieldText(first) : `Invalid ${root}`, fields);
}

/**
 * A 400 shaped as Fastify's own schema validation error: `error` 'Bad Request', `message` naming the first field,
 * `details` listing them all. The error handler answers failed schemas with it; services refusing a field the
 * schema could not check (a reserved username, a weak password) use it so their 400 reads the same.
 */
export function invalidRequest(issues: readonly FieldIssue[]): AppError {
  const first = issues[0];
  return new AppError('bad_input', 'Bad Request', issues, first ? invalidFieldText(first) : 'Invalid request');
}
