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

export const notFound = (what: string) => new AppError('not_found', `${what} not found`);
export const badInput = (message: string, details?: unknown) => new AppError('bad_input', message, details);
