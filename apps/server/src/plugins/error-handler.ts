import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, RateLimitedError, invalidRequest, statusOfKind } from '../errors';
import type { AppInstance } from '../types';

/**
 * The one place an error becomes an answer: a request that failed its zod schema (400 naming the first field),
 * an AppError a service threw (its kind's status), a response that broke its own schema (500, logged), and
 * Fastify's own 4xx. app.ts also hands it the errors Fastify raises before routing (`frameworkErrors`).
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL') {
    // a path whose %-encoding cannot be decoded (overlong UTF-8, a lone %) names no route
    return reply.code(404).send({ error: 'Not Found', message: 'No route for this path.' });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      field: [error.validationContext, ...(v.instancePath ? v.instancePath.split('/').filter(Boolean) : [])].join('.'),
      message: v.message ?? 'is invalid',
    }));
    return sendAppError(invalidRequest(issues), request, reply);
  }
  if (error instanceof AppError) return sendAppError(error, request, reply);
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
    return reply.code(500).send({ error: 'Internal Server Error' });
  }
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
  if (status < 500) {
    // fastify's own 4xx (bad JSON, unsupported content type, body too large…) carry a useful message
    return reply.code(status).send({ error: httpReason(status), message: error.message });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ error: 'Internal Server Error' });
}

function sendAppError(error: AppError, request: FastifyRequest, reply: FastifyReply) {
  const status = statusOfKind[error.kind];
  if (status >= 500) request.log.warn({ err: error }, 'engine failure');
  if (error instanceof RateLimitedError) void reply.header('Retry-After', String(error.retryAfterSeconds));
  return reply.code(status).send({
    error: error.message,
    ...(error.explanation ? { message: error.explanation } : {}),
    ...(error.details ? { details: error.details } : {}),
  });
}

function httpReason(status: number): string {
  const reasons: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    405: 'Method Not Allowed',
    406: 'Not Acceptable',
    408: 'Request Timeout',
    409: 'Conflict',
    413: 'Payload Too Large',
    414: 'URI Too Long',
    415: 'Unsupported Media Type',
    429: 'Too Many Requests',
  };
  return reasons[status] ?? 'Request Error';
}

/**
 * Sets handleError as the error handler of the whole app. A route keeps the handler in force when it was added,
 * so this is registered before every route.
 */
export default fp(
  async (app: AppInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => handleError(error, request, reply));
  },
  { name: 'error-handler' },
);
