import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, type RenderLayers } from '@dwellscape/shared';
import { mediaFiles, renderJobs } from '../src/db/schema';
import { storeWebp } from '../src/media/stored-media';
import { forgetOldRenderLayers, RENDER_LAYERS_KEPT_MS } from '../src/modules/render-jobs/render-jobs.service';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import { insertUser, signUp } from './fixtures';
import { makeWebp } from './media-fixtures';

/*
 * The pictures a render writes for live adjusting (decision 0046) are the render's owner's files and go by the media's
 * orphan rule: a job finished longer ago than RENDER_LAYERS_KEPT_MS loses them, and so does a deleted account's job.
 * The render's own picture stays.
 */
describe.each(dbKinds)('render layers are cleaned up (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    // a signed-out session is shown a sample user: the one a deleted account's session falls back to
    await insertUser(t.app.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const owner = (accountId: string | null) => ({ viewerId: null, accountId });
  const store = async (accountId: string | null, colour: string) =>
    (
      await storeWebp(t.app.db, t.app.storage, {
        kind: 'render',
        bytes: await makeWebp(40, 30, colour),
        width: 40,
        height: 30,
        owner: owner(accountId),
      })
    ).url;
  const fileOf = (url: string) => path.join(t.dataDir, 'media', url.slice('/media/'.length));
  const isStored = async (url: string) => {
    const rows = await t.app.db
      .select({ key: mediaFiles.key })
      .from(mediaFiles)
      .where(eq(mediaFiles.key, url.slice('/media/'.length)));
    return rows.length === 1 && existsSync(fileOf(url));
  };

  /** A finished design job of two variations, each with its picture and its layers, finished `finishedAt`. */
  async function insertFinishedJob(accountId: string | null, finishedAt: Date) {
    const variations = [];
    for (const colour of ['#806040', '#405080']) {
      const layers: RenderLayers = {
        base: await store(accountId, colour),
        products: [{ productId: 'p-sofa', url: await store(accountId, '#202020'), x: 4, y: 6, width: 40, height: 30 }],
      };
      variations.push({ imageUrl: await store(accountId, colour), receipt: null, layers });
    }
    const id = crypto.randomUUID();
    await t.app.db.insert(renderJobs).values({
      id,
      viewerId: 'viewer-of-the-test',
      accountId,
      kind: 'design',
      input: {},
      variationCount: 2,
      status: 'done',
      progress: 100,
      result: variations,
      finishedAt,
    });
    return { id, variations };
  }
  const resultOf = async (id: string) =>
    (await t.app.db.select({ result: renderJobs.result }).from(renderJobs).where(eq(renderJobs.id, id)))[0]
      ?.result as Array<Record<string, unknown>>;
  const layerUrls = (variations: Array<{ layers: RenderLayers }>) =>
    variations.flatMap(({ layers }) => [layers.base, ...layers.products.map((p) => p.url)]);

  it('a job finished longer ago than the layers are kept loses its layers, files and rows; its pictures and a recent job stay', async () => {
    const now = new Date();
    const old = await insertFinishedJob(null, new Date(now.getTime() - RENDER_LAYERS_KEPT_MS - 60_000));
    const recent = await insertFinishedJob(null, new Date(now.getTime() - RENDER_LAYERS_KEPT_MS + 60_000));
    for (const url of [...layerUrls(old.variations), ...layerUrls(recent.variations)]) {
      expect(await isStored(url)).toBe(true);
    }

    const cleaned = await forgetOldRenderLayers(t.app, { now, keptMs: RENDER_LAYERS_KEPT_MS });
    expect(cleaned).toBeGreaterThanOrEqual(1);

    for (const url of layerUrls(old.variations)) {
      expect(await isStored(url), url).toBe(false);
      expect(existsSync(fileOf(url))).toBe(false);
    }
    const oldResult = await resultOf(old.id);
    expect(oldResult.map((entry) => 'layers' in entry)).toEqual([false, false]);
    expect(oldResult.map((entry) => entry.imageUrl)).toEqual(old.variations.map((v) => v.imageUrl));
    for (const { imageUrl } of old.variations) expect(await isStored(imageUrl)).toBe(true);

    for (const url of layerUrls(recent.variations)) expect(await isStored(url)).toBe(true);
    expect((await resultOf(recent.id)).every((entry) => 'layers' in entry)).toBe(true);

    // a second sweep finds nothing more to do
    expect(
      await forgetOldRenderLayers(t.app, {
        now,
        keptMs: RENDER_LAYERS_KEPT_MS,
      }),
    ).toBe(0);
  });

  it("a deleted account's jobs take their layers with them", async () => {
    const account = await signUp(t.app, await t.unlock());
    const job = await insertFinishedJob(account.accountId, new Date());
    const res = await t.app.inject({
      method: 'DELETE',
      url: apiPaths.me,
      headers: { cookie: account.cookie },
      payload: { confirmUsername: account.username },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.app.db.select().from(renderJobs).where(eq(renderJobs.id, job.id))).toHaveLength(0);
    const keys = layerUrls(job.variations).map((url) => url.slice('/media/'.length));
    expect(await t.app.db.select().from(mediaFiles).where(inArray(mediaFiles.key, keys))).toHaveLength(0);
    for (const url of layerUrls(job.variations)) expect(existsSync(fileOf(url))).toBe(false);
  });
});
