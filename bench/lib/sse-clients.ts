/** The parent's side of bench/lib/sse-clients-worker.ts: a process holding many live-feed clients. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './child';
import { ensureOpenFiles, pinToCore } from './process-limits';

export type ClientsCommand =
  | { type: 'open'; port: number; path: string; cookie: string; count: number; concurrency: number }
  | { type: 'collect'; timeoutMs: number }
  | { type: 'close' };

export type ClientsReport =
  | { type: 'opened'; connected: number; failed: number; ms: number }
  | {
      type: 'received';
      /** Per client: when it had parsed its first design event. */
      times: number[];
      /** Per client, in the same order: when the chunk that completed that event reached its handler. */
      arrivals: number[];
      designIds: string[];
      missing: number;
    };

export interface ClientsProcess {
  child: ChildProcess;
  open(
    command: Omit<Extract<ClientsCommand, { type: 'open' }>, 'type'>,
  ): Promise<Extract<ClientsReport, { type: 'opened' }>>;
  /** Waits until every client has its first design event (or `timeoutMs` passed). */
  collect(timeoutMs: number): Promise<Extract<ClientsReport, { type: 'received' }>>;
  close(): Promise<void>;
}

export async function startClientsProcess(options: { sockets: number; core: number | null }): Promise<ClientsProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bench/lib/sse-clients-worker.ts')], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  const pid = child.pid!;
  // every client holds a socket; a few more for stdio, the IPC channel and Node itself
  ensureOpenFiles(pid, options.sockets + 64);
  if (options.core !== null) pinToCore(pid, options.core);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  function request<T extends ClientsReport['type']>(command: ClientsCommand, answer: T) {
    return new Promise<Extract<ClientsReport, { type: T }>>((resolve, reject) => {
      const onMessage = (report: ClientsReport) => {
        if (report.type !== answer) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(report as Extract<ClientsReport, { type: T }>);
      };
      const onExit = (code: number | null) => reject(new Error(`the SSE client process exited (code ${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send(command);
    });
  }

  return {
    child,
    open: (command) => request({ type: 'open', ...command }, 'opened'),
    collect: (timeoutMs) => request({ type: 'collect', timeoutMs }, 'received'),
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        child.send({ type: 'close' });
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
