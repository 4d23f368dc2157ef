import { existsSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BIO_MAX_LENGTH,
  accountExportSchema,
  accountMessages,
  apiPaths,
  designSchema,
  sessionResponseSchema,
  uploadResponseSchema,
  userSchema,
  type Design,
  expandFeedPage,
  type FeedResponse,
  type SessionResponse,
  type User,
} from '@dwellscape/shared';
import {
  designComments,
  designLikes,
  designs,
  follows,
  mediaFiles,
  savedDesigns,
  sessions,
  users,
} from '../src/db/schema';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import { insertUser, sessionCookieOf, signUp, type SignedUpAccount } from './fixtures';
import { filePart, makeJpeg, multipartBody } from './media-fixtures';

describe.each(dbKinds)('own profile: edit, export, delete (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    // the first sample user, shown to signed-out viewers
    await insertUser(t.database.db, { rank: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = async (cookie: string, width = 300, height = 200, colour = '#a05030') => {
    const { payload, contentType } = multipartBody([filePart(await makeJpeg(width, height, colour))]);
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.uploads,
      payload,
      headers: { cookie, 'content-type': contentType },
    });
    expect(res.statusCode).toBe(201);
    return uploadResponseSchema.parse(res.json()).url;
  };
  const patchMe = (cookie: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: apiPaths.me, headers: { cookie }, payload });
  const publish = async (cookie: string, fields: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.designs,
      headers: { cookie },
      payload: { title: 'A room', mode: 'interior', ...fields },
    });
    expect(res.statusCode).toBe(201);
    return designSchema.parse(res.json());
  };
  const comment = async (cookie: string, id: string, text: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.designComments(id),
      headers: { cookie },
      payload: { text },
    });
    expect(res.statusCode).toBe(201);
  };
  const put = async (cookie: string, url: string) => {
    const res = await t.app.inject({ method: 'PUT', url, headers: { cookie } });
    expect(res.statusCode).toBe(200);
  };
  const feed = async (cookie: string) =>
    expandFeedPage(
      (
        await t.app.inject({ method: 'GET', url: `${apiPaths.designs}?mode=interior`, headers: { cookie } })
      ).json<FeedResponse>(),
    ).items;
  const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
  const designRow = async (id: string) => (await t.database.db.select().from(designs).where(eq(designs.id, id)))[0];
  const fileOf = (url: string) => {
    const { storage } = t.app;
    if (storage.kind !== 'disk') throw new Error('these tests look at the files on disk');
    return storage.pathFor(storage.keyFromUrl(url)!);
  };
  const mediaRow = async (url: string) =>
    (
      await t.database.db
        .select()
        .from(mediaFiles)
        .where(eq(mediaFiles.key, t.app.storage.keyFromUrl(url)!))
    )[0];

  describe('PATCH /api/me', () => {
    it('changes display name and bio, and the feed shows the new name at once', async () => {
      const account = await signUp(t.app, await t.unlock());
      const design = await publish(account.cookie, { afterImageUrl: await upload(account.cookie) });
      // the page is cached now
      expect((await feed(account.cookie)).find((d) => d.id === design.id)?.author.displayName).toBe(
        account.displayName,
      );

      const res = await patchMe(account.cookie, { displayName: '  Grace Hopper ', bio: ' Ships and compilers. ' });
      expect(res.statusCode).toBe(200);
      expect(userSchema.parse(res.json())).toMatchObject({
        id: account.accountId,
        displayName: 'Grace Hopper',
        bio: 'Ships and compilers.',
        isCurrentUser: true,
        postCount: 1,
      });
      const stranger = await t.unlock();
      expect((await feed(stranger)).find((d) => d.id === design.id)?.author.displayName).toBe('Grace Hopper');
      const profile = await t.app.inject({
        method: 'GET',
        url: apiPaths.user(account.accountId),
        headers: { cookie: stranger },
      });
      expect(profile.json<User>()).toMatchObject({
        displayName: 'Grace Hopper',
        bio: 'Ships and compilers.',
        isCurrentUser: false,
      });
      // a partial change leaves the rest alone
      expect((await patchMe(account.cookie, { bio: '' })).json<User>()).toMatchObject({
        displayName: 'Grace Hopper',
        bio: '',
      });
    });

    it('refuses a bad display name or bio, naming the field', async () => {
      const account = await signUp(t.app, await t.unlock());
      const cases: [object, string, string][] = [
        [{ displayName: '  ' }, 'body.displayName', accountMessages.displayNameLength],
        [{ bio: 'x'.repeat(BIO_MAX_LENGTH + 1) }, 'body.bio', accountMessages.bioLength],
      ];
      for (const [payload, field, message] of cases) {
        const res = await patchMe(account.cookie, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ details: [{ field, message }] });
      }
      expect((await userRow(account.accountId))!.displayName).toBe(account.displayName);
    });

    it('crops an uploaded picture square into a new file, and deletes the picture it replaces', async () => {
      const account = await signUp(t.app, await t.unlock());
      const firstAvatar = (await userRow(account.accountId))!.avatarUrl;
      expect(existsSync(fileOf(firstAvatar))).toBe(true);
      const uploaded = await upload(account.cookie, 900, 600);

      const res = await patchMe(account.cookie, { avatarUrl: uploaded });
      expect(res.statusCode).toBe(200);
      const avatarUrl = res.json<User>().avatarUrl;
      expect(avatarUrl).not.toBe(uploaded);
      const meta = await sharp(fileOf(avatarUrl)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
      expect(await mediaRow(avatarUrl)).toMatchObject({ kind: 'upload', width: 512, height: 512 });
      expect(existsSync(fileOf(firstAvatar))).toBe(false);
      expect(await mediaRow(firstAvatar)).toBeUndefined();

      // a small picture is never enlarged
      const small = await patchMe(account.cookie, { avatarUrl: await upload(account.cookie, 120, 90) });
      expect(await sharp(fileOf(small.json<User>().avatarUrl)).metadata()).toMatchObject({ width: 90, height: 90 });
      // others see the new picture on the account's designs
      const design = await publish(account.cookie, { afterImageUrl: await upload(account.cookie) });
      expect(design.author.avatarUrl).toBe(small.json<User>().avatarUrl);
    });

    it('takes only an image this server stored from an upload', async () => {
      const account = await signUp(t.app, await t.unlock());
      const design = await publish(account.cookie, { afterImageUrl: await upload(account.cookie) });
      // a stored render is not an upload
      const renderKey = `renders/ab/${kind}-render.webp`;
      await t.app.storage.put(
        renderKey,
        await sharp(await makeJpeg(40, 40))
          .webp()
          .toBuffer(),
      );
      await t.database.db
        .insert(mediaFiles)
        .values({ key: renderKey, contentType: 'image/webp', width: 40, height: 40, bytes: 100, kind: 'render' });
      for (const avatarUrl of [
        '/media/seed/avatars/u-1.webp',
        '/media/uploads/00/nothing-here.webp',
        t.app.storage.urlFor(renderKey),
      ]) {
        const res = await patchMe(account.cookie, { avatarUrl });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ details: [{ field: 'body.avatarUrl' }] });
      }
      expect((await patchMe(account.cookie, { avatarUrl: 'https://example.com/me.png' })).statusCode).toBe(400);
      // an upload it has published is still an upload
      expect((await patchMe(account.cookie, { avatarUrl: design.afterImageUrl })).statusCode).toBe(200);
    });
  });

  it('GET /api/me/export downloads the profile, designs, comments, likes, follows and saved designs', async () => {
    const account = await signUp(t.app, await t.unlock(), { displayName: 'Exporter' });
    const other = await signUp(t.app, await t.unlock());
    const own = await publish(account.cookie, { afterImageUrl: await upload(account.cookie), caption: 'Mine' });
    const theirs = await publish(other.cookie, { afterImageUrl: await upload(other.cookie) });
    await comment(account.cookie, theirs.id, 'Lovely light');
    await put(account.cookie, apiPaths.designLike(theirs.id));
    await put(account.cookie, apiPaths.designSave(theirs.id));
    await put(account.cookie, apiPaths.userFollow(other.accountId));
    await put(other.cookie, apiPaths.userFollow(account.accountId));

    const res = await t.app.inject({ method: 'GET', url: apiPaths.meExport, headers: { cookie: account.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="dwellscape-${account.username}.json"`);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = accountExportSchema.parse(res.json());
    expect(data.profile).toMatchObject({
      id: account.accountId,
      username: account.username,
      displayName: 'Exporter',
      followerCount: 1,
      followingCount: 1,
    });
    expect(JSON.stringify(data)).not.toContain('argon2');
    expect(data.designs.map((d) => [d.id, d.caption])).toEqual([[own.id, 'Mine']]);
    expect(data.comments).toEqual([
      expect.objectContaining({ designId: theirs.id, content: 'Exporter: Lovely light' }),
    ]);
    expect(data.likes.map((l) => l.designId)).toEqual([theirs.id]);
    expect(data.saved.map((s) => s.designId)).toEqual([theirs.id]);
    expect(data.following).toEqual([expect.objectContaining({ userId: other.accountId, username: other.username })]);
    expect(data.followers).toEqual([expect.objectContaining({ userId: other.accountId })]);
  });

  describe('DELETE /api/me', () => {
    it('refuses a confirmation that is not the username, exactly', async () => {
      const account = await signUp(t.app, await t.unlock());
      for (const confirmUsername of ['', 'someone_else', account.username.toUpperCase(), `${account.username}x`]) {
        const res = await t.app.inject({
          method: 'DELETE',
          url: apiPaths.me,
          headers: { cookie: account.cookie },
          payload: { confirmUsername },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          message: `Invalid body.confirmUsername: ${accountMessages.deleteConfirmMismatch}`,
          details: [{ field: 'body.confirmUsername', message: accountMessages.deleteConfirmMismatch }],
        });
      }
      expect(await userRow(account.accountId)).toBeDefined();
    });

    it('removes everything the account made, fixes every count, keeps remixes, and deletes its files', async () => {
      const leaving: SignedUpAccount = await signUp(t.app, await t.unlock());
      const staying = await signUp(t.app, await t.unlock());
      const fan = await signUp(t.app, await t.unlock());
      const elsewhere = sessionCookieOf(
        await t.app.inject({
          method: 'POST',
          url: apiPaths.signIn,
          headers: { cookie: await t.unlock() },
          payload: { username: leaving.username, password: leaving.password },
        }),
      );

      const sharedBefore = await upload(leaving.cookie, 200, 150, '#305070');
      const ownAfter = await upload(leaving.cookie, 200, 150, '#507030');
      const own = await publish(leaving.cookie, { afterImageUrl: ownAfter, beforeImageUrl: sharedBefore });
      const secondAfter = (await publish(leaving.cookie, { afterImageUrl: await upload(leaving.cookie) }))
        .afterImageUrl;
      const avatar = (await patchMe(leaving.cookie, { avatarUrl: await upload(leaving.cookie) })).json<User>()
        .avatarUrl;
      // someone remixes its design, with the same before picture
      const remix = await publish(staying.cookie, {
        afterImageUrl: await upload(staying.cookie),
        beforeImageUrl: sharedBefore,
        originalDesignId: own.id,
      });
      expect(remix.originalCreator?.id).toBe(leaving.accountId);
      const theirs = await publish(staying.cookie, { afterImageUrl: await upload(staying.cookie) });
      await put(leaving.cookie, apiPaths.designLike(theirs.id));
      await comment(leaving.cookie, theirs.id, 'Nice');
      await comment(fan.cookie, theirs.id, 'Agreed');
      await put(leaving.cookie, apiPaths.designSave(theirs.id));
      await put(leaving.cookie, apiPaths.userFollow(staying.accountId));
      await put(fan.cookie, apiPaths.userFollow(leaving.accountId));
      await put(fan.cookie, apiPaths.designLike(own.id));
      await comment(staying.cookie, own.id, 'Great room');
      await put(staying.cookie, apiPaths.designSave(own.id));
      expect(await designRow(theirs.id)).toMatchObject({ likesCount: 1, commentsCount: 2 });
      expect(await userRow(staying.accountId)).toMatchObject({ followerCount: 1 });
      expect(await userRow(fan.accountId)).toMatchObject({ followingCount: 1 });
      expect((await feed(fan.cookie)).map((d) => d.id)).toContain(own.id);

      const res = await t.app.inject({
        method: 'DELETE',
        url: apiPaths.me,
        headers: { cookie: leaving.cookie },
        payload: { confirmUsername: ` ${leaving.username} ` },
      });
      expect(res.statusCode).toBe(200);
      expect(sessionResponseSchema.parse(res.json())).toMatchObject({ signedIn: false });
      expect(
        (await t.app.inject({ method: 'GET', url: apiPaths.me, headers: { cookie: leaving.cookie } })).statusCode,
      ).toBe(401);
      // the browser stays past the gate, signed out; so does the other browser it was signed in on
      for (const cookie of [sessionCookieOf(res), elsewhere]) {
        const me = await t.app.inject({ method: 'GET', url: apiPaths.me, headers: { cookie } });
        expect(me.json<SessionResponse>().signedIn).toBe(false);
      }

      expect(await userRow(leaving.accountId)).toBeUndefined();
      expect(await designRow(own.id)).toBeUndefined();
      expect((await feed(fan.cookie)).map((d) => d.id)).not.toContain(own.id);
      const ownDesign = await t.app.inject({
        method: 'GET',
        url: apiPaths.design(own.id),
        headers: { cookie: fan.cookie },
      });
      expect(ownDesign.statusCode).toBe(404);
      // counts on the other side
      expect(await designRow(theirs.id)).toMatchObject({ likesCount: 0, commentsCount: 1 });
      expect(await userRow(staying.accountId)).toMatchObject({ followerCount: 0 });
      expect(await userRow(fan.accountId)).toMatchObject({ followingCount: 0 });
      const leftovers = await Promise.all([
        t.database.db.select({ n: count() }).from(designLikes).where(eq(designLikes.viewerId, leaving.accountId)),
        t.database.db.select({ n: count() }).from(designComments).where(eq(designComments.userId, leaving.accountId)),
        t.database.db.select({ n: count() }).from(savedDesigns).where(eq(savedDesigns.userId, leaving.accountId)),
        t.database.db.select({ n: count() }).from(savedDesigns).where(eq(savedDesigns.designId, own.id)),
        t.database.db.select({ n: count() }).from(follows).where(eq(follows.followeeId, leaving.accountId)),
        t.database.db.select({ n: count() }).from(sessions).where(eq(sessions.accountId, leaving.accountId)),
      ]);
      expect(leftovers.map(([row]) => Number(row!.n))).toEqual([0, 0, 0, 0, 0, 0]);

      // the remix keeps working and credits a deleted user
      const kept = await t.app.inject({
        method: 'GET',
        url: apiPaths.design(remix.id),
        headers: { cookie: fan.cookie },
      });
      expect(kept.statusCode).toBe(200);
      expect(kept.json<Design>()).toMatchObject({
        originalDesignId: null,
        originalCreatorId: null,
        originalCreator: null,
        originalCreatorDeleted: true,
      });
      // the feed's card names no original creator; the post's own read says it was a deleted user
      expect((await feed(fan.cookie)).find((d) => d.id === remix.id)).toMatchObject({ originalCreator: null });

      // its files are gone; the before picture the remix shares stays
      for (const url of [ownAfter, secondAfter, avatar]) {
        expect(existsSync(fileOf(url))).toBe(false);
        expect(await mediaRow(url)).toBeUndefined();
      }
      expect(existsSync(fileOf(sharedBefore))).toBe(true);
      expect(await mediaRow(sharedBefore)).toBeDefined();
      expect((await t.app.inject({ method: 'GET', url: sharedBefore })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: ownAfter })).statusCode).toBe(404);
    });

    it('publishing and commenting need an account, and a deleted account’s username is free again', async () => {
      const gate = await t.unlock();
      const refused = await t.app.inject({
        method: 'POST',
        url: apiPaths.designs,
        headers: { cookie: gate },
        payload: { title: 'x', mode: 'interior', afterImageUrl: await upload(gate) },
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ error: 'Sign in required', message: accountMessages.signInRequired });

      const account = await signUp(t.app, await t.unlock());
      await t.app.inject({
        method: 'DELETE',
        url: apiPaths.me,
        headers: { cookie: account.cookie },
        payload: { confirmUsername: account.username },
      });
      const again = await signUp(t.app, await t.unlock(), { username: account.username });
      expect(again.accountId).not.toBe(account.accountId);
    });
  });
});
