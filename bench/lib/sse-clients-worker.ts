/**
 * Many live-feed clients in one process, driven by bench/live-fanout.ts over IPC. Each client is a
 * raw http.request on its own socket (agent: false); a client counts as connected once the
 * server's ': connected' comment arrives, and as reached once it has parsed its first `design`
 * event, at `performance.timeOrigin + performance.now()` (a wall clock both processes share). Each
 * client also notes when the chunk that completed that event reached its handler, so the report
 * can tell the time spent in this process apart from the time before.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { ClientsCommand, ClientsReport } from './sse-clients';

interface Client {
  request: http.ClientRequest;
  /** When the chunk that completed the first design event reached the handler. */
  arrivedAt: number | null;
  receivedAt: number | null;
  designId: string | null;
}

const clients: Client[] = [];
const epochNow = () => performance.timeOrigin + performance.now();
let onReceived: (() => void) | null = null;
let receivedCount = 0;

function send(report: ClientsReport) {
  process.send?.(report);
}

function openClient(command: Extract<ClientsCommand, { type: 'open' }>): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (ok: boolean) => {
      if (!settled) {
        settled = true;
        resolve(ok);
      }
    };
    const client: Client = {
      request: null as unknown as http.ClientRequest,
      arrivedAt: null,
      receivedAt: null,
      designId: null,
    };
    client.request = http.request(
      {
        host: '127.0.0.1',
        port: command.port,
        path: command.path,
        agent: false,
        headers: { cookie: command.cookie, accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          settle(false);
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (text: string) => {
          const arrivedAt = epochNow();
          buffer += text;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.startsWith(': connected')) {
              clients.push(client);
              settle(true);
              continue;
            }
            if (client.receivedAt !== null || !block.includes('event: design')) continue;
            const data = block
              .split('\n')
              .filter((line) => line.startsWith('data: '))
              .map((line) => line.slice(6))
              .join('\n');
            const design = JSON.parse(data) as { id: string };
            client.receivedAt = epochNow();
            client.arrivedAt = arrivedAt;
            client.designId = design.id;
            receivedCount++;
            onReceived?.();
          }
        });
        res.on('error', () => settle(false));
      },
    );
    client.request.on('error', () => settle(false));
    client.request.end();
  });
}

async function openAll(command: Extract<ClientsCommand, { type: 'open' }>) {
  const started = performance.now();
  let next = 0;
  let failed = 0;
  // a bounded number of handshakes at a time: the server looks up the session of each one
  const opener = async () => {
    while (next < command.count) {
      next++;
      if (!(await openClient(command))) failed++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(command.concurrency, command.count) }, opener));
  send({ type: 'opened', connected: clients.length, failed, ms: performance.now() - started });
}

async function collect(timeoutMs: number) {
  if (receivedCount < clients.length) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      onReceived = () => {
        if (receivedCount >= clients.length) {
          clearTimeout(timer);
          resolve();
        }
      };
    });
  }
  onReceived = null;
  const reached = clients.filter((c) => c.receivedAt !== null);
  send({
    type: 'received',
    times: reached.map((c) => c.receivedAt!),
    arrivals: reached.map((c) => c.arrivedAt!),
    designIds: [...new Set(reached.map((c) => c.designId!))],
    missing: clients.length - reached.length,
  });
}

process.on('message', (command: ClientsCommand) => {
  if (command.type === 'open') void openAll(command);
  else if (command.type === 'collect') void collect(command.timeoutMs);
  else if (command.type === 'close') {
    for (const client of clients) client.request.destroy();
    process.disconnect?.();
    process.exit(0);
  }
});
