import type { ApiContract } from '@dwellscape/shared';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { AppDatabase, DatabaseHandle } from './db/client';
import type { Engines } from './engines/types';
import type { RenderJobEvents } from './modules/render-jobs/render-job-events';
import type { WriteLimit, WriteLimiter } from './modules/rate-limits/write-limits';
import type { FileStorage } from './storage/file-storage';

/** The Fastify instance with the zod type provider: what every routes file receives. */
export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface Viewer {
  /** The gate session's id: one viewer per session (docs/product.md §10). */
  viewerId: string;
  /** The account signed in on this session (a users row), or null while the viewer browses signed out. */
  accountId: string | null;
}

/** One method of one registered route, as Fastify's onRoute hook saw it. */
export interface RouteEntry {
  method: string;
  url: string;
  /** The API calls the route was registered from (contract-route.ts); none for a plain route. */
  contracts: readonly ApiContract[];
  /** The per-person write limits the route takes a slot of before its handler (contract-route.ts). */
  limits: readonly WriteLimit[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The API calls a route serves, when it was registered from their contracts (contract-route.ts). */
    contracts?: readonly ApiContract[];
    /** Its write limits (contract-route.ts). */
    limits?: readonly WriteLimit[];
  }
  interface FastifyInstance {
    /** Every registered route (app.ts records them); the auth tests walk it. */
    routeTable: readonly RouteEntry[];
    config: Config;
    database: DatabaseHandle;
    db: AppDatabase;
    storage: FileStorage;
    engines: Engines;
    /** Changes of render jobs from every process on the database. */
    renderJobEvents: RenderJobEvents;
    /** Per-person write limits, counted in the shared database (modules/rate-limits/write-limits.ts). */
    writeLimiter: WriteLimiter;
  }
  interface FastifyRequest {
    /** Set by the auth plugin on every /api route behind the gate. */
    viewer: Viewer;
  }
}
