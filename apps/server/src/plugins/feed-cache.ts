import fp from 'fastify-plugin';
import { attachFeedCache, FEED_CHANGED_CHANNEL, FeedPageCache } from '../modules/designs/feed-cache';
import type { AppInstance } from '../types';

declare module 'fastify' {
  interface FastifyInstance {
    /** Feed pages shared by every viewer of this process; null with FEED_CACHE=off. */
    feedCache: FeedPageCache | null;
  }
}

/**
 * The feed page cache of this process (docs/decisions/0013-feed-page-cache.md). It keeps pages
 * only while it hears `feed_changed`, the notification every write that changes a feed page sends
 * in its transaction, so another process's write drops them here too; a lost LISTEN connection
 * stops the keeping, and its return drops everything (what was sent meanwhile is gone).
 */
export default fp(
  async (app: AppInstance) => {
    if (!app.config.feedCache) {
      app.decorate('feedCache', null);
      return;
    }
    const cache = new FeedPageCache();
    app.decorate('feedCache', cache);
    const detach = attachFeedCache(app.db, cache);

    let unlisten: (() => Promise<void>) | null = null;
    app.addHook('onReady', async () => {
      unlisten = await app.database.listen(
        FEED_CHANGED_CHANNEL,
        () => cache.invalidate(),
        () => cache.setListening(true),
        () => cache.setListening(false),
      );
      cache.setListening(true);
    });
    app.addHook('onClose', async () => {
      cache.setListening(false);
      detach();
      await unlisten?.();
      unlisten = null;
      app.log.info({ feedCache: cache.stats }, 'feed page cache');
    });
  },
  { name: 'feed-cache' },
);
