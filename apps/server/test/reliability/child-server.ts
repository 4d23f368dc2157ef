import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureSampleArt } from '@dwellscape/sample-art';
import { apiPaths } from '@dwellscape/shared';
import { hashSessionToken, SESSION_COOKIE_NAME } from '../../src/modules/gate/gate.service';
import { placeSampleArt } from '../../src/seed/seed-media';
import { createLocalDiskStorage } from '../../src/storage/file-storage';
import { TEST_ADDRESS_LIMITS } from '../address-limits';
import { SERVER_BUNDLE_ENV } from '../server-bundle';

/**
 * The real server (`node --import tsx apps/server/src/server.ts`) as a child process, for tests
 * that need what `app.inject` cannot give: signals, sockets, time-outs, a process that dies.
 * Under vitest it is the same code built once into one file by the global setup (server-bundle.ts),
 * which starts in a third of the CPU time; elsewhere (the benchmarks), through tsx.
 */

export const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const serverEntry = path.join(repoRoot, 'apps/server/src/server.ts');
export const CHILD_PASSWORD = 'child-server-test';

/** A TCP port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A fresh DATA_DIR with the seed pictures already in place (copied from the built sample art),
 * so the child's first start only inserts the sample rows.
 */
export async function prepareDataDir(prefix = 'dwellscape-child-'): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  await placeSampleArt(createLocalDiskStorage(path.join(dataDir, 'media')), await ensureSampleArt());
  return dataDir;
}

export interface ChildServerOptions {
  dataDir: string;
  /** Postgres URL; without it the server uses the file-backed PGlite under DATA_DIR. */
  databaseUrl?: string | undefined;
  /** Extra environment (time-outs and the like). */
  env?: Record<string, string>;
  logLevel?: string;
  startTimeoutMs?: number;
}

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ChildServer {
  port: number;
  baseUrl: string;
  dataDir: string;
  child: ChildProcess;
  /** What the process printed (the last 256 KB). */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<ChildExit>;
  /** Opens a gate session over HTTP and returns its Cookie header value. */
  unlock(): Promise<string>;
  /** SIGTERM, then SIGKILL when it is still running after `graceMs`. */
  stop(graceMs?: number): Promise<ChildExit>;
  /** SIGKILL: no handler runs, nothing is flushed. */
  crash(): Promise<ChildExit>;
}

const OUTPUT_LIMIT = 256 * 1024;

/** Starts the server on a free port and resolves once GET /api/health answers. */
export async function startChildServer(options: ChildServerOptions): Promise<ChildServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const bundle = process.env[SERVER_BUNDLE_ENV];
  const child = spawn(process.execPath, bundle ? ['--enable-source-maps', bundle] : ['--import', 'tsx', serverEntry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      BETA_PASSWORD: CHILD_PASSWORD,
      LOG_LEVEL: options.logLevel ?? 'warn',
      WEB_DIST_DIR: path.join(options.dataDir, 'no-web'),
      // the background image work would show as memory and CPU in the figures these tests read
      WARM_SAMPLE_IMAGE_SIZES: 'false',
      ...TEST_ADDRESS_LIMITS,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > OUTPUT_LIMIT) output = output.slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<ChildExit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const server: ChildServer = {
    port,
    baseUrl,
    dataDir: options.dataDir,
    child,
    output: () => output,
    exited,
    unlock: () => unlock(baseUrl),
    async stop(graceMs = 15_000) {
      if (!hasExited) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const exit = await exited;
      clearTimeout(timer);
      return exit;
    },
    async crash() {
      if (!hasExited) child.kill('SIGKILL');
      return exited;
    },
  };

  const deadline = Date.now() + (options.startTimeoutMs ?? 180_000);
  while (Date.now() < deadline) {
    if (hasExited) throw new Error(`the server exited before serving:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}${apiPaths.health}`);
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await server.crash();
  throw new Error(`the server did not start in time:\n${output}`);
}

export async function unlock(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}${apiPaths.gate}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: CHILD_PASSWORD }),
  });
  if (res.status !== 204) throw new Error(`gate refused: ${res.status} ${await res.text()}`);
  const setCookie = res.headers.get('set-cookie');
  if (!setCookie) throw new Error('gate set no cookie');
  return setCookie.split(';')[0]!;
}

/** The sessions.token_hash behind a Cookie header from unlock() (the cookie is `token.signature`). */
export function sessionTokenHashOfCookie(cookie: string): string {
  const prefix = `${SESSION_COOKIE_NAME}=`;
  if (!cookie.startsWith(prefix)) throw new Error(`not a session cookie: ${cookie}`);
  const signed = decodeURIComponent(cookie.slice(prefix.length));
  return hashSessionToken(signed.slice(0, signed.lastIndexOf('.')));
}
