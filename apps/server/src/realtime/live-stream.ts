import { normalizeIP } from '@fastify/rate-limit';
import type { ServerResponse } from 'node:http';
import { contracts, idSchema, type Design, type DesignCounts, type Mode, type StreamEvents } from '@dwellscape/shared';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { z } from 'zod/mini';
import type { FanOut, LiveFeed } from './live-feed';
import type { OpenStreams } from './open-streams';

/** The most designs one reconnect replays; a client further behind gets the newest of them. */
export const LIVE_REPLAY_LIMIT = 100;

/**
 * Bytes a stream may hold unsent before its client counts as gone: a client that stopped reading
 * would otherwise make the server buffer every later event for it. Its EventSource reconnects
 * with Last-Event-ID and gets what it missed by replay.
 */
export const LIVE_MAX_BUFFERED_BYTES = 1024 * 1024;

/** One event's bytes, and the same as one HTTP chunk of a chunked response. */
export interface EventFrame {
  bytes: Buffer;
  chunk: Buffer;
}

function frameOf(text: string): EventFrame {
  const bytes = Buffer.from(text);
  const chunk = Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]);
  return { bytes, chunk };
}

const pingFrame = frameOf(': ping\n\n');

/**
 * One event of a stream's contract (`id:`, `event:`, `data:` lines and a blank line), its data checked against the
 * event's schema. A publish writes one event to every stream: encode it once and `write` the frame to each.
 */
export function encodeEvent<E extends StreamEvents, K extends keyof E & string>(
  events: E,
  name: K,
  data: z.input<E[K]>,
  id?: string,
): EventFrame {
  const idLine = id === undefined ? '' : `id: ${id}\n`;
  return frameOf(
    `${idLine}event: ${name}\ndata: ${JSON.stringify(z.parse(events[name] as z.core.$ZodType, data))}\n\n`,
  );
}

/**
 * Writes one event straight to the response's socket, framed as the HTTP chunk res.write would
 * have made. res.write corks the socket until the next tick and then hands it the frame in four
 * pieces: over a publish's thousands of streams, no client got a byte before the whole loop had
 * run, and the pieces' writev cost more than the loop (bench/README.md). Before the socket is this
 * response's (a pipelined request), while the response still holds bytes of its own that the socket has not
 * taken (its headers, on a socket a previous response just let go), or without chunked encoding (HTTP/1.0),
 * res.write does it, so nothing overtakes the headers.
 */
function writeFrame(res: ServerResponse, frame: EventFrame): void {
  // ended (revoked) but not yet closed: a chunk after the last one would be read as the next response
  if (res.writableEnded) return;
  const socket = res.socket;
  if (socket !== null && res.chunkedEncoding && res.writableLength === socket.writableLength) socket.write(frame.chunk);
  else res.write(frame.bytes);
}

/** An open event stream whose events are those of its contract. */
export interface EventStream<E extends StreamEvents> {
  /** Sends one event, its data checked against its schema; `id` moves the client's Last-Event-ID. */
  send<K extends keyof E & string>(name: K, data: z.input<E[K]>, id?: string): void;
  /** Sends an event encoded once for many streams (encodeEvent with the same contract's events). */
  write(frame: EventFrame): void;
  /** An id without data: the client's Last-Event-ID moves, so its reconnect replays from there. */
  sendId(id: string): void;
  readonly closed: boolean;
  /** `listener` runs once when the stream closes, for whatever reason (the client left, revoked, dropped, ended). */
  onClose(listener: () => void): void;
  close(): void;
}

export interface StartEventStreamOptions<E extends StreamEvents> {
  /** The stream's contract's events. */
  events: E;
  /** Proxies and load balancers drop idle connections; a comment now and then keeps the stream open. */
  heartbeatMs: number;
  log: FastifyBaseLogger;
}

/**
 * Takes the response over from Fastify and writes an event stream's headers, keeping the headers
 * other hooks set (helmet's security headers). The stream counts against its session's and its
 * address's caps (a 429 before any byte when either is full) and ends when its session or account
 * is revoked (open-streams.ts). It sends a heartbeat comment every `heartbeatMs`, and drops a client
 * that stops reading (LIVE_MAX_BUFFERED_BYTES, or a buffer that stayed full for a heartbeat).
 */
