/**
 * Many live-feed clients in one process, driven by bench/live-fanout.ts over IPC. Each client is a
 * plain TCP socket that sends the GET itself and reads the response with a small HTTP/1.1 reader
 * (status line, headers, chunked body): Node's http client costs this one process more per socket
 * than the server's write does, and it is the figure's bottleneck otherwise. A client counts as
 * connected once the 200's ': connected' comment arrives, and as reached once it has read the
 * whole of its first `design` event (up to its blank line) and read its fields, at
 * `performance.timeOrigin + performance.now()` (a wall clock both processes share): its data is
 * the text the first client parsed as JSON (compared whole; other text is parsed on its own) and
 * its id line is that design's id. A later client whose chunk holds exactly the bytes of an event
 * read that way has the same event: it counts as reached on that byte comparison (see knownEvent).
 * Each client also notes when the bytes that completed that event reached its handler, so the
 * report can tell the time spent in this process apart from the time before.
 */
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { StringDecoder } from 'node:string_decoder';
import type { ClientsCommand, ClientsReport } from './sse-clients';

interface Client {
  socket: net.Socket;
  /** When the bytes that completed the first design event reached the handler. */
  arrivedAt: number | null;
  receivedAt: number | null;
  designId: string | null;
}

const clients: Client[] = [];
const timeOrigin = performance.timeOrigin;
const epochNow = () => timeOrigin + performance.now();
let onReceived: (() => void) | null = null;
let receivedCount = 0;

function send(report: ClientsReport) {
  process.send?.(report);
}

/**
 * Every socket reads into this one buffer and its bytes are handled at once (net's onread): no
 * stream and no 'data' event per read, which cost this process more than the handling itself.
 */
const readBuffer = Buffer.alloc(64 * 1024);
const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * The body of one chunked HTTP response, fed in the pieces TCP delivers: returns the payload bytes
 * they complete (chunk sizes, extensions and line ends removed), valid until the next read.
 */
function chunkedDecoder() {
  let pending: Buffer = Buffer.alloc(0);
  let remaining = 0; // payload bytes of the current chunk still to come, then its CRLF
  let inPayload = false;
  return (input: Buffer): Buffer[] => {
    pending = pending.length === 0 ? input : Buffer.concat([pending, input]);
    const out: Buffer[] = [];
    for (;;) {
      if (!inPayload) {
        const lineEnd = pending.indexOf(CRLF);
        if (lineEnd < 0) break;
        // parseInt stops at a chunk extension's ';'
        const size = Number.parseInt(pending.toString('latin1', 0, lineEnd), 16);
        if (!Number.isFinite(size)) throw new Error('malformed chunk size');
        pending = pending.subarray(lineEnd + 2);
        remaining = size;
        inPayload = true;
      }
      if (pending.length < remaining + 2) break;
      if (remaining > 0) out.push(pending.subarray(0, remaining));
      pending = pending.subarray(remaining + 2);
      inPayload = false;
    }
    // the input is the shared read buffer, which the next read overwrites: keep a copy of the rest
    if (pending.length > 0) pending = Buffer.from(pending);
    return out;
  };
}

/** One event's fields, as an EventSource reads them (data lines joined by line feeds). */
function readEvent(block: string): { id: string; event: string; data: string } {
  let id = '';
  let event = '';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('id: ')) id = line.slice(4);
    else if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('data: ')) data.push(line.slice(6));
  }
  return { id, event, data: data.join('\n') };
}

// every client gets the same event: its data is parsed as JSON once, and each other client's
// data is compared with it whole (any difference is parsed on its own)
let parsed: { data: string; designId: string } | null = null;

function designIdOf(data: string): string {
  if (parsed?.data !== data) parsed = { data, designId: (JSON.parse(data) as { id: string }).id };
  return parsed.designId;
}

/**
 * The bytes of the first design event a client read whole through the text path below (its fields
 * read, its data parsed, its id line its design's own), and that design's id. A client whose next
 * chunk carries exactly these bytes, with nothing of an earlier event pending, has received the same
 * event: a byte comparison stands for reading it again. The 2,000 clients share this process's one
 * core, and reading each one's copy as text was most of the time the report put on this process.
 */
let knownEvent: { bytes: Buffer; designId: string } | null = null;

function openClient(command: Extract<ClientsCommand, { type: 'open' }>): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (ok: boolean) => {
      if (!settled) {
        settled = true;
        resolve(ok);
      }
    };
    const socket = net.connect({
      host: '127.0.0.1',
      port: command.port,
      onread: {
        buffer: readBuffer,
        callback: (size) => {
          readBytes(readBuffer.subarray(0, size));
          return true;
        },
      },
    });
    const client: Client = { socket, arrivedAt: null, receivedAt: null, designId: null };
    let head: Buffer | null = Buffer.alloc(0) as Buffer;
    let decode: ((input: Buffer) => Buffer[]) | null = null;
    const utf8 = new StringDecoder('utf8');
    let text = '';

    const readEvents = (arrivedAt: number) => {
      let end: number;
      while ((end = text.indexOf('\n\n')) >= 0) {
        const block = text.slice(0, end);
        text = text.slice(end + 2);
        if (block.startsWith(': connected')) {
          clients.push(client);
          settle(true);
          continue;
        }
        if (client.receivedAt !== null) continue;
        const event = readEvent(block);
        if (event.event !== 'design') continue;
        const designId = designIdOf(event.data);
        // an event whose id line is not its design's own counts as another design
        if (event.id !== designId) {
          received(arrivedAt, `${event.id} (its data: ${designId})`);
          continue;
        }
        knownEvent ??= { bytes: Buffer.from(`${block}\n\n`), designId };
        received(arrivedAt, designId);
      }
    };

    const received = (arrivedAt: number, designId: string) => {
      client.receivedAt = epochNow();
      client.arrivedAt = arrivedAt;
      client.designId = designId;
      receivedCount++;
      onReceived?.();
    };

    socket.on('connect', () => {
      socket.write(
        `GET ${command.path} HTTP/1.1\r\nhost: 127.0.0.1:${command.port}\r\ncookie: ${command.cookie}\r\n` +
          'accept: text/event-stream\r\n\r\n',
      );
    });
    function readBytes(bytes: Buffer) {
      const arrivedAt = epochNow();
      let body = bytes;
      if (head !== null) {
        head = Buffer.concat([head, bytes]);
        const headEnd = head.indexOf(HEAD_END);
        if (headEnd < 0) return;
        const lines = head.subarray(0, headEnd).toString('latin1').split('\r\n');
        body = head.subarray(headEnd + 4);
        head = null;
        if (!/^HTTP\/1\.1 200 /.test(lines[0]!)) {
          socket.destroy();
          settle(false);
          return;
        }
        const chunked = lines.some((line) => /^transfer-encoding:\s*chunked$/i.test(line));
        decode = chunked ? chunkedDecoder() : (input) => [input];
      }
      for (const payload of decode!(body)) {
        if (text === '' && client.receivedAt === null && knownEvent?.bytes.equals(payload)) {
          received(arrivedAt, knownEvent.designId);
          continue;
        }
        text += utf8.write(payload);
      }
      readEvents(arrivedAt);
    }
    socket.on('error', () => settle(false));
    socket.on('close', () => settle(false));
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
    for (const client of clients) client.socket.destroy();
    process.disconnect?.();
    process.exit(0);
  }
});
