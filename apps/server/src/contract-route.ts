import type { ApiContract } from '@dwellscape/shared';
import { normalizeIP } from '@fastify/rate-limit';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import type { WriteLimit, Writer } from './modules/rate-limits/write-limits';
import type { AppInstance } from './types';

/** The writer of a request (modules/rate-limits/write-limits.ts): its viewer and its address, an IPv6 one by its /64. */
export const writerOf = (request: FastifyRequest): Writer => ({
  viewer: request.viewer,
  // a client that hung up during a long upload leaves no address on its socket; it gets no answer anyway
  address: request.ip ? normalizeIP(request.ip) : 'gone',
});

/** Answers a route gives besides its contract's success: its errors (400, 401, 404…), or a second success. */
type Responses = Readonly<Record<number, $ZodType>>;

type ParamsOf<C> = C extends { params: infer P extends $ZodType } ? P : undefined;
type QueryOf<C> = C extends { query: infer Q extends $ZodType } ? Q : undefined;
type BodyOf<C> = C extends { form: true } ? undefined : C extends { body: infer B extends $ZodType } ? B : undefined;
type SuccessOf<C extends ApiContract> = C['response'] extends $ZodType
  ? { [S in C['status']]: C['response'] }
  : C['status'] extends 204
    ? { 204: z.ZodUndefined }
    : unknown;

/** What Fastify validates and serializes on a contract's route, as the zod type provider types it. */
export type ContractSchema<C extends ApiContract, Also extends readonly ApiContract[], Extra extends Responses> = {
  params: ParamsOf<C>;
  querystring: QueryOf<C>;
  body: Also extends readonly [] ? BodyOf<C> : undefined;
  response: SuccessOf<C | Also[number]> & Extra;
};

/** A contract route's handler: `request.params`/`query`/`body` typed from the contract, its answer checked against it. */
export type ContractHandler<
  C extends ApiContract,
  Also extends readonly ApiContract[],
  Extra extends Responses,
> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  ContractSchema<C, Also, Extra> & FastifySchema,
  ZodTypeProvider,
  FastifyBaseLogger
>;

export interface ContractRouteOptions<Also extends readonly ApiContract[], Extra extends Responses> {
  /** Answers besides the contract's success, each with its schema (errorResponseSchema, signInRequiredResponse…). */
  responses?: Extra;
  /**
   * Other calls this same route serves (a form and a JSON body on one path): same method, route, params, query and
   * status. Their bodies differ, so the handler tells them apart and checks the one it got.
   */
  alsoServes?: Also;
  /**
   * How often one person may call this route (a write): each limit's slot is taken before the handler runs, and a
   * call past one is answered 429 with Retry-After. The route table records them; test/write-limits.test.ts walks
   * it, so a write route without a limit must be on its reviewed list.
   */
  limits?: readonly WriteLimit[];
}

/**
 * Registers the route of one API call from its contract (packages/shared contracts.ts): its method and route, and
 * as Fastify's schema its params, query and body (checked before the handler runs, a failure answered by the error
 * handler's 400) and, for its success status, its response (what the serializer checks and sends). A 204 answers
 * nothing; a stream (`response: null`) has no success schema, its handler writes the events itself.
 *
 * A `form` contract's body is a multipart form, which Fastify does not parse into `request.body`: its schema is
 * left off Fastify, and the handler reads the form (readMultipartForm) and checks its fields as the route always has
 * (parseGenerateDesignFields and the like). The body of a route that serves several calls (`alsoServes`: a form and
 * a JSON body on one path) is left off too, the handler checking whichever it got; its success is either call's.
 */
export function route<
  const C extends ApiContract,
  const Also extends readonly ApiContract[] = readonly [],
  const Extra extends Responses = Record<never, never>,
>(
  app: AppInstance,
  contract: C,
  options: ContractRouteOptions<Also, Extra>,
  handler: ContractHandler<C, Also, Extra>,
): void {
  const also: readonly ApiContract[] = options.alsoServes ?? [];
  for (const other of also) {
    const same = (['method', 'route', 'params', 'query', 'status'] as const).every(
      (key) => other[key] === contract[key],
    );
    if (!same) throw new Error(`${contract.method} ${contract.route}: a call it also serves differs in more than body`);
  }
  const success = successSchema([contract, ...also]);
  const limits = options.limits ?? [];

  app.route({
    method: contract.method,
    url: contract.route,
    schema: {
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body && !contract.form && also.length === 0 ? { body: contract.body } : {}),
      response: { ...(success ? { [contract.status]: success } : {}), ...options.responses },
    },
    // the route table records them (app.ts): test/contracts-routes.test.ts walks it
    config: { contracts: [contract, ...also], limits },
    ...(limits.length > 0
      ? {
          preHandler: async (request: Parameters<RouteHandlerMethod>[0]) => {
            for (const limit of limits) await app.writeLimiter.take(limit, writerOf(request));
          },
        }
      : {}),
    // the handler's types are the contract's (ContractHandler); Fastify's route() cannot infer them from a
    // schema it sees only as a value built here
    handler: handler as RouteHandlerMethod<
      RawServerDefault,
      RawRequestDefaultExpression,
      RawReplyDefaultExpression,
      RouteGenericInterface,
      ContextConfigDefault,
      FastifySchema,
      ZodTypeProvider
    >,
  });
}

/** The schema of a route's success: its calls' answer (either of two), nothing for a 204, none for a stream. */
function successSchema(served: readonly ApiContract[]): $ZodType | undefined {
  const answers = [...new Set(served.map((call) => call.response))].filter((schema) => schema !== null);
  if (answers.length > 1) return z.union(answers);
  return answers[0] ?? (served[0]?.status === 204 ? z.undefined() : undefined);
}
