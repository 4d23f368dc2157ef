import fp from 'fastify-plugin';
import { z } from 'zod';
import { idSchema, modeSchema } from '@dwellscape/shared';
import { findDesignById } from '../modules/designs/designs.repository';
import type { AppInstance } from '../types';
import { createLiveFeed, type LiveFeed } from './live-feed';

/** The NOTIFY channel the publish transaction signals on (payload: {"id","mode"}). */
export const DESIGN_PUBLISHED_CHANNEL = 'design_published';

const notificationSchema = z.object({ id: idSchema, mode: modeSchema });

declare module 'fastify' {
  interface FastifyInstance {
    /** New public designs of this process and of every other instance on the same database. */
    liveFeed: LiveFeed;
  }
}

async function realtime(app: AppInstance) {
  const liveFeed = createLiveFeed((err) => app.log.warn({ err }, 'live stream write failed'));
  app.decorate('liveFeed', liveFeed);

  async function deliver(payload: string) {
    let parsed: z.infer<typeof notificationSchema>;
    try {
      parsed = notificationSchema.parse(JSON.parse(payload));
    } catch {
      app.log.warn({ payload }, 'ignored a malformed design_published notification');
      return;
    }
    // nobody is watching this mode in this process: skip the query
    if (liveFeed.subscriberCount(parsed.mode) === 0) return;
    const design = await findDesignById(app.db, parsed.id, null);
    if (!design || !design.isPublic) return;
    liveFeed.publish(design);
  }

  let unlisten: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    unlisten = await app.database.listen(DESIGN_PUBLISHED_CHANNEL, (payload) => {
      deliver(payload).catch((err: unknown) => app.log.error({ err }, 'live feed delivery failed'));
    });
  });
  // open streams would otherwise hold the server open: end them before it waits for requests
  app.addHook('preClose', async () => {
    liveFeed.endAll();
  });
  app.addHook('onClose', async () => {
    liveFeed.endAll();
    await unlisten?.();
    unlisten = null;
  });
}

export default fp(realtime, { name: 'realtime' });
