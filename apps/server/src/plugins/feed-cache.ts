import fp from 'fastify-plugin';
import { attachFeedCache, FEED_CHANGED_CHANNEL, FeedPageCache } from '../modules/designs/feed-cache';
import {
  attachViewerCaches,
  decodeViewerChange,
  VIEWER_CHANGED_CHANNEL,
  ViewerCaches,
} from '../realtime/viewer-caches';
import type { AppInstance } from '../types';

declare module 'fastify' {
  interface FastifyInstance {
    /** Feed pages shared by every viewer of this process; null with FEED_CACHE=off. */
    feedCache: FeedPageCache | null;
    /** Sessions, likes and saved designs of the viewers of this process; null with FEED_CACHE=off. */
    viewerCaches: ViewerCaches | null;
  }
}

/**
 * The in-memory caches of this process: feed pages (docs/decisions/0013-feed-page-cache.md) and
 * what each request of a viewer reads (docs/decisions/0017-viewer-state-in-memory.md). Each keeps
 * entries only while it hears the notification every write that changes them sends in its
 * transaction (`feed_changed`, `viewer_changed`), so another process's write drops them here too;
 * a lost LISTEN connection stops the keeping, and its return drops everything (what was sent
 * meanwhile is gone).
 */
export default fp(
  async (app: AppInstance) => {
    if (!app.config.feedCache) {
      app.decorate('feedCache', null);
      app.decorate('viewerCaches', null);
      return;
    }
    const cache = new FeedPageCache();
    const viewerCaches = new ViewerCaches();
    app.decorate('feedCache', cache);
    app.decorate('viewerCaches', viewerCaches);
    const detach = [attachFeedCache(app.db, cache), attachViewerCaches(app.db, viewerCaches)];

    const unlisten: (() => Promise<void>)[] = [];
    app.addHook('onReady', async () => {
      unlisten.push(
        await app.database.listen(
          FEED_CHANGED_CHANNEL,
          (payload) => cache.invalidate(payload),
          () => cache.setListening(true),
          () => cache.setListening(false),
        ),
        await app.database.listen(
          VIEWER_CHANGED_CHANNEL,
          (payload) => {
            const change = decodeViewerChange(payload);
            if (change) viewerCaches.apply(change);
            else viewerCaches.setListening(true);
          },
          () => viewerCaches.setListening(true),
          () => viewerCaches.setListening(false),
        ),
      );
      cache.setListening(true);
      viewerCaches.setListening(true);
    });
    app.addHook('onClose', async () => {
      cache.setListening(false);
      viewerCaches.setListening(false);
      for (const stop of detach) stop();
      await Promise.all(unlisten.splice(0).map((stop) => stop()));
      app.log.info({ feedCache: cache.stats, viewerCaches: viewerCaches.stats }, 'in-memory caches');
    });
  },
  { name: 'feed-cache' },
);
