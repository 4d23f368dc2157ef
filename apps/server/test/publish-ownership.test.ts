import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  designSchema,
  generateDesignResponseSchema,
  generateFromPromptResponseSchema,
  recompositeDesignResponseSchema,
  renderJobSchema,
  OWN_ITEM_DEFAULT_NAME,
  userSchema,
  type Design,
} from '@dwellscape/shared';
import { designs, mediaFiles, users } from '../src/db/schema';
import { storeWebp } from '../src/media/stored-media';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import {
  insertBrand,
  insertProduct,
  insertUser,
  putImage,
  sessionCookieOf,
  signUp,
  uploadImage,
  type SignedUpAccount,
} from './fixtures';
import { filePart, makeJpeg, makePng, makeWebp, multipartBody, type FormPart } from './media-fixtures';

/**
 * Decision 0023: a design's pictures and own items are files this viewer (or account) stored, or
 * sample pictures; PATCH /api/me takes only the account's own uploads as its picture.
 */
describe.each(dbKinds)('who may publish which picture (%s)', (kind) => {
  let t: TestApp;
  let ann: SignedUpAccount;
  let ben: SignedUpAccount;
  let annUpload: string;
  let benUpload: string;
  let annRender: string;
  let benRender: string;
  let samplePicture: string;

  const db = () => t.database.db;
  const designCount = async () => Number((await db().select({ n: count() }).from(designs))[0]!.n);
  const publish = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: apiPaths.designs,
      headers: { cookie },
      payload: { title: 'A room', mode: 'interior', ...payload },
    });
  const render = async (cookie: string, spaceImage: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.generateDesignImage,
      headers: { cookie },
      payload: { prompt: 'Place a chair', spaceImage, additionalPhotos: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
    return generateFromPromptResponseSchema.parse(res.json()).imageUrl;
  };
  const ownerOf = async (url: string) => {
    const [row] = await db()
      .select({ viewer: mediaFiles.ownerViewerId, account: mediaFiles.ownerAccountId, kind: mediaFiles.kind })
      .from(mediaFiles)
      .where(eq(mediaFiles.key, url.replace(/^\/media\//, '')));
    return row;
  };
  /** Refused with a 400 that names `field`, and no design written. */
  const expectRefused = async (cookie: string, payload: Record<string, unknown>, field: string, words: string) => {
    const before = await designCount();
    const res = await publish(cookie, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      error: expect.stringContaining(`Invalid body.${field}: ${words}`),
      details: [{ field: `body.${field}` }],
    });
    expect(await designCount()).toBe(before);
  };

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    // signed out, a viewer is shown the first sample user (docs/product.md §2)
    await insertUser(db(), { rank: 0 });
    ann = await signUp(t.app, await t.unlock(), { displayName: 'Ann' });
    ben = await signUp(t.app, await t.unlock(), { displayName: 'Ben' });
    annUpload = await uploadImage(t.app, ann.cookie, '#a05030');
    benUpload = await uploadImage(t.app, ben.cookie, '#3050a0');
    annRender = await render(ann.cookie, annUpload);
    benRender = await render(ben.cookie, benUpload);
    // a sample picture as the seed records it: no owner, kind 'seed'
    const sampleKey = 'seed/spaces/test-room.webp';
    await t.app.storage.put(sampleKey, await makeWebp(40, 30));
    await db()
      .insert(mediaFiles)
      .values({ key: sampleKey, contentType: 'image/webp', width: 40, height: 30, bytes: 100, kind: 'seed' });
    samplePicture = t.app.storage.urlFor(sampleKey);
    await insertBrand(db(), { id: 'oakline' });
    const chairPicture = 'seed/products/oak-chair.png';
    await t.app.storage.put(chairPicture, await makePng(120, 90, '#8a5a30'));
    await insertProduct(db(), {
      id: 'oak-chair',
      brandId: 'oakline',
      name: 'Oak Chair',
      price: 120,
      imageUrl: t.app.storage.urlFor(chairPicture),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('records who stored each upload and render', async () => {
    expect(await ownerOf(annUpload)).toMatchObject({ kind: 'upload', account: ann.accountId });
    expect(await ownerOf(annRender)).toMatchObject({ kind: 'render', account: ann.accountId });
    expect((await ownerOf(annUpload))?.viewer).toEqual(expect.any(String));
  });

  it('publishes the viewer’s own upload, own render and a sample picture', async () => {
    const res = await publish(ann.cookie, { afterImageUrl: annRender, beforeImageUrl: annUpload });
    expect(res.statusCode, res.body).toBe(201);
    const sample = await publish(ann.cookie, { afterImageUrl: samplePicture, beforeImageUrl: samplePicture });
    expect(sample.statusCode, sample.body).toBe(201);
  });

  it('refuses another person’s upload as the after or before picture', async () => {
    await expectRefused(ann.cookie, { afterImageUrl: benUpload }, 'afterImageUrl', 'is not a picture you uploaded');
    await expectRefused(
      ann.cookie,
      { afterImageUrl: annRender, beforeImageUrl: benUpload },
      'beforeImageUrl',
      'is not a picture you uploaded',
    );
  });

  it('refuses another person’s render', async () => {
    await expectRefused(ann.cookie, { afterImageUrl: benRender }, 'afterImageUrl', 'is not a picture you uploaded');
    await expectRefused(ann.cookie, { afterImageUrl: annRender, videoUrl: benRender }, 'videoUrl', 'is not a picture');
  });

  it('refuses any file under /media/ that this server did not record as stored', async () => {
    const unrecorded = await putImage(t.app.storage, 'uploads/00/00000000-0000-4000-8000-000000000001.webp');
    await expectRefused(ann.cookie, { afterImageUrl: unrecorded }, 'afterImageUrl', 'no stored file has this URL');
    // another account's profile picture is an upload too, and not Ann's
    const [benRow] = await db().select({ avatar: users.avatarUrl }).from(users).where(eq(users.id, ben.accountId));
    await expectRefused(ann.cookie, { afterImageUrl: benRow!.avatar }, 'afterImageUrl', 'is not a picture');
  });

  it('lets a remix show its original’s pictures, and only a remix', async () => {
    const original = designSchema.parse(
      (await publish(ben.cookie, { afterImageUrl: benRender, beforeImageUrl: benUpload })).json(),
    );
    const remix = await publish(ann.cookie, {
      afterImageUrl: benRender,
      beforeImageUrl: benUpload,
      originalDesignId: original.id,
      isRegenerated: true,
    });
    expect(remix.statusCode, remix.body).toBe(201);
    expect(remix.json<Design>().originalCreatorId).toBe(ben.accountId);
    // a remix of some other design does not make Ben's pictures Ann's
    const other = designSchema.parse((await publish(ann.cookie, { afterImageUrl: annRender })).json());
    await expectRefused(
      ann.cookie,
      { afterImageUrl: benRender, originalDesignId: other.id },
      'afterImageUrl',
      'is not a picture',
    );
  });

  describe('own items', () => {
    it('stores them as the person’s own items at price 0, after the catalogue products', async () => {
      const lamp = await uploadImage(t.app, ann.cookie, '#e0c060');
      const rug = await uploadImage(t.app, ann.cookie, '#60a0e0');
      const res = await publish(ann.cookie, {
        afterImageUrl: annRender,
        selectedProducts: [{ id: 'oak-chair', quantity: 2 }],
        ownItems: [{ url: lamp, name: '  Grandma’s lamp ', cost: 120.5 }, { url: rug }],
      });
      expect(res.statusCode, res.body).toBe(201);
      const [chair, ownLamp, ownRug] = res.json<Design>().selectedProducts;
      expect(chair).toMatchObject({ id: 'oak-chair', name: 'Oak Chair', price: 120, quantity: 2, ownItem: false });
      expect(ownLamp).toEqual({
        id: expect.stringMatching(/^uploaded_\d+_0$/),
        name: 'Grandma’s lamp',
        price: 0,
        brandId: '',
        imageUrl: lamp,
        quantity: 1,
        ownItem: true,
        // what the creator says it cost them: kept apart from the price, which stays 0 (never for sale)
        cost: 120.5,
      });
      expect(ownRug).toMatchObject({ id: expect.stringMatching(/^uploaded_\d+_1$/), name: OWN_ITEM_DEFAULT_NAME });
      expect(ownRug).not.toHaveProperty('cost');
    });

    it('refuses another person’s upload, a render, a sample picture and a repeated photo', async () => {
      const base = { afterImageUrl: annRender };
      await expectRefused(ann.cookie, { ...base, ownItems: [{ url: benUpload }] }, 'ownItems.0.url', 'is not a');
      await expectRefused(
        ann.cookie,
        { ...base, ownItems: [{ url: annRender }] },
        'ownItems.0.url',
        'must be a photo you uploaded',
      );
      await expectRefused(
        ann.cookie,
        { ...base, ownItems: [{ url: samplePicture }] },
        'ownItems.0.url',
        'must be a photo you uploaded',
      );
      await expectRefused(
        ann.cookie,
        { ...base, ownItems: [{ url: annUpload }, { url: annUpload, name: 'Again' }] },
        'ownItems.1.url',
        'is already listed at ownItems.0',
      );
      for (const [cost, reason] of [
        [-1, '>=0'],
        [12.345, 'must have at most 2 decimals'],
      ] as const) {
        const before = await designCount();
        const res = await publish(ann.cookie, { ...base, ownItems: [{ url: annUpload, cost }] });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().details).toEqual([expect.objectContaining({ field: 'body.ownItems.0.cost' })]);
        expect(res.body).toContain(reason);
        expect(await designCount()).toBe(before);
      }
      const before = await designCount();
      const tooMany = await publish(ann.cookie, {
        ...base,
        ownItems: Array.from({ length: 21 }, () => ({ url: annUpload })),
      });
      expect(tooMany.statusCode).toBe(400);
      expect(JSON.stringify(tooMany.json())).toContain('ownItems');
      expect(await designCount()).toBe(before);
    });
  });

  describe('renders of the create flow', () => {
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    /** The create flow's form (docs/product.md §7): the space as a stored URL, or as a file sent along. */
    const designForm = (space: { url: string } | { file: Buffer }, extra: Record<string, string> = {}): FormPart[] => [
      ...Object.entries({
        ...('url' in space ? { spaceImageUrl: space.url } : {}),
        selectedProducts: JSON.stringify([
          {
            id: 'oak-chair',
            name: 'Oak Chair',
            price: 120,
            brandId: 'oakline',
            imageUrl: '/media/seed/products/oak-chair.png',
          },
        ]),
        userAnswers: JSON.stringify({}),
        spaceType: 'Living Room',
        mode: 'interior',
        ...extra,
      }).map(([name, value]) => ({ name, value })),
      ...('file' in space ? [filePart(space.file, 'image')] : []),
    ];
    const post = (url: string, cookie: string, parts: FormPart[]) => {
      const { payload, contentType } = multipartBody(parts);
      return t.app.inject({ method: 'POST', url, payload, headers: { cookie, 'content-type': contentType } });
    };
    const finishedJob = async (cookie: string, parts: FormPart[]) => {
      const started = await post(apiPaths.renderJobs, cookie, parts);
      expect(started.statusCode, started.body).toBe(202);
      const { id } = renderJobSchema.parse(started.json());
      for (let i = 0; i < 600; i++) {
        const job = renderJobSchema.parse(
          (await t.app.inject({ method: 'GET', url: apiPaths.renderJob(id), headers: { cookie } })).json(),
        );
        if (job.status === 'done') return job;
        expect(job.status).not.toMatch(/failed|cancelled/);
        await wait(100);
      }
      throw new Error(`render job ${id} did not finish`);
    };

    it('stores a render job’s variations as its owner’s: they publish it, nobody else does', async () => {
      const job = await finishedJob(ann.cookie, designForm({ url: annUpload }, { variations: '2' }));
      expect(job.variations).toHaveLength(2);
      for (const variation of job.variations) {
        expect(await ownerOf(variation.imageUrl)).toMatchObject({ kind: 'render', account: ann.accountId });
      }
      const [picked] = job.variations;
      await expectRefused(ben.cookie, { afterImageUrl: picked!.imageUrl }, 'afterImageUrl', 'is not a picture');
      const res = await publish(ann.cookie, {
        afterImageUrl: picked!.imageUrl,
        beforeImageUrl: annUpload,
        selectedProducts: [{ id: 'oak-chair' }],
      });
      expect(res.statusCode, res.body).toBe(201);
    }, 120_000);

    it('stores the space photo a job’s form sends as the sender’s upload, and a signed-out job’s render as the session’s', async () => {
      const gate = await t.unlock();
      const job = await finishedJob(
        gate,
        designForm({ file: await makeJpeg(160, 120, '#507090') }, { variations: '1' }),
      );
      const render = job.variations[0]!.imageUrl;
      expect(await ownerOf(render)).toMatchObject({ kind: 'render', account: null, viewer: expect.any(String) });
      const sessionUploads = await db()
        .select({ key: mediaFiles.key })
        .from(mediaFiles)
        .where(and(eq(mediaFiles.ownerViewerId, (await ownerOf(render))!.viewer!), eq(mediaFiles.kind, 'upload')));
      // the photo sent with the form: the session's one upload
      expect(sessionUploads).toHaveLength(1);
      const space = t.app.storage.urlFor(sessionUploads[0]!.key);
      // signing up on that session makes both the account's, and the account publishes them
      const account = await signUp(t.app, gate);
      expect(await ownerOf(render)).toMatchObject({ account: account.accountId });
      expect(await ownerOf(space)).toMatchObject({ account: account.accountId });
      const published = await publish(account.cookie, { afterImageUrl: render, beforeImageUrl: space });
      expect(published.statusCode, published.body).toBe(201);
      await expectRefused(ann.cookie, { afterImageUrl: render }, 'afterImageUrl', 'is not a picture');
    }, 120_000);

    it('lets anyone place the own items a public design shows in their own room, and no other of its creator’s photos', async () => {
      const lamp = await uploadImage(t.app, ann.cookie, '#d0b050');
      const unshown = await uploadImage(t.app, ann.cookie, '#50d0b0');
      const shown = await publish(ann.cookie, {
        afterImageUrl: annRender,
        ownItems: [{ url: lamp, name: 'Brass lamp' }],
      });
      expect(shown.statusCode, shown.body).toBe(201);
      const withOwnItem = (url: string) =>
        designForm({ url: benUpload }, { uploadedProductImages: JSON.stringify([{ id: 'own-0', url, name: 'Lamp' }]) });

      // see-in-my-space: Ben places Ann's lamp, which her design shows, in his room
      const placed = await post(apiPaths.generateDesignImage, ben.cookie, withOwnItem(lamp));
      expect(placed.statusCode, placed.body).toBe(200);
      expect(await ownerOf(generateDesignResponseSchema.parse(placed.json()).imageUrl!)).toMatchObject({
        kind: 'render',
        account: ben.accountId,
      });
      const job = await finishedJob(ben.cookie, [...withOwnItem(lamp), { name: 'variations', value: '1' }]);
      expect(job.variations).toHaveLength(1);

      // a photo of hers no public design shows stays hers, and so does the lamp once the design is hidden
      const refusedUnshown = await post(apiPaths.generateDesignImage, ben.cookie, withOwnItem(unshown));
      expect(refusedUnshown.statusCode).toBe(400);
      expect(refusedUnshown.json().error).toContain('uploadedProductImages.0.url: is not a picture you uploaded');
      await db().update(designs).set({ isPublic: false }).where(eq(designs.id, shown.json<Design>().id));
      const refusedHidden = await post(apiPaths.generateDesignImage, ben.cookie, withOwnItem(lamp));
      expect(refusedHidden.statusCode).toBe(400);
      // placing it is not owning it: Ben cannot publish her photo as his own item or picture
      await db().update(designs).set({ isPublic: true }).where(eq(designs.id, shown.json<Design>().id));
      await expectRefused(
        ben.cookie,
        { afterImageUrl: benRender, ownItems: [{ url: lamp }] },
        'ownItems.0.url',
        'is not a',
      );
      await expectRefused(ben.cookie, { afterImageUrl: lamp }, 'afterImageUrl', 'is not a picture');
    }, 120_000);

    it('stores the synchronous render and a re-composite as the asker’s', async () => {
      const rendered = await post(apiPaths.generateDesignImage, ann.cookie, designForm({ url: annUpload }));
      expect(rendered.statusCode, rendered.body).toBe(200);
      const first = generateDesignResponseSchema.parse(rendered.json());
      expect(await ownerOf(first.imageUrl!)).toMatchObject({ kind: 'render', account: ann.accountId });
      expect(first.placements?.length).toBeGreaterThan(0);

      const recomposite = await t.app.inject({
        method: 'POST',
        url: apiPaths.recompositeDesign,
        headers: { cookie: ann.cookie },
        payload: {
          selectedProducts: [
            {
              id: 'oak-chair',
              name: 'Oak Chair',
              price: 120,
              brandId: 'oakline',
              imageUrl: '/media/seed/products/oak-chair.png',
            },
          ],
          mode: 'interior',
          spaceType: 'Living Room',
          spaceImageUrl: annUpload,
          placements: first.placements,
        },
      });
      expect(recomposite.statusCode, recomposite.body).toBe(200);
      const adjusted = recompositeDesignResponseSchema.parse(recomposite.json()).imageUrl;
      expect(await ownerOf(adjusted)).toMatchObject({ kind: 'render', account: ann.accountId });
      await expectRefused(ben.cookie, { afterImageUrl: adjusted }, 'afterImageUrl', 'is not a picture');
      expect((await publish(ann.cookie, { afterImageUrl: adjusted })).statusCode).toBe(201);
    }, 120_000);
  });

  describe('sessions and accounts', () => {
    it('keeps what a viewer uploaded signed out for the account it then signs into', async () => {
      const gate = await t.unlock();
      const photo = await uploadImage(t.app, gate);
      expect(await ownerOf(photo)).toMatchObject({ account: null, viewer: expect.any(String) });
      const account = await signUp(t.app, gate);
      expect(await ownerOf(photo)).toMatchObject({ account: account.accountId });
      expect((await publish(account.cookie, { afterImageUrl: photo })).statusCode).toBe(201);
    });

    it('does not hand one account’s uploads to the next account signed in on the same browser', async () => {
      const first = await signUp(t.app, await t.unlock());
      const photo = await uploadImage(t.app, first.cookie);
      const out = await t.app.inject({ method: 'POST', url: apiPaths.signOut, headers: { cookie: first.cookie } });
      const second = await signUp(t.app, sessionCookieOf(out));
      await expectRefused(second.cookie, { afterImageUrl: photo }, 'afterImageUrl', 'is not a picture');
      expect(await ownerOf(photo)).toMatchObject({ account: first.accountId });
    });
  });

  it('stores a picture whose session is gone without that owner, instead of failing', async () => {
    const stored = await storeWebp(db(), t.app.storage, {
      kind: 'render',
      bytes: await makeWebp(40, 30),
      width: 40,
      height: 30,
      owner: { viewerId: 'a-session-swept-meanwhile', accountId: ann.accountId },
    });
    expect(await ownerOf(stored.url)).toEqual({ viewer: null, account: ann.accountId, kind: 'render' });
  });

  describe('profile picture', () => {
    const patchAvatar = (cookie: string, avatarUrl: string) =>
      t.app.inject({ method: 'PATCH', url: apiPaths.me, headers: { cookie }, payload: { avatarUrl } });
    const avatarOf = async (id: string) =>
      (await db().select({ avatar: users.avatarUrl }).from(users).where(eq(users.id, id)))[0]!.avatar;

    it.each([
      ['another person’s upload', () => benUpload, 'is not a picture you uploaded'],
      ['a render', () => annRender, 'must be an image uploaded to this server'],
      ['a sample picture', () => samplePicture, 'must be an image uploaded to this server'],
      ['an unrecorded file', () => '/media/uploads/00/00000000-0000-4000-8000-000000000001.webp', 'no stored file'],
    ])('refuses %s and keeps the picture it had', async (_case, url, words) => {
      const before = await avatarOf(ann.accountId);
      const res = await patchAvatar(ann.cookie, url());
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        error: expect.stringContaining(`Invalid body.avatarUrl: ${words}`),
        details: [{ field: 'body.avatarUrl' }],
      });
      expect(await avatarOf(ann.accountId)).toBe(before);
    });

    it('takes the account’s own upload', async () => {
      const res = await patchAvatar(ann.cookie, await uploadImage(t.app, ann.cookie, '#c08040'));
      expect(res.statusCode, res.body).toBe(200);
      const user = userSchema.parse(res.json());
      expect(user.avatarUrl).not.toBe(annUpload);
      expect(await ownerOf(user.avatarUrl)).toMatchObject({ kind: 'upload', account: ann.accountId });
    });
  });
});
