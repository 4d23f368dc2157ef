/**
 * Child processes for benchmarks: TypeScript scripts run with tsx, each pinned to one CPU core
 * with `taskset` so that the server and the load generator never share a core.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

const hasTaskset = spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;

/** Whether processes are really pinned: without `taskset` they run on any core (and the figures say so). */
export const pinning = hasTaskset ? 'pinned with taskset' : 'NOT pinned (taskset missing)';

/** `node --import tsx <script> …args`, pinned to `core` when taskset exists. */
function nodeCommand(core: number | null, script: string, args: string[]): [string, string[]] {
  const nodeArgs = ['--import', 'tsx', path.resolve(repoRoot, script), ...args];
  if (core === null || !hasTaskset) return [process.execPath, nodeArgs];
  return ['taskset', ['-c', String(core), process.execPath, ...nodeArgs]];
}

export interface StartOptions {
  core: number | null;
  env: NodeJS.ProcessEnv;
  /** Where the child's stdout and stderr go (a server's log); ignored when absent. */
  logFile?: string;
  cwd?: string;
}

export interface RunningChild {
  child: ChildProcess;
  /** CPU seconds (user + system) the process has used so far; null where /proc is not there. */
  cpuSeconds(): number | null;
  /** Resolves with the exit code (or null when killed by a signal). */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
  stop(graceMs?: number): Promise<void>;
}

/** Starts a long-running script (a server). Its output goes to `logFile` so that a full pipe never blocks it. */
export function startScript(script: string, args: string[], options: StartOptions): RunningChild {
  const [command, commandArgs] = nodeCommand(options.core, script, args);
  const out = options.logFile ? openSync(options.logFile, 'a') : 'ignore';
  const child = spawn(command, commandArgs, {
    cwd: options.cwd ?? repoRoot,
    env: options.env,
    stdio: ['ignore', out, out],
  });
  if (typeof out === 'number') closeSync(out);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    cpuSeconds: () => (child.pid === undefined ? null : processCpuSeconds(child.pid)),
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** utime + stime of a process from /proc/<pid>/stat (fields 14 and 15, in clock ticks of 1/100 s). */
function processCpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) may hold spaces; the fields after its closing parenthesis do not
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * Runs a script to completion and parses the JSON it prints as its last stdout line.
 * `input` travels as the first argument (JSON), so the script needs no other interface.
 */
export async function runScriptForJson<T>(
  script: string,
  input: unknown,
  options: { core: number | null; env?: NodeJS.ProcessEnv },
): Promise<T> {
  const [command, commandArgs] = nodeCommand(options.core, script, [JSON.stringify(input)]);
  const child = spawn(command, commandArgs, {
    cwd: repoRoot,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (c) => resolve(c));
  });
  const lastLine = stdout.trim().split('\n').at(-1) ?? '';
  if (code !== 0 || !lastLine.startsWith('{')) {
    throw new Error(`${script} failed (exit ${code}): ${stderr.trim().slice(-2000) || stdout.trim().slice(-2000)}`);
  }
  return JSON.parse(lastLine) as T;
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers 200; fails early when the process exits first. */
export async function waitUntilServing(url: string, running: RunningChild, timeoutMs = 120_000): Promise<void> {
  let exitCode: number | null | undefined;
  void running.exited.then((code) => (exitCode = code));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`the process exited (code ${exitCode}) before serving ${url}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** The parent's environment without the variables that would point a child at the wrong database or log level. */
export function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'DATA_DIR', 'PORT', 'HOST', 'LOG_LEVEL', 'BETA_PASSWORD', 'SESSION_SECRET']) {
    delete env[key];
  }
  return { ...env, ...extra };
}
