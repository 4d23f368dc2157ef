import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '@dwellscape/shared';
import type * as DesignsRepository from '../src/modules/designs/designs.repository';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import { insertDesign, insertUser, notifyPublished } from './fixtures';
import { openEventStream, type EventStream } from './media-fixtures';

/** The slow design's lookup takes this long, so the quick one's finishes first. */
const SLOW_LOOKUP_MS = 400;

// the live feed loads each notified design by id: make one of those lookups slow, as a busy pool can
vi.mock('../src/modules/designs/designs.repository', async (importOriginal) => {
  const original = await importOriginal<typeof DesignsRepository>();
  return {
    ...original,
    findDesignById: async (...args: Parameters<typeof original.findDesignById>) => {
      const design = await original.findDesignById(...args);
      if (design?.title.startsWith('Slow')) await new Promise((resolve) => setTimeout(resolve, SLOW_LOOKUP_MS));
      return design;
    },
  };
});

describe.each(dbKinds)('live feed order (%s)', (kind) => {
  let t: TestApp;
  let stream: EventStream | undefined;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    stream?.close();
    await t?.close();
  });

  it('sends designs in publish order even when an older one takes longer to load', async () => {
    const cookie = await t.unlock();
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    stream = await openEventStream(port, `${apiPaths.designsLive}?mode=interior`, cookie);
    const authorId = (await insertUser(t.database.db)).id;

    const slow = (await insertDesign(t.database.db, { userId: authorId, title: 'Slow to load' })).id;
    await notifyPublished(t.database.db, slow, 'interior');
    const quick = (await insertDesign(t.database.db, { userId: authorId, title: 'Quick to load' })).id;
    await notifyPublished(t.database.db, quick, 'interior');

    // a client that saw the quick one would reconnect with it as Last-Event-ID and never get the slow one
    await stream.waitForEvent((event) => event.id === quick);
    expect(stream.events.map((event) => event.id)).toEqual([slow, quick]);
  });
});
