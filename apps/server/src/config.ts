import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const DEFAULT_BETA_PASSWORD = 'dwellscape';
/** AI calls one client address may make a minute, whoever is behind it (AI_REQUESTS_PER_ADDRESS_PER_MINUTE). */
export const DEFAULT_AI_REQUESTS_PER_ADDRESS_PER_MINUTE = 60;

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const timeoutMs = z.coerce.number().int().min(100).max(3_600_000);

const DURATION_UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A span written with its unit (`7d`, `36h`, `90m`), as milliseconds, from 1 hour to 90 days. */
const paymentWindow = z
  .string()
  .regex(/^\d+[mhd]$/, 'must be a whole number of minutes, hours or days, e.g. 7d, 36h or 90m')
  .transform((text) => Number(text.slice(0, -1)) * DURATION_UNIT_MS[text.slice(-1) as keyof typeof DURATION_UNIT_MS])
  .refine((ms) => ms >= DURATION_UNIT_MS.h && ms <= 90 * DURATION_UNIT_MS.d, 'must be between 1h and 90d');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  BETA_PASSWORD: z.string().min(1).max(200).optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  IMAGE_ENGINE: z.enum(['local', 'openai']).default('local'),
  TEXT_ENGINE: z.enum(['local', 'openai']).default('local'),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_API_KEY: z.string().optional(),
  IMAGE_MODEL: z.string().default('gpt-image-1'),
  TEXT_MODEL: z.string().default('gpt-4o-mini'),
  /** Trust X-Forwarded-For only behind a known proxy (a hop count, an address list, or true). */
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built SPA lives; unset means apps/web/dist beside this package. */
  WEB_DIST_DIR: z.string().optional(),
  /** Whether the session cookie carries the Secure flag (set it when served over TLS). */
  COOKIE_SECURE: booleanish.default(false),
  WARM_SAMPLE_IMAGE_SIZES: booleanish.default(true),
  /** The feed page cache (docs/decisions/0013-feed-page-cache.md); off serves every page from SQL. */
  FEED_CACHE: z.enum(['on', 'off']).default('on'),
  /** Comment sent on idle live-feed streams so proxies keep them open (ms). */
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(100).max(300_000).default(25_000),
  /**
   * Live streams (feed, activity, render-job events) one gate session may hold open at once: a tab holds up to three,
   * and a reconnect may overlap the stream it replaces before the server notices that one gone.
   */
  LIVE_STREAMS_PER_SESSION: z.coerce.number().int().min(1).max(100_000).default(8),
  /** Live streams one client address may hold open at once, whatever its sessions (a household or office behind NAT). */
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(64),
  /** Longest wait for a request's headers (slowloris); Node's own default is 60 s. */
  HEADERS_TIMEOUT_MS: timeoutMs.default(10_000),
  /** Longest wait for a whole request, body included: a 10 MB upload at 0.75 Mbit/s still fits. */
  REQUEST_TIMEOUT_MS: timeoutMs.default(120_000),
  /** How long an idle keep-alive connection stays open (longer than the usual 60 s of load balancers). */
  KEEP_ALIVE_TIMEOUT_MS: timeoutMs.default(72_000),
  /** A socket with no traffic either way for this long is closed; longer than the 120 s image-engine call. */
  CONNECTION_TIMEOUT_MS: timeoutMs.default(130_000),
  /** Run render jobs in this process (`off` for an API-only instance beside `npm run worker`). */
  RENDER_WORKER: z.enum(['on', 'off']).default('on'),
  /** Render jobs one worker process runs at once. */
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** Attempts of a job whose engine failed (busy, unreachable, too slow) before it fails for good. */
  RENDER_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  /** The wait before the first retry; it doubles for each later one. */
  RENDER_RETRY_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  /** How long a claimed job stays its worker's without a heartbeat; a dead worker's job runs again after it. */
  RENDER_LEASE_MS: z.coerce.number().int().min(1000).max(600_000).default(15_000),
  /** Per person (account, or gate session when signed out): render jobs queued or running at once … */
  RENDER_JOBS_AT_ONCE: z.coerce.number().int().min(1).max(100).default(2),
  /** … and started in the last hour. */
  RENDER_JOBS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(30),
  /** How long an order may stay unpaid before it expires and its pending commission is reversed. */
  ORDER_PAYMENT_WINDOW: paymentWindow.default(7 * DURATION_UNIT_MS.d),
  /** Per client address, however many people share it (an office, a home): new accounts in an hour … */
  SIGN_UPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** … and new gate sessions in an hour; a viewer whose cookie still holds a live session renews it uncounted. */
  GATE_SESSIONS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(60),
  /** Signed-out render jobs from one client address, whichever gate session asks: queued or running at once … */
  RENDER_JOBS_AT_ONCE_PER_ADDRESS: z.coerce.number().int().min(1).max(1000).default(6),
  /** … and started in the last hour. */
  RENDER_JOBS_PER_HOUR_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(60),
  /** AI calls (the four /api/ai routes together) from one client address a minute, whoever makes them. */
  AI_REQUESTS_PER_ADDRESS_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(DEFAULT_AI_REQUESTS_PER_ADDRESS_PER_MINUTE),
  /** Uploads per person (account, or session signed out) in ten minutes; an address may make three times as many. */
  UPLOADS_PER_TEN_MINUTES: z.coerce.number().int().min(1).max(1_000_000).default(100),
  /** Where stored files live: DATA_DIR/media, or an S3-compatible bucket shared by every instance (decision 0050). */
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be an S3 bucket name (3-63 lowercase letters, digits, dots, hyphens)',
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the URL's path rather than its host name (s3rver, MinIO and most self-hosted stores need it). */
  S3_FORCE_PATH_STYLE: booleanish.default(false),
});

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Rules between variables, checked once each one is valid on its own. */
const checkedEnvSchema = envSchema.superRefine((e, ctx) => {
  // Node refuses a server whose headers may take longer than the whole request
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    ctx.addIssue({ code: 'custom', path: ['HEADERS_TIMEOUT_MS'], message: 'must not exceed REQUEST_TIMEOUT_MS' });
  }
  // an idle live-feed stream shows traffic only at each heartbeat
  if (e.CONNECTION_TIMEOUT_MS <= e.LIVE_HEARTBEAT_MS) {
    ctx.addIssue({
      code: 'custom',
      path: ['CONNECTION_TIMEOUT_MS'],
      message: 'must exceed LIVE_HEARTBEAT_MS, or idle live streams are cut',
    });
  }
  if (e.STORAGE === 's3') {
    for (const name of S3_REQUIRED) {
      if (e[name] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when STORAGE=s3' });
    }
  }
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  betaPassword: string;
  betaPasswordIsDefault: boolean;
  sessionSecret: string;
  imageEngine: 'local' | 'openai';
  textEngine: 'local' | 'openai';
  openai: { baseUrl: string | undefined; apiKey: string | undefined; imageModel: string; textModel: string };
  trustProxy: boolean | number | string;
  logLevel: string;
  webDistDir: string;
  cookieSecure: boolean;
  /** Make the sample designs' responsive image sizes in the background after start-up. */
  warmSampleImageSizes: boolean;
  /** Keep feed pages in memory between writes (FEED_CACHE). */
  feedCache: boolean;
  liveHeartbeatMs: number;
  /** Open live streams allowed at once per gate session and per client address. */
  liveStreams: { perSession: number; perAddress: number };
  /** HTTP time-outs (ms): headers and whole request while receiving; idle keep-alive; idle socket. */
  timeouts: { headersMs: number; requestMs: number; keepAliveMs: number; connectionMs: number };
  /** AI calls per client address a minute (beside the per-person 20). */
  aiRequestsPerAddressPerMinute: number;
  /** Uploads per person in ten minutes (UPLOADS_PER_TEN_MINUTES); per address, three times as many. */
  uploadsPerTenMinutes: number;
  renderJobs: {
    workerInProcess: boolean;
    concurrency: number;
    attempts: number;
    retryMs: number;
    leaseMs: number;
    atOnce: number;
    perHour: number;
    /** Signed-out jobs per client address (minting gate sessions mints no render budget). */
    perAddress: { atOnce: number; perHour: number };
  };
  /** ORDER_PAYMENT_WINDOW: an order still unpaid this long after it was placed expires (ms). */
  orderPaymentWindowMs: number;
  /** How much one client address may create in an hour (SIGN_UPS_… and GATE_SESSIONS_PER_ADDRESS_PER_HOUR). */
  perAddressPerHour: { signUps: number; gateSessions: number };
  /** STORAGE and, for a bucket, the S3_ variables. */
  storage: StorageConfig;
}

export type StorageConfig =
  | { kind: 'disk'; root: string }
  | {
      kind: 's3';
      endpoint: string;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
    };

export class ConfigError extends Error {}

/** Reads and validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = checkedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  if ((e.IMAGE_ENGINE === 'openai' || e.TEXT_ENGINE === 'openai') && !e.OPENAI_BASE_URL && !e.OPENAI_API_KEY) {
    throw new ConfigError(
      'Invalid environment:\n  OPENAI_API_KEY or OPENAI_BASE_URL is required when an engine is "openai"',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    betaPassword: e.BETA_PASSWORD ?? DEFAULT_BETA_PASSWORD,
    betaPasswordIsDefault: e.BETA_PASSWORD === undefined,
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    imageEngine: e.IMAGE_ENGINE,
    textEngine: e.TEXT_ENGINE,
    openai: {
      baseUrl: e.OPENAI_BASE_URL,
      apiKey: e.OPENAI_API_KEY,
      imageModel: e.IMAGE_MODEL,
      textModel: e.TEXT_MODEL,
    },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    cookieSecure: e.COOKIE_SECURE,
    warmSampleImageSizes: e.WARM_SAMPLE_IMAGE_SIZES,
    feedCache: e.FEED_CACHE === 'on',
    liveHeartbeatMs: e.LIVE_HEARTBEAT_MS,
    liveStreams: { perSession: e.LIVE_STREAMS_PER_SESSION, perAddress: e.LIVE_STREAMS_PER_ADDRESS },
    timeouts: {
      headersMs: e.HEADERS_TIMEOUT_MS,
      requestMs: e.REQUEST_TIMEOUT_MS,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS,
      connectionMs: e.CONNECTION_TIMEOUT_MS,
    },
    aiRequestsPerAddressPerMinute: e.AI_REQUESTS_PER_ADDRESS_PER_MINUTE,
    uploadsPerTenMinutes: e.UPLOADS_PER_TEN_MINUTES,
    renderJobs: {
      workerInProcess: e.RENDER_WORKER === 'on',
      concurrency: e.RENDER_CONCURRENCY,
      attempts: e.RENDER_ATTEMPTS,
      retryMs: e.RENDER_RETRY_MS,
      leaseMs: e.RENDER_LEASE_MS,
      atOnce: e.RENDER_JOBS_AT_ONCE,
      perHour: e.RENDER_JOBS_PER_HOUR,
      perAddress: { atOnce: e.RENDER_JOBS_AT_ONCE_PER_ADDRESS, perHour: e.RENDER_JOBS_PER_HOUR_PER_ADDRESS },
    },
    orderPaymentWindowMs: e.ORDER_PAYMENT_WINDOW,
    perAddressPerHour: { signUps: e.SIGN_UPS_PER_ADDRESS_PER_HOUR, gateSessions: e.GATE_SESSIONS_PER_ADDRESS_PER_HOUR },
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3',
            // the refinement above saw each of these set
            endpoint: e.S3_ENDPOINT!,
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION!,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'disk', root: path.join(dataDir, 'media') },
  };
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
