import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, type Notification } from '@dwellscape/shared';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import { insertDesign, insertNotification, insertUser, minutesAgo, signUp } from './fixtures';

describe.each(dbKinds)('notifications API on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let me: string;
  const now = Date.now();

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    const db = t.database.db;
    // the current user is the signed-in account (a guest has no notifications of its own)
    const account = await signUp(t.app, await t.unlock());
    me = account.accountId;
    cookie = account.cookie;
    await insertUser(db, {
      id: 'u-actor',
      username: 'sofa_fan',
      displayName: 'Sofa Fan',
      avatarUrl: '/media/test/fan.webp',
      isVerified: true,
      rank: 2,
    });
    await insertUser(db, { id: 'u-else', username: 'someone_else', rank: 3 });
    await insertDesign(db, { id: 'd-mine', userId: me, afterImageUrl: '/media/test/after-mine.webp' });
    await insertNotification(db, {
      id: 'n-like',
      userId: me,
      type: 'like',
      actorId: 'u-actor',
      designId: 'd-mine',
      message: 'liked your design',
      createdAt: minutesAgo(10, now),
    });
    await insertNotification(db, {
      id: 'n-commission',
      userId: me,
      type: 'commission',
      designId: 'd-mine',
      amount: 1245.5,
      message: 'You earned commission',
      read: true,
      createdAt: minutesAgo(5, now),
    });
    await insertNotification(db, {
      id: 'n-follow',
      userId: me,
      type: 'follow',
      actorId: 'u-actor',
      message: 'started following you',
      createdAt: minutesAgo(20, now),
    });
    await insertNotification(db, {
      id: 'n-not-mine',
      userId: 'u-else',
      type: 'follow',
      actorId: me,
      createdAt: minutesAgo(1, now),
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it("lists the current user's notifications newest first, with actor, thumbnail and formatted amount", async () => {
    const res = await t.app.inject({ method: 'GET', url: apiPaths.notifications, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ items: Notification[] }>().items).toEqual([
      {
        id: 'n-commission',
        type: 'commission',
        actor: null,
        message: 'You earned commission',
        designId: 'd-mine',
        thumbnailUrl: '/media/test/after-mine.webp',
        amount: '$1,245.50',
        createdAt: minutesAgo(5, now).toISOString(),
        read: true,
      },
      {
        id: 'n-like',
        type: 'like',
        actor: {
          id: 'u-actor',
          username: 'sofa_fan',
          displayName: 'Sofa Fan',
          avatarUrl: '/media/test/fan.webp',
          isVerified: true,
        },
        message: 'liked your design',
        designId: 'd-mine',
        thumbnailUrl: '/media/test/after-mine.webp',
        amount: null,
        createdAt: minutesAgo(10, now).toISOString(),
        read: false,
      },
      {
        id: 'n-follow',
        type: 'follow',
        actor: {
          id: 'u-actor',
          username: 'sofa_fan',
          displayName: 'Sofa Fan',
          avatarUrl: '/media/test/fan.webp',
          isVerified: true,
        },
        message: 'started following you',
        designId: null,
        thumbnailUrl: null,
        amount: null,
        createdAt: minutesAgo(20, now).toISOString(),
        read: false,
      },
    ] satisfies Notification[]);
  });
});

describe.each(dbKinds)('notifications API on an empty %s database', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers an empty list to a guest, who has no notifications of its own', async () => {
    const cookie = await t.unlock();
    const res = await t.app.inject({ method: 'GET', url: apiPaths.notifications, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [] });
  });
});
