import fp from 'fastify-plugin';
import { z } from 'zod';
import {
  designSchema,
  idSchema,
  MODES,
  modeSchema,
  type Design,
  type DesignCounts,
  type Mode,
} from '@dwellscape/shared';
import { findDesignById } from '../modules/designs/designs.repository';
import { decodeFeedChange, FEED_CHANGED_CHANNEL } from '../modules/designs/feed-cache';
import type { AppInstance } from '../types';
import { createFanOut, createLiveFeed, type FanOut, type LiveFeed } from './live-feed';
import { findNewestPublicDesignId, findPublicDesignCounts, findPublicDesignsPublishedAfter } from './live.repository';
import { markLiveTrace } from '../live-trace';

/**
 * The NOTIFY channel the publish transaction signals on (payload: {"id","mode"}, and "design" when
 * it fits: the design as a signed-out viewer sees it).
 */
export const DESIGN_PUBLISHED_CHANNEL = 'design_published';

const notificationSchema = z.object({ id: idSchema, mode: modeSchema, design: z.unknown().optional() });

declare module 'fastify' {
  interface FastifyInstance {
    /** New public designs of this process and of every other instance on the same database. */
    liveFeed: LiveFeed;
    /** The like and comment counts of public designs, by mode, whenever a like, an unlike or a comment changes them. */
    designCounts: FanOut<Mode, DesignCounts>;
  }
}

/** How many delivered ids each process remembers, so a catch-up never sends a design twice. */
const DELIVERED_MEMORY = 500;
/** The most a catch-up after a lost LISTEN connection sends per mode (the newest of what was missed). */
const CATCH_UP_LIMIT = 100;

async function realtime(app: AppInstance) {
  const liveFeed = createLiveFeed((err) => app.log.warn({ err }, 'live stream write failed'));
  app.decorate('liveFeed', liveFeed);

  // the newest public design of each mode this process's viewers are known to have: where a
  // catch-up starts after notifications were lost
  const anchors = new Map<Mode, string | null>();
  const delivered = new Set<string>();
  function publishOnce(design: Design) {
    anchors.set(design.mode, design.id);
    if (delivered.has(design.id)) return;
    delivered.add(design.id);
    if (delivered.size > DELIVERED_MEMORY) delivered.delete(delivered.values().next().value!);
    markLiveTrace('live:writes-started', liveFeed.subscriberCount(design.mode));
    liveFeed.publish(design);
    markLiveTrace('live:writes-ended');
  }

  // the design the notification carries spares a read before the writes (the fan-out's first write
  // came some 5 to 15 ms after the notification on PGlite, behind the publish's own queries)
  function announcedDesign(carried: unknown): Design | null {
    if (carried === undefined) return null;
    const checked = designSchema.safeParse(carried);
    if (checked.success) return checked.data;
    app.log.warn(
      { issues: checked.error.issues },
      'a design_published notification carried a design that does not parse',
    );
    return null;
  }

  async function deliver(payload: string) {
    let parsed: z.infer<typeof notificationSchema>;
    try {
      parsed = notificationSchema.parse(JSON.parse(payload));
    } catch {
      app.log.warn({ payload }, 'ignored a malformed design_published notification');
      return;
    }
    // nobody is watching this mode in this process: skip the design's query, only move the anchor
    if (liveFeed.subscriberCount(parsed.mode) === 0) {
      anchors.set(parsed.mode, await findNewestPublicDesignId(app.db, parsed.mode));
      return;
    }
    const design = announcedDesign(parsed.design) ?? (await findDesignById(app.db, parsed.id, null));
    markLiveTrace('live:design-ready');
    if (!design || design.id !== parsed.id || !design.isPublic || design.mode !== parsed.mode) return;
    publishOnce(design);
  }

  async function setAnchors() {
    for (const mode of MODES) anchors.set(mode, await findNewestPublicDesignId(app.db, mode));
  }

  /**
   * After the LISTEN connection was lost and replaced: sends what was published meanwhile (the
   * notifications of that gap are gone), in order, once, then starts again from the newest.
   */
  async function catchUp() {
    for (const mode of MODES) {
      const afterId = anchors.get(mode);
      if (afterId && liveFeed.subscriberCount(mode) > 0) {
        const missed = await findPublicDesignsPublishedAfter(app.db, { mode, afterId, limit: CATCH_UP_LIMIT });
        if (missed.length > 0) app.log.info({ mode, count: missed.length }, 'live feed caught up after a reconnect');
        for (const design of missed) publishOnce(design);
      }
      if (liveFeed.subscriberCount(mode) === 0 || !afterId)
        anchors.set(mode, await findNewestPublicDesignId(app.db, mode));
    }
  }

  /**
   * Notifications arrive in publish order (publishes are serialised, NOTIFY is delivered in commit
   * order), and each is handled only after the one before it: a design's query that happens to finish
   * sooner must not send it ahead of an older one, or a client that has seen the newer design (its
   * Last-Event-ID) would never get the older one.
   */
  let handled: Promise<void> = Promise.resolve();
  const inPublishOrder = (task: () => Promise<void>, failure: string) => {
    handled = handled.then(task).catch((err: unknown) => app.log.error({ err }, failure));
  };

  // docs/product.md §4: like and comment counts follow other people's actions live. Every write that changes a
  // design's card sends feed_changed naming it (feed-cache.ts); the counts are read as they are then and handed to
  // the streams of its mode. One after another, so a later like's count never goes out before an earlier one's
  const designCounts = createFanOut<Mode, DesignCounts>((err) => app.log.warn({ err }, 'live counts write failed'));
  app.decorate('designCounts', designCounts);
  async function deliverCounts(payload: string) {
    if (designCounts.subscriberCount() === 0) return;
    const change = decodeFeedChange(payload);
    if (!('designs' in change)) return;
    for (const { mode, ...counts } of await findPublicDesignCounts(app.db, change.designs)) {
      designCounts.publish(mode, counts);
    }
  }
  let countsHandled: Promise<void> = Promise.resolve();
  const countsInOrder = (payload: string) => {
    countsHandled = countsHandled
      .then(() => deliverCounts(payload))
      .catch((err: unknown) => app.log.error({ err }, 'live counts delivery failed'));
  };

  let unlisten: (() => Promise<void>) | null = null;
  let unlistenCounts: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    // what changed while the connection was lost is not replayed: the screens ask again when shown
    unlistenCounts = await app.database.listen(FEED_CHANGED_CHANNEL, countsInOrder);
    unlisten = await app.database.listen(
      DESIGN_PUBLISHED_CHANNEL,
      (payload) => {
        markLiveTrace('live:notification');
        inPublishOrder(() => deliver(payload), 'live feed delivery failed');
      },
      () => inPublishOrder(catchUp, 'live feed catch-up failed'),
    );
    // read after LISTEN: whatever is published from here on is either notified or newer than these
    await setAnchors();
  });
  // open streams would otherwise hold the server open: end them before it waits for requests
  app.addHook('preClose', async () => {
    liveFeed.endAll();
    designCounts.endAll();
  });
  app.addHook('onClose', async () => {
    liveFeed.endAll();
    designCounts.endAll();
    await unlisten?.();
    unlisten = null;
    await unlistenCounts?.();
    unlistenCounts = null;
  });
}

export default fp(realtime, { name: 'realtime' });