export function startEventStream<E extends StreamEvents>(
  reply: FastifyReply,
  streams: OpenStreams,
  options: StartEventStreamOptions<E>,
): EventStream<E> {
  const { viewer, ip } = reply.request;
  const res = reply.raw;
  let stream: EventStream<E> | null = null;
  const release = streams.open(
    {
      viewerId: viewer.viewerId,
      accountId: viewer.accountId,
      // an IPv6 client is one address per /64, as every per-address limit counts it
      address: normalizeIP(ip),
      startedAt: performance.now() - reply.elapsedTime,
    },
    // revoked: never before the stream below is set up; its slot goes on the response's 'close'
    () => stream?.close(),
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
  stream = eventStreamOn(res, options);
  return stream;
}

/**
 * The event stream on a response whose event-stream headers are written (startEventStream): its events, its
 * heartbeat and the drop rule for a client that stops reading.
 */
export function eventStreamOn<E extends StreamEvents>(
  res: ServerResponse,
  options: StartEventStreamOptions<E>,
): EventStream<E> {
  const { log } = options;
  const closeListeners: (() => void)[] = [];
  let closed = false;

  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    for (const listener of closeListeners.splice(0)) listener();
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

  const heartbeat = setInterval(beat, options.heartbeatMs);
  heartbeat.unref();
  res.on('close', close);
  res.on('error', close);

  return {
    send: (name, data, id) => {
      if (!closed) write(encodeEvent(options.events, name, data, id));
    },
    write,
    sendId: (id) => write(frameOf(`id: ${id}\n\n`)),
    get closed() {
      return closed;
    },
    onClose: (listener) => {
      if (closed) listener();
      else closeListeners.push(listener);
    },
    close,
  };
}

/** A replay anchor only when it can be one of our ids; anything else simply replays nothing. */
export function replayAnchor(header: string | string[] | undefined, query: string | undefined): string | null {
  const value = typeof header === 'string' && header !== '' ? header : query;
  const parsed = idSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export interface ReplayedStreamOptions<E extends StreamEvents, Item> {
  stream: EventStream<E>;
  /** Subscribes `send` to the live items; `end` ends the stream (server shutdown). Returns the unsubscribe function. */
  subscribe(send: (item: Item) => void, end: () => void): () => void;
  /** Reads what the client missed, oldest first; null when it has seen nothing (no Last-Event-ID). */
  replay: (() => Promise<Item[]>) | null;
  /** The id the client last saw (its Last-Event-ID), never sent to it again; null when none. */
  seenId?: string | null;
  idOf(item: Item): string;
  /** Writes the item on the stream as its event. */
  sendItem(item: Item): void;
  log: FastifyBaseLogger;
}

/**
 * Serves live items on an event stream: subscribes first, then replays what the client missed, then hands it live
 * items, each id once.
 */
export function serveReplayedStream<E extends StreamEvents, Item>(options: ReplayedStreamOptions<E, Item>): void {
  const { stream, log } = options;
  // items that arrive live while the replay is read wait here, so none falls between the two
  let pending: Item[] | null = options.replay === null ? null : [];
  // an item sent just before the replay query can also arrive live after it, and so can the
  // client's own last one when its notification reaches this process after the reconnect
  const replayed = new Set<string>(options.seenId ? [options.seenId] : []);

  const sendLive = (item: Item) => {
    if (replayed.has(options.idOf(item))) return;
    options.sendItem(item);
  };

  const unsubscribe = options.subscribe(
    (item) => {
      if (pending) pending.push(item);
      else sendLive(item);
    },
    () => stream.close(),
  );
  stream.onClose(unsubscribe);

  if (options.replay !== null) {
    options
      .replay()
      .then((missed) => {
        for (const item of missed) {
          replayed.add(options.idOf(item));
          options.sendItem(item);
        }
        const waiting = pending ?? [];
        pending = null;
        for (const item of waiting) sendLive(item);
      })
      .catch((err: unknown) => {
        // ending the stream makes the EventSource come back with the same Last-Event-ID and try again
        log.warn({ err }, 'live replay failed');
        stream.close();
      });
  }
}

type LiveEvents = typeof contracts.designsLive.events;

export interface LiveStreamOptions {
  stream: EventStream<LiveEvents>;
  feed: LiveFeed;
  /** The counts of the mode's designs as they change (realtime.ts); the stream sends them as they come. */
  counts: FanOut<Mode, DesignCounts>;
  mode: Mode;
  /** The last design the client saw (Last-Event-ID); null when it has seen none. */
  replayAfterId: string | null;
  /** Reads the public designs of `mode` published after a design, oldest first. */
  findMissed: (afterId: string) => Promise<Design[]>;
  log: FastifyBaseLogger;
}

// one publish hands the same object to every subscriber: validate and encode it once
const eventFrames = new WeakMap<LiveItem, EventFrame>();

type LiveItem = Design | DesignCounts;
const isDesign = (item: LiveItem): item is Design => 'title' in item;

/**
 * A new design goes as its feed card (the contract's `design` schema): what the feed draws of it. The rest (its
 * answers, receipt, before picture) comes with the design's own read; sent to every open stream it would multiply
 * by their number. Counts go without an `id:` line, so the browser's Last-Event-ID stays the last design's: counts
 * are never replayed (a screen shown again asks for its designs afresh).
 */
function liveFrame(item: LiveItem): EventFrame {
  let frame = eventFrames.get(item);
  if (frame === undefined) {
    const { events } = contracts.designsLive;
    frame = isDesign(item) ? encodeEvent(events, 'design', item, item.id) : encodeEvent(events, 'counts', item);
    eventFrames.set(item, frame);
  }
  return frame;
}

/**
 * The live feed of one mode: new public designs, after a replay of those the client missed, and the counts of its
 * designs as people like, unlike and comment.
 */
export function serveLiveStream(options: LiveStreamOptions): void {
  const { stream, replayAfterId, findMissed } = options;
  serveReplayedStream<LiveEvents, LiveItem>({
    stream,
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
    sendItem: (item) => stream.write(liveFrame(item)),
    log: options.log,
  });
}
