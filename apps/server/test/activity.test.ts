import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMessages,
  apiPaths,
  notificationSchema,
  type Notification,
  type UnreadCountResponse,
} from '@dwellscape/shared';
import { buildApp } from '../src/app';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { notifications } from '../src/db/schema';
import { createLocalDiskStorage } from '../src/storage/file-storage';
import type { AppInstance } from '../src/types';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import {
  insertAccount,
  insertDesign,
  insertNotification,
  insertUser,
  minutesAgo,
  putImage,
  signedInCookie,
  uploadImage,
} from './fixtures';
import { openEventStream, type EventStream } from './media-fixtures';

interface Person {
  id: string;
  displayName: string;
  cookie: string;
}

const portOf = (app: AppInstance) => {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
};

describe.each(dbKinds)('activity from real events (%s)', (kind) => {
  let t: TestApp;
  let afterImageUrl: string;
  let signedOut: string;
  const streams: EventStream[] = [];

  const person = async (displayName: string): Promise<Person> => {
    const row = await insertAccount(t.database.db, { displayName });
    return { id: row.id, displayName, cookie: await signedInCookie(t, t.database.db, row.id) };
  };
  const inject = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const activityOf = async (cookie: string) => {
    const res = await inject('GET', apiPaths.notifications, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: Notification[] }>().items;
  };
  const rowsFor = (userId: string) =>
    t.database.db.select().from(notifications).where(eq(notifications.userId, userId));
  const openActivity = async (cookie: string, headers: Record<string, string> = {}) => {
    const stream = await openEventStream(portOf(t.app), apiPaths.notificationsLive, cookie, headers);
    streams.push(stream);
    return stream;
  };
  const notificationEvents = (stream: EventStream) => stream.events.filter((e) => e.event === 'notification');

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    // the first sample user: whose activity a signed-out viewer sees (docs/product.md §2)
    await insertUser(t.database.db, { id: 'u-sample', username: 'sample_sofia', rank: 0 });
    await insertNotification(t.database.db, {
      id: 'n-sample',
      userId: 'u-sample',
      type: 'follow',
      message: 'Seeded history',
      createdAt: minutesAgo(60),
    });
    afterImageUrl = await putImage(t.app.storage);
    signedOut = await t.unlock();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t?.close();
  });

  it('tells the owner of a design someone liked, once, and never for an unlike or a like signed out', async () => {
    const owner = await person('Olive Owner');
    const fan = await person('Fran Fan');
    const design = await insertDesign(t.database.db, { userId: owner.id, title: 'Sunlit Nook', afterImageUrl });
    await inject('PUT', apiPaths.designLike(design.id), fan.cookie);
    // unlike and like again, and a repeated PUT: still the one notification
    await inject('DELETE', apiPaths.designLike(design.id), fan.cookie);
    await inject('PUT', apiPaths.designLike(design.id), fan.cookie);
    await inject('PUT', apiPaths.designLike(design.id), fan.cookie);
    await inject('PUT', apiPaths.designLike(design.id), signedOut);

    const items = await activityOf(owner.cookie);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      type: 'like',
      actor: { id: fan.id, displayName: 'Fran Fan' },
      message: 'Fran Fan liked your design “Sunlit Nook”.',
      designId: design.id,
      thumbnailUrl: afterImageUrl,
      amount: null,
      read: false,
    });
    // the fan's own activity is untouched
    expect(await activityOf(fan.cookie)).toEqual([]);
  });

  it('tells the owner of a design someone commented on, quoting the comment', async () => {
    const owner = await person('Olive Owner');
    const critic = await person('Cris Critic');
    const design = await insertDesign(t.database.db, { userId: owner.id, title: 'Green Room', afterImageUrl });
    const res = await inject('POST', apiPaths.designComments(design.id), critic.cookie, {
      text: '  Love the  plants!  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const long = 'x'.repeat(300);
    await inject('POST', apiPaths.designComments(design.id), critic.cookie, { text: long });

    const items = await activityOf(owner.cookie);
    expect(items.map((n) => n.type)).toEqual(['comment', 'comment']);
    expect(items.map((n) => n.message)).toContain('Cris Critic commented on “Green Room”: “Love the plants!”');
    const quoted = items.find((n) => n.message.includes('xxx'))!.message;
    expect(quoted.length).toBeLessThan(150);
    expect(quoted).toMatch(/…”$/);
    expect(items[0]).toMatchObject({ actor: { id: critic.id }, designId: design.id });
  });

  it('tells the creator of a design that someone published a remix of it', async () => {
    const creator = await person('Cora Creator');
    const remixer = await person('Remy Remixer');
    const original = await insertDesign(t.database.db, { userId: creator.id, title: 'Quiet Loft', afterImageUrl });
    const res = await inject('POST', apiPaths.designs, remixer.cookie, {
      title: 'Louder Loft',
      afterImageUrl: await uploadImage(t.app, remixer.cookie),
      mode: 'interior',
      originalDesignId: original.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const remixId = res.json<{ id: string }>().id;
    // a design that remixes nothing tells nobody
    await inject('POST', apiPaths.designs, remixer.cookie, {
      title: 'Fresh',
      afterImageUrl: await uploadImage(t.app, remixer.cookie),
      mode: 'interior',
    });

    const items = await activityOf(creator.cookie);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      type: 'remix',
      actor: { id: remixer.id },
      message: 'Remy Remixer remixed your design “Quiet Loft”.',
      designId: remixId,
    });
  });

  it('tells someone they were followed, once for follow, unfollow, follow', async () => {
    const star = await person('Stella Star');
    const fan = await person('Fred Follower');
    await inject('PUT', apiPaths.userFollow(star.id), fan.cookie);
    await inject('DELETE', apiPaths.userFollow(star.id), fan.cookie);
    await inject('PUT', apiPaths.userFollow(star.id), fan.cookie);
    await inject('PUT', apiPaths.userFollow(star.id), fan.cookie);
    const items = await activityOf(star.cookie);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      type: 'follow',
      actor: { id: fan.id },
      message: 'Fred Follower started following you.',
      designId: null,
      thumbnailUrl: null,
    });
  });

  it('never tells anyone of their own actions', async () => {
    const solo = await person('Solo Self');
    const design = await insertDesign(t.database.db, { userId: solo.id, afterImageUrl });
    await inject('PUT', apiPaths.designLike(design.id), solo.cookie);
    await inject('POST', apiPaths.designComments(design.id), solo.cookie, { text: 'Note to self' });
    const remix = await inject('POST', apiPaths.designs, solo.cookie, {
      title: 'My own remix',
      afterImageUrl: await uploadImage(t.app, solo.cookie),
      mode: 'interior',
      originalDesignId: design.id,
    });
    expect(remix.statusCode, remix.body).toBe(201);
    expect((await inject('PUT', apiPaths.userFollow(solo.id), solo.cookie)).statusCode).toBe(400);
    expect(await rowsFor(solo.id)).toEqual([]);
  });

  it('notifies a sample user too (their seeded history stays), and shows a guest nobody’s activity', async () => {
    const fan = await person('Sam Fan');
    const design = await insertDesign(t.database.db, { userId: 'u-sample', title: 'Seeded Den', afterImageUrl });
    await inject('PUT', apiPaths.designLike(design.id), fan.cookie);
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, 'u-sample'))
      .orderBy(desc(notifications.createdAt));
    expect(rows.map((n) => n.message)).toEqual(['Sam Fan liked your design “Seeded Den”.', 'Seeded history']);
    // a guest is not the first sample user: their Activity is empty (the screen invites them to sign in)
    expect(await activityOf(signedOut)).toEqual([]);
  });

  it('counts unread notifications, and marks all of the account’s read', async () => {
    const owner = await person('Una Unread');
    const other = await person('Otto Other');
    const fans = await Promise.all([person('Fan One'), person('Fan Two'), person('Fan Three')]);
    for (const fan of fans) await inject('PUT', apiPaths.userFollow(owner.id), fan.cookie);
    await inject('PUT', apiPaths.userFollow(other.id), fans[0]!.cookie);
    const unread = async (cookie: string) => {
      const res = await inject('GET', apiPaths.notificationsUnread, cookie);
      expect(res.statusCode).toBe(200);
      return res.json<UnreadCountResponse>().unread;
    };
    expect(await unread(owner.cookie)).toBe(3);
    const read = await inject('POST', apiPaths.notificationsRead, owner.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ unread: 0 });
    expect(await unread(owner.cookie)).toBe(0);
    expect((await activityOf(owner.cookie)).every((n) => n.read)).toBe(true);
    // someone else's stay unread
    expect(await unread(other.cookie)).toBe(1);
    // signed out: a guest has no notifications (not the first sample user's), and marking read needs an account
    expect(await unread(signedOut)).toBe(0);
    const refused = await inject('POST', apiPaths.notificationsRead, signedOut);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: 'Sign in required', message: accountMessages.signInRequired });
  });

  it('streams the account’s new notifications live, and nobody else’s', async () => {
    const owner = await person('Liv Live');
    const bystander = await person('Bea Bystander');
    const fan = await person('Lee Liker');
    const design = await insertDesign(t.database.db, { userId: owner.id, title: 'Live Lounge', afterImageUrl });
    const mine = await openActivity(owner.cookie);
    const theirs = await openActivity(bystander.cookie);
    expect(mine.status).toBe(200);
    expect(mine.headers['content-type']).toMatch(/^text\/event-stream/);

    await inject('PUT', apiPaths.designLike(design.id), fan.cookie);
    const event = await mine.waitForEvent((e) => e.event === 'notification');
    const notification = notificationSchema.parse(JSON.parse(event.data));
    expect(event.id).toBe(notification.id);
    expect(notification).toMatchObject({
      type: 'like',
      actor: { id: fan.id },
      message: 'Lee Liker liked your design “Live Lounge”.',
      designId: design.id,
      read: false,
    });
    expect((await activityOf(owner.cookie))[0]).toEqual(notification);
    await new Promise((r) => setTimeout(r, 200));
    expect(notificationEvents(theirs)).toEqual([]);
  });

  it('replays what a reconnecting client missed after its Last-Event-ID', async () => {
    const owner = await person('Rae Replay');
    const fans = await Promise.all([person('Fan A'), person('Fan B'), person('Fan C')]);
    await inject('PUT', apiPaths.userFollow(owner.id), fans[0]!.cookie);
    const [seen] = await activityOf(owner.cookie);
    await inject('PUT', apiPaths.userFollow(owner.id), fans[1]!.cookie);
    await inject('PUT', apiPaths.userFollow(owner.id), fans[2]!.cookie);

    const stream = await openActivity(owner.cookie, { 'last-event-id': seen!.id });
    await stream.waitForEvent((e) => e.event === 'notification' && e.data.includes('Fan C'));
    expect(notificationEvents(stream).map((e) => notificationSchema.parse(JSON.parse(e.data)).actor?.id)).toEqual([
      fans[1]!.id,
      fans[2]!.id,
    ]);
    // a fresh client (no Last-Event-ID) gets no history, only its anchor: the newest id
    const fresh = await openActivity(owner.cookie);
    const newest = (await activityOf(owner.cookie))[0]!.id;
    await expect.poll(() => fresh.events.map((e) => e.id)).toEqual([newest]);
    expect(notificationEvents(fresh)).toEqual([]);
  });

  it('never sends a client the notification of its own Last-Event-ID, even when that notification comes late', async () => {
    const owner = await person('Lou Late');
    const [early, later] = await Promise.all([person('Fan Early'), person('Fan Later')]);
    await inject('PUT', apiPaths.userFollow(owner.id), early.cookie);
    const [seen] = await activityOf(owner.cookie);

    const stream = await openActivity(owner.cookie, { 'last-event-id': seen!.id });
    await expect.poll(() => t.app.notificationFeed.subscriberCount(owner.id)).toBe(1);
    // the client saw it on its last connection; its notification reaches this process only now
    t.app.notificationFeed.publish(owner.id, seen!);
    await inject('PUT', apiPaths.userFollow(owner.id), later.cookie);
    await stream.waitForEvent((e) => e.event === 'notification' && e.data.includes('Fan Later'));
    expect(notificationEvents(stream).map((e) => notificationSchema.parse(JSON.parse(e.data)).actor?.id)).toEqual([
      later.id,
    ]);
  });

  it('asks a signed-out viewer to sign in before streaming', async () => {
    const res = await inject('GET', apiPaths.notificationsLive, signedOut);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Sign in required', message: accountMessages.signInRequired });
  });
});

