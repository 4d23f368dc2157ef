import { normalizeIP } from '@fastify/rate-limit';
import type { ServerResponse } from 'node:http';
import {
  designCountsSchema,
  feedDesignSchema,
  idSchema,
  type Design,
  type DesignCounts,
  type Mode,
} from '@dwellscape/shared';
import type { FanOut } from './live-feed';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { LiveFeed } from './live-feed';
import type { OpenStreams } from './open-streams';

/** The most designs one reconnect replays; a client further behind gets the newest of them. */
export const LIVE_REPLAY_LIMIT = 100;

/**
 * Bytes a stream may hold unsent before its client counts as gone: a client that stopped reading
 * would otherwise make the server buffer every later event for it. Its EventSource reconnects
 * with Last-Event-ID and gets what it missed by replay.
 */
export const LIVE_MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * Takes the response over from Fastify and writes an event stream's headers, keeping the headers
 * other hooks set (helmet's security headers). The stream counts against its session's and its
 * address's caps (a 429 before any byte when either is full) and ends when its session or account
 * is revoked (open-streams.ts). Returns the raw response to write events on.
 */
export function startEventStream(reply: FastifyReply, streams: OpenStreams): ServerResponse {
  const { viewer, ip } = reply.request;
  const res = reply.raw;
  const release = streams.open(
    {
      viewerId: viewer.viewerId,
      accountId: viewer.accountId,
      // an IPv6 client is one address per /64, as every per-address limit counts it
      address: normalizeIP(ip),
      startedAt: performance.now() - reply.elapsedTime,
    },
    () => {
      // the stream's own close runs on the response's 'close', after this end has been sent
      if (!res.writableEnded) res.end();
    },
  );
  res.once('close', release);
  reply.hijack();
  const hookHeaders = Object.entries(reply.getHeaders()).filter(
    (entry): entry is [string, string | number | string[]] => entry[1] !== undefined,
  );
  res.writeHead(200, {
    ...Object.fromEntries(hookHeaders),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  res.write(': connected\n\n');
  return res;
}

/** One event's bytes, and the same as one HTTP chunk of a chunked response. */
interface EventFrame {
  bytes: Buffer;
  chunk: Buffer;
}

function frameOf(text: string): EventFrame {
  const bytes = Buffer.from(text);
  const chunk = Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]);
  return { bytes, chunk };
}

const pingFrame = frameOf(': ping\n\n');
// a publish writes the same text to every stream in one loop: it is encoded once
let lastEvent: { text: string; frame: EventFrame } | null = null;

function eventFrame(text: string): EventFrame {
  if (lastEvent?.text !== text) lastEvent = { text, frame: frameOf(text) };
  return lastEvent.frame;
}

/**
 * Writes one event straight to the response's socket, framed as the HTTP chunk res.write would
 * have made. res.write corks the socket until the next tick and then hands it the frame in four
 * pieces: over a publish's thousands of streams, no client got a byte before the whole loop had
 * run, and the pieces' writev cost more than the loop (bench/README.md). Before the socket is this
 * response's (a pipelined request) or without chunked encoding (HTTP/1.0), res.write does it.
 */
function writeFrame(res: ServerResponse, frame: EventFrame): void {
  // ended (revoked) but not yet closed: a chunk after the last one would be read as the next response
  if (res.writableEnded) return;
  const socket = res.socket;
  if (socket !== null && res.chunkedEncoding) socket.write(frame.chunk);
  else res.write(frame.bytes);
}

/** A replay anchor only when it can be one of our ids; anything else simply replays nothing. */
export function replayAnchor(header: string | string[] | undefined, query: string | undefined): string | null {
  const value = typeof header === 'string' && header !== '' ? header : query;
  const parsed = idSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export interface EventStreamOptions<Item> {
  res: ServerResponse;
  /** Subscribes `send` to the live items; `end` ends the stream (server shutdown). Returns the unsubscribe function. */
  subscribe(send: (item: Item) => void, end: () => void): () => void;
  /** Reads what the client missed, oldest first; null when it has seen nothing (no Last-Event-ID). */
  replay: (() => Promise<Item[]>) | null;
  /** The id the client last saw (its Last-Event-ID), never sent to it again; null when none. */
  seenId?: string | null;
  idOf(item: Item): string;
  /** The item as one SSE event (`id:`, `event:`, `data:` lines and a blank line). */
  eventOf(item: Item): string;
  heartbeatMs: number;
  log: FastifyBaseLogger;
}

/**
 * Serves one event stream on a response whose headers are written: subscribes first, then replays
 * what the client missed, then hands it live items, each id once.
 */
export function serveEventStream<Item>(options: EventStreamOptions<Item>): void {
  const { res, log } = options;
  let closed = false;
  // items that arrive live while the replay is read wait here, so none falls between the two
  let pending: Item[] | null = options.replay === null ? null : [];
  // an item sent just before the replay query can also arrive live after it, and so can the
  // client's own last one when its notification reaches this process after the reconnect
  const replayed = new Set<string>(options.seenId ? [options.seenId] : []);

  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    if (!res.writableEnded) res.end();
  };

  const drop = (why: string) => {
    log.warn({ buffered: res.writableLength }, why);
    close();
    res.destroy();
  };

  // bytes this process still holds for the client (what its kernel buffers could not take), at the last heartbeat,
  // and bytes written since
  let unsentAtBeat = 0;
  let writtenSinceBeat = 0;

  const write = (frame: EventFrame) => {
    if (closed) return;
    // counts what the socket holds too: the frames are written to it directly
    if (res.writableLength + frame.chunk.length > LIVE_MAX_BUFFERED_BYTES) {
      drop('dropped a live client that stopped reading');
      return;
    }
    writeFrame(res, frame);
    writtenSinceBeat += frame.chunk.length;
  };

  const beat = () => {
    if (closed) return;
    const unsent = res.writableLength;
    // held since the last heartbeat and none of it taken: the client's buffer stays full, its memory is ours
    if (unsentAtBeat > 0 && unsentAtBeat + writtenSinceBeat - unsent <= 0) {
      drop('dropped a live client whose buffer stayed full for a heartbeat');
      return;
    }
    unsentAtBeat = unsent;
    writtenSinceBeat = 0;
    write(pingFrame);
  };

  const sendLive = (item: Item) => {
    if (replayed.has(options.idOf(item))) return;
    write(eventFrame(options.eventOf(item)));
  };

  const unsubscribe = options.subscribe((item) => {
    if (pending) pending.push(item);
    else sendLive(item);
  }, close);
  const heartbeat = setInterval(beat, options.heartbeatMs);
  heartbeat.unref();
  res.on('close', close);
  res.on('error', close);

  if (options.replay !== null) {
    options
      .replay()
      .then((missed) => {
        for (const item of missed) {
          replayed.add(options.idOf(item));
          write(eventFrame(options.eventOf(item)));
        }
        const waiting = pending ?? [];
        pending = null;
        for (const item of waiting) sendLive(item);
      })
      .catch((err: unknown) => {
        // ending the stream makes the EventSource come back with the same Last-Event-ID and try again
        log.warn({ err }, 'live replay failed');
        close();
      });
  }
}

export interface LiveStreamOptions {
  res: ServerResponse;
  feed: LiveFeed;
  /** The counts of the mode's designs as they change (realtime.ts); the stream sends them as they come. */
  counts: FanOut<Mode, DesignCounts>;
  mode: Mode;
  /** The last design the client saw (Last-Event-ID); null when it has seen none. */
  replayAfterId: string | null;
  /** Reads the public designs of `mode` published after a design, oldest first. */
  findMissed: (afterId: string) => Promise<Design[]>;
  heartbeatMs: number;
  log: FastifyBaseLogger;
}

// one publish hands the same object to every subscriber: validate and serialise it once
const eventTexts = new WeakMap<Design, string>();

/**
 * A new design as its feed card (feedDesignSchema): what the feed draws of it. The rest (its answers, receipt,
 * before picture) comes with the design's own read; sent to every open stream it would multiply by their number.
 */
function designEvent(design: Design): string {
  let text = eventTexts.get(design);
  if (text === undefined) {
    text = `id: ${design.id}\nevent: design\ndata: ${JSON.stringify(feedDesignSchema.parse(design))}\n\n`;
    eventTexts.set(design, text);
  }
  return text;
}

const countsTexts = new WeakMap<DesignCounts, string>();

/**
 * A design's counts. Without an `id:` line, so the browser's Last-Event-ID stays the last design's: counts are
 * never replayed (a screen shown again asks for its designs afresh).
 */
function countsEvent(counts: DesignCounts): string {
  let text = countsTexts.get(counts);
  if (text === undefined) {
    text = `event: counts\ndata: ${JSON.stringify(designCountsSchema.parse(counts))}\n\n`;
    countsTexts.set(counts, text);
  }
  return text;
}

type LiveItem = Design | DesignCounts;
const isDesign = (item: LiveItem): item is Design => 'title' in item;

/**
 * The live feed of one mode: new public designs, after a replay of those the client missed, and the counts of its
 * designs as people like, unlike and comment.
 */
export function serveLiveStream(options: LiveStreamOptions): void {
  const { replayAfterId, findMissed } = options;
  serveEventStream<LiveItem>({
    res: options.res,
    subscribe: (send, end) => {
      const stopDesigns = options.feed.subscribe(options.mode, send, end);
      const stopCounts = options.counts.subscribe(options.mode, send, end);
      return () => {
        stopDesigns();
        stopCounts();
      };
    },
    replay: replayAfterId === null ? null : () => findMissed(replayAfterId),
    seenId: replayAfterId,
    // counts carry no event id: never among the replayed
    idOf: (item) => (isDesign(item) ? item.id : ''),
    eventOf: (item) => (isDesign(item) ? designEvent(item) : countsEvent(item)),
    heartbeatMs: options.heartbeatMs,
    log: options.log,
  });
}
