import { AppError } from '../errors';

/** Why an engine call failed; routes and logs can tell busy from broken from refused. */
export type EngineFailureReason =
  'rate_limited' | 'unavailable' | 'rejected' | 'misconfigured' | 'bad_response' | 'cancelled';

/**
 * The engine did not answer in time. `kind` maps it to 504; the message is meant for people
 * (the image engine uses docs/product.md §8's 'Design generation took too long…').
 */
export class EngineTimeoutError extends AppError {
  constructor(
    message: string,
    readonly timeoutMs: number,
  ) {
    super('engine_timeout', message);
    this.name = 'EngineTimeoutError';
  }
}

/** The engine answered, or could not be reached, and there is no usable result. Maps to 503. */
export class EngineFailureError extends AppError {
  constructor(
    readonly reason: EngineFailureReason,
    message: string,
    /** The upstream HTTP status, when there was one. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super('engine_unavailable', message);
    this.name = 'EngineFailureError';
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/** The input the engine was given cannot be used (an unreadable space photo). Maps to 400. */
export class EngineInputError extends AppError {
  constructor(message: string) {
    super('bad_input', message);
    this.name = 'EngineInputError';
  }
}
