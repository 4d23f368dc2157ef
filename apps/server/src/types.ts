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
  /** The gate session's id: one anonymous viewer per session (PRODUCT.md). */
  viewerId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    db: AppDatabase;
    storage: FileStorage;
    engines: Engines;
  }
  interface FastifyRequest {
    /** Set by the auth plugin on every /api route behind the gate. */
    viewer: Viewer;
  }
}
