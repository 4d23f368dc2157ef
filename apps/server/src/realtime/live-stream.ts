import type { ServerResponse } from 'node:http';
import { designSchema, type Design, type Mode } from '@dwellscape/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveFeed } from './live-feed';

/** The most designs one reconnect replays; a client further behind gets the newest of them. */
export const LIVE_REPLAY_LIMIT = 100;

/**
 * Bytes a stream may hold unsent before its client counts as gone: a client that stopped reading
 * would otherwise make the server buffer every later design for it. Its EventSource reconnects
 * with Last-Event-ID and gets what it missed by replay.
 */
export const LIVE_MAX_BUFFERED_BYTES = 1024 * 1024;

export interface LiveStreamOptions {
  res: ServerResponse;
  feed: LiveFeed;
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

function designEvent(design: Design): string {
  let text = eventTexts.get(design);
  if (text === undefined) {
    text = `id: ${design.id}\nevent: design\ndata: ${JSON.stringify(designSchema.parse(design))}\n\n`;
    eventTexts.set(design, text);
  }
  return text;
}

/**
 * Serves one live-feed stream on a response whose headers are written: subscribes first, then
 * replays what the client missed, then hands it live designs, each id once.
 */
export function serveLiveStream(options: LiveStreamOptions): void {
  const { res, log } = options;
  let closed = false;
  // designs that arrive live while the replay is read wait here, so none falls between the two
  let pending: Design[] | null = options.replayAfterId === null ? null : [];
  // a design published just before the replay query can also arrive live after it
  const replayed = new Set<string>();

  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    if (!res.writableEnded) res.end();
  };

  const write = (text: string) => {
    if (closed) return;
    if (res.writableLength > LIVE_MAX_BUFFERED_BYTES) {
      log.warn({ buffered: res.writableLength }, 'dropped a live-feed client that stopped reading');
      close();
      res.destroy();
      return;
    }
    res.write(text);
  };

  const sendLive = (design: Design) => {
    if (replayed.has(design.id)) return;
    write(designEvent(design));
  };

  const unsubscribe = options.feed.subscribe(
    options.mode,
    (design) => {
      if (pending) pending.push(design);
      else sendLive(design);
    },
    close,
  );
  const heartbeat = setInterval(() => write(': ping\n\n'), options.heartbeatMs);
  heartbeat.unref();
  res.on('close', close);
  res.on('error', close);

  if (options.replayAfterId !== null) {
    options
      .findMissed(options.replayAfterId)
      .then((missed) => {
        for (const design of missed) {
          replayed.add(design.id);
          write(designEvent(design));
        }
        const waiting = pending ?? [];
        pending = null;
        for (const design of waiting) sendLive(design);
      })
      .catch((err: unknown) => {
        // ending the stream makes the EventSource come back with the same Last-Event-ID and try again
        log.warn({ err }, 'live feed replay failed');
        close();
      });
  }
}