describe.skipIf(!dbKinds.includes('postgres'))('live activity across two instances on one Postgres', () => {
  let t: TestApp;
  let second: { app: AppInstance; database: DatabaseHandle } | undefined;
  const streams: EventStream[] = [];

  beforeAll(async () => {
    t = await createTestApp({ kind: 'postgres', seed: false });
    const database = await openDatabase({ databaseUrl: t.config.databaseUrl, poolSize: 5 });
    const app = await buildApp({
      config: t.config,
      database,
      storage: createLocalDiskStorage(path.join(t.dataDir, 'media')),
      logger: false,
    });
    second = { app, database };
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await second?.app.close();
    await second?.database.close();
    await t?.close();
  });

  it('delivers a notification written through one instance to a stream open on the other', async () => {
    const db = t.database.db;
    const owner = await insertAccount(db, { displayName: 'Iris Instance' });
    const fan = await insertAccount(db, { displayName: 'Finn Far' });
    const design = await insertDesign(db, { userId: owner.id, title: 'Two Rooms' });
    // one database, one cookie secret: a session opened on either instance works on both
    const onSecond = await openEventStream(
      portOf(second!.app),
      apiPaths.notificationsLive,
      await signedInCookie(t, db, owner.id),
    );
    streams.push(onSecond);
    expect(onSecond.status).toBe(200);

    const like = await t.app.inject({
      method: 'PUT',
      url: apiPaths.designLike(design.id),
      headers: { cookie: await signedInCookie(t, db, fan.id) },
    });
    expect(like.statusCode).toBe(200);
    const event = await onSecond.waitForEvent((e) => e.event === 'notification', 15_000);
    expect(notificationSchema.parse(JSON.parse(event.data))).toMatchObject({
      type: 'like',
      actor: { id: fan.id },
      message: 'Finn Far liked your design “Two Rooms”.',
    });
  });
});
