import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  apiPaths,
  generateDesignResponseSchema,
  messages,
  renderJobSchema,
  UPLOAD_MAX_BYTES,
} from '@dwellscape/shared';
import { mediaFiles, renderJobs } from '../src/db/schema';
import { EngineFailureError, EngineTimeoutError } from '../src/engines/errors';
import type { ImageEngine } from '../src/engines/types';
import { DEFAULT_AI_REQUESTS_PER_ADDRESS_PER_MINUTE } from '../src/config';
import { AI_REQUESTS_PER_MINUTE } from '../src/modules/ai/ai.routes';
import { readStored } from './render-fixtures';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import {
  filePart,
  htmlPretendingToBeJpeg,
  makeJpeg,
  makePng,
  makePngOfExactSize,
  makeWebp,
  multipartBody,
  type FormPart,
} from './media-fixtures';
import { insertBrand, insertProduct, storeSeedImage, uploadImage } from './fixtures';

const renderUrlPattern = /^\/media\/renders\/[0-9a-f]{2}\/[0-9a-f-]{36}\.webp$/;

describe.each(dbKinds)('AI routes (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  let productImageUrl: string;
  let presetSpaceUrl: string;
  let realImageEngine: ImageEngine;

  beforeAll(async () => {
    // renders run as jobs: a failing engine is tried again, quickly here
    t = await createTestApp({ kind, seed: false, env: { RENDER_RETRY_MS: '20' } });
    realImageEngine = t.app.engines.image;
    productImageUrl = await storeSeedImage(t, await makePng(300, 150, '#335599'), 'seed/products/test-sofa.png');
    presetSpaceUrl = await storeSeedImage(t, await makeWebp(900, 600, '#c8b8a0'), 'seed/spaces/test-room.webp');
    await insertBrand(t.database.db, { id: 'test-brand', name: 'Test Brand', logoUrl: '/media/x.webp' });
    await insertProduct(t.database.db, {
      id: 'test-sofa',
      name: 'Test Sofa',
      price: 499,
      imageUrl: productImageUrl,
      category: 'Sofas',
      brandId: 'test-brand',
    });
  });
  beforeEach(async () => {
    // a fresh session per test keeps the per-session rate limit out of the way
    cookie = await t.unlock();
    (t.app.engines as { image: ImageEngine }).image = realImageEngine;
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie, ...headers } });

  const selectedSofa = () => [
    { id: 'test-sofa', name: 'Test Sofa', price: 499, brandId: 'test-brand', imageUrl: productImageUrl, quantity: 1 },
  ];

  const designForm = (overrides: Record<string, string> = {}, file?: FormPart): FormPart[] => {
    const fields: Record<string, string> = {
      selectedProducts: JSON.stringify(selectedSofa()),
      uploadedProductImages: JSON.stringify([]),
      userAnswers: JSON.stringify({ vibe: 'Warm & Cozy' }),
      spaceType: 'Living Room',
      mode: 'interior',
      userNotes: 'more plants',
      refinedNotes: '',
      ...overrides,
    };
    return [...(file ? [file] : []), ...Object.entries(fields).map(([name, value]) => ({ name, value }))];
  };

  const generate = (parts: FormPart[]) => {
    const { payload, contentType } = multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url: apiPaths.generateDesignImage,
      payload,
      headers: { cookie, 'content-type': contentType },
    });
  };

  describe('improve-design-notes and improve-caption', () => {
    it('refines notes for the space type', async () => {
      const res = await post(apiPaths.improveDesignNotes, {
        notes: ' more plants.  MORE PLANTS; a warm rug ',
        spaceType: 'interior',
      });
      expect(res.statusCode).toBe(200);
      const { refinedNotes } = res.json() as { refinedNotes: string };
      expect(refinedNotes).toMatch(/\broom\b/i);
      expect(refinedNotes.match(/more plants/gi)).toHaveLength(1);
      expect(refinedNotes).toMatch(/warm rug/i);
      const outdoor = await post(apiPaths.improveDesignNotes, { notes: 'a fire pit', spaceType: 'outdoor' });
      expect((outdoor.json() as { refinedNotes: string }).refinedNotes).toMatch(/\byard\b[\s\S]*fire pit/i);
    });

    it('improves a caption', async () => {
      const res = await post(apiPaths.improveCaption, { caption: '  my   cosy  corner ', spaceType: 'interior' });
      expect(res.statusCode).toBe(200);
      const { improvedCaption } = res.json() as { improvedCaption: string };
      expect(improvedCaption).toMatch(/^My cosy corner\b.*[.!]$/);
    });

    it('answers 400 for blank text, a bad space type or a missing field', async () => {
      for (const [url, payload, field] of [
        [apiPaths.improveDesignNotes, { notes: '   ', spaceType: 'interior' }, 'notes'],
        [apiPaths.improveDesignNotes, { notes: 'x', spaceType: 'attic' }, 'spaceType'],
        [apiPaths.improveCaption, { caption: '\n\t', spaceType: 'outdoor' }, 'caption'],
        [apiPaths.improveCaption, { spaceType: 'outdoor' }, 'caption'],
      ] as const) {
        const res = await post(url, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect((res.json() as { message: string }).message).toContain(field);
      }
    });

    it('answers 401 without a session', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: apiPaths.improveCaption,
        payload: { caption: 'x', spaceType: 'interior' },
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('generate-design-image, multipart form', () => {
    it('renders an uploaded space photo with the chosen products and stores the render', async () => {
      const res = await generate(designForm({}, filePart(await makeJpeg(1200, 900, '#a0a0a0'), 'image', 'room.jpg')));
      expect(res.statusCode, res.body).toBe(200);
      const body = generateDesignResponseSchema.parse(res.json());
      expect(body.success).toBe(true);
      expect(body.error).toBeNull();
      expect(body.imageUrl).toMatch(renderUrlPattern);

      const served = await t.app.inject({ method: 'GET', url: body.imageUrl! });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      // the render keeps the photo's 4:3 shape
      expect(Math.abs(meta.width / meta.height - 4 / 3)).toBeLessThan(0.02);

      const [row] = await t.database.db
        .select()
        .from(mediaFiles)
        .where(eq(mediaFiles.key, body.imageUrl!.slice('/media/'.length)));
      expect(row).toMatchObject({ kind: 'render', width: meta.width, height: meta.height, contentType: 'image/webp' });
    });

    it('renders a preset space given by spaceImageUrl, with uploaded product photos', async () => {
      const ownProduct = await uploadImage(t.app, cookie, '#aa2211');
      const res = await generate(
        designForm({
          spaceImageUrl: presetSpaceUrl,
          uploadedProductImages: JSON.stringify([
            {
              id: 'own-1',
              url: ownProduct,
              name: 'My chair',
              price: 0,
              category: 'Armchair',
              sizeCm: { width: 82, depth: 82, height: 80 },
            },
          ]),
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = generateDesignResponseSchema.parse(res.json());
      expect(body.imageUrl).toMatch(renderUrlPattern);
      const meta = await sharp(readStored(t, body.imageUrl!)).metadata();
      expect(Math.abs(meta.width / meta.height - 3 / 2)).toBeLessThan(0.02);
    });

    it('gives the same bytes for the same request', async () => {
      const form = () => designForm({ spaceImageUrl: presetSpaceUrl });
      const first = generateDesignResponseSchema.parse((await generate(form())).json());
      const second = generateDesignResponseSchema.parse((await generate(form())).json());
      expect(second.imageUrl).not.toBe(first.imageUrl);
      const hash = (url: string) => createHash('sha256').update(readStored(t, url)).digest('hex');
      expect(hash(second.imageUrl!)).toBe(hash(first.imageUrl!));
    });

    it('answers 400 naming the field for bad fields', async () => {
      const cases: [Record<string, string>, string][] = [
        [{ spaceImageUrl: presetSpaceUrl, selectedProducts: '{not json' }, 'selectedProducts'],
        [{ spaceImageUrl: presetSpaceUrl, userAnswers: '[1,2]' }, 'userAnswers'],
        [{ spaceImageUrl: presetSpaceUrl, mode: 'attic' }, 'mode'],
        [{ spaceImageUrl: 'https://example.com/room.jpg' }, 'spaceImageUrl'],
        [{ spaceImageUrl: '/media/seed/spaces/missing.webp' }, 'spaceImageUrl'],
        [
          {
            spaceImageUrl: presetSpaceUrl,
            selectedProducts: JSON.stringify([{ ...selectedSofa()[0], imageUrl: '/media/seed/nope.webp' }]),
          },
          'selectedProducts.0.imageUrl',
        ],
        [
          {
            spaceImageUrl: presetSpaceUrl,
            uploadedProductImages: JSON.stringify([{ id: 'u', url: '/media/uploads/ab/none.webp' }]),
          },
          'uploadedProductImages.0.url',
        ],
        [
          {
            spaceImageUrl: presetSpaceUrl,
            uploadedProductImages: JSON.stringify([
              { id: 'u', url: presetSpaceUrl, sizeCm: { width: 0, depth: 60, height: 70 } },
            ]),
          },
          'uploadedProductImages.0.sizeCm.width',
        ],
        [
          {
            spaceImageUrl: presetSpaceUrl,
            uploadedProductImages: JSON.stringify([
              { id: 'u', url: presetSpaceUrl, sizeCm: { width: 80, depth: 60, height: 70.5 } },
            ]),
          },
          'uploadedProductImages.0.sizeCm.height',
        ],
      ];
      for (const [overrides, field] of cases) {
        const res = await generate(designForm(overrides));
        expect(res.statusCode, field).toBe(400);
        expect((res.json() as { error: string }).error, field).toContain(field);
      }
    });

    it('answers 400 "No space image found" with neither a file nor a space URL', async () => {
      const res = await generate(designForm());
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: messages.create.noSpace });
    });

    it('holds the upload rules for the space photo', async () => {
      const html = await generate(designForm({}, filePart(htmlPretendingToBeJpeg, 'image', 'room.jpg')));
      expect(html.statusCode).toBe(415);
      expect(html.json()).toEqual({ error: messages.upload.unsupportedType });
      const big = await generate(
        designForm({}, filePart(await makePngOfExactSize(UPLOAD_MAX_BYTES + 1), 'image', 'room.png', 'image/png')),
      );
      expect(big.statusCode).toBe(413);
      expect(big.json()).toEqual({ error: messages.upload.tooLarge });
    });

    it('answers 504 with the timeout message when the engine times out', async () => {
      (t.app.engines as { image: ImageEngine }).image = {
        name: 'local',
        generateDesign: async () => {
          throw new EngineTimeoutError('upstream slow', 120_000);
        },
        generateFromPrompt: async () => {
          throw new EngineTimeoutError('upstream slow', 120_000);
        },
      };
      const res = await generate(designForm({ spaceImageUrl: presetSpaceUrl }));
      expect(res.statusCode).toBe(504);
      expect(res.json()).toEqual({ success: false, imageUrl: null, error: messages.create.renderTimeout });
    });

    it('answers 503 with the reason when the engine fails after the queue tried again, and stores nothing', async () => {
      const rendersBefore = await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.kind, 'render'));
      let calls = 0;
      (t.app.engines as { image: ImageEngine }).image = {
        name: 'openai',
        generateDesign: async () => {
          calls++;
          throw new EngineFailureError('rate_limited', 'The AI service is busy; try again shortly', 429);
        },
        generateFromPrompt: async () => {
          throw new Error('socket hang up at 10.0.0.7');
        },
      };
      const res = await generate(designForm({ spaceImageUrl: presetSpaceUrl }));
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        success: false,
        imageUrl: null,
        error: 'The AI service is busy; try again shortly',
      });
      // a busy engine is retried like any job's (RENDER_ATTEMPTS, 3 by default)
      expect(calls).toBe(3);

      const json = await post(apiPaths.generateDesignImage, { prompt: 'x', spaceImage: presetSpaceUrl });
      expect(json.statusCode).toBe(503);
      // an unexpected error's text stays in the log, not in the answer
      expect(json.body).not.toContain('10.0.0.7');
      const rendersAfter = await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.kind, 'render'));
      expect(rendersAfter.length).toBe(rendersBefore.length);
    });
  });

  describe('generate-design-image through the render queue', () => {
    it('renders as one job of one variation, answering its picture with the placements by product id', async () => {
      const res = await generate(designForm({ spaceImageUrl: presetSpaceUrl }));
      expect(res.statusCode, res.body).toBe(200);
      const body = generateDesignResponseSchema.parse(res.json());
      const [job] = await t.database.db
        .select()
        .from(renderJobs)
        .where(eq(renderJobs.status, 'done'))
        .then((rows) => rows.filter((row) => JSON.stringify(row.result).includes(body.imageUrl!)));
      expect(job).toMatchObject({ kind: 'design', variationCount: 1, status: 'done' });
      expect(body.placements?.map((p) => p.productId)).toEqual(['test-sofa']);
      const meta = await sharp(readStored(t, body.imageUrl!)).metadata();
      expect(body.renderSize).toEqual({ width: meta.width, height: meta.height });
      expect(body.receipt).toMatchObject({ method: 'placed', productsChosen: 1, productsPresent: 1 });
    });

    it("counts against the person's render limits: 429 saying so while two of their renders are under way", async () => {
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      (t.app.engines as { image: ImageEngine }).image = {
        name: 'local',
        generateDesign: async (input, signal) => {
          await held;
          return realImageEngine.generateDesign(input, signal);
        },
        generateFromPrompt: realImageEngine.generateFromPrompt.bind(realImageEngine),
      };
      const queued = [];
      for (let i = 0; i < 2; i++) {
        const { payload, contentType } = multipartBody(designForm({ spaceImageUrl: presetSpaceUrl }));
        const res = await t.app.inject({
          method: 'POST',
          url: apiPaths.renderJobs,
          payload,
          headers: { cookie, 'content-type': contentType },
        });
        expect(res.statusCode).toBe(202);
        queued.push(renderJobSchema.parse(res.json()).id);
      }
      const refused = await generate(designForm({ spaceImageUrl: presetSpaceUrl }));
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: messages.create.renderJobsAtOnce(2) });
      const prompt = await post(apiPaths.generateDesignImage, { prompt: 'x', spaceImage: presetSpaceUrl });
      expect(prompt.statusCode).toBe(429);
      release();
      for (const id of queued) {
        await t.app.inject({ method: 'POST', url: apiPaths.renderJobCancel(id), headers: { cookie } });
      }
    });
  });

  describe('generate-design-image, JSON form (see in space)', () => {
    it('renders the space with the extra photos and answers {imageUrl}', async () => {
      const res = await post(apiPaths.generateDesignImage, {
        prompt: 'Place the sofa by the window',
        spaceImage: presetSpaceUrl,
        additionalPhotos: [productImageUrl],
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { imageUrl: string };
      expect(Object.keys(body)).toEqual(['imageUrl', 'receipt']);
      expect(body.imageUrl).toMatch(renderUrlPattern);
      const served = await t.app.inject({ method: 'GET', url: body.imageUrl });
      expect(served.statusCode).toBe(200);
    });

    it('answers 400 naming the field for images that are not stored', async () => {
      const missingSpace = await post(apiPaths.generateDesignImage, { prompt: 'x', spaceImage: '/media/none.webp' });
      expect(missingSpace.statusCode).toBe(400);
      expect((missingSpace.json() as { error: string }).error).toContain('spaceImage');
      const missingPhoto = await post(apiPaths.generateDesignImage, {
        prompt: 'x',
        spaceImage: presetSpaceUrl,
        additionalPhotos: [presetSpaceUrl, '/media/none.webp'],
      });
      expect((missingPhoto.json() as { error: string }).error).toContain('additionalPhotos.1');
      const notOurs = await post(apiPaths.generateDesignImage, { prompt: 'x', spaceImage: 'http://example.com/a.jpg' });
      expect(notOurs.statusCode).toBe(400);
      expect((notOurs.json() as { error: string }).error).toContain('spaceImage');
    });
  });

  describe('render inputs are the asker’s own pictures or sample pictures', () => {
    it('refuses another person’s upload or render in any picture field of every render route, queuing nothing', async () => {
      const stranger = await t.unlock();
      const theirUpload = await uploadImage(t.app, stranger, '#207050');
      const theirRendered = await t.app.inject({
        method: 'POST',
        url: apiPaths.generateDesignImage,
        payload: { prompt: 'calm', spaceImage: theirUpload },
        headers: { cookie: stranger },
      });
      expect(theirRendered.statusCode, theirRendered.body).toBe(200);
      const theirRender = (theirRendered.json() as { imageUrl: string }).imageUrl;
      const mine = await uploadImage(t.app, cookie, '#705020');
      const jobsBefore = (await t.database.db.select().from(renderJobs)).length;

      const form = (overrides: Record<string, string>) => {
        const { payload, contentType } = multipartBody(designForm(overrides));
        return { payload, headers: { cookie, 'content-type': contentType } };
      };
      const recomposite = (body: object) => ({
        payload: {
          selectedProducts: selectedSofa(),
          mode: 'interior',
          spaceImageUrl: presetSpaceUrl,
          placements: [{ productId: 'test-sofa', box: { x: 10, y: 10, width: 200, height: 120 } }],
          ...body,
        },
        headers: { cookie },
      });
      const notOurs = (url: string) =>
        [
          [apiPaths.generateDesignImage, form({ spaceImageUrl: url }), 'spaceImageUrl'],
          [apiPaths.renderJobs, form({ spaceImageUrl: url }), 'spaceImageUrl'],
          [
            apiPaths.generateDesignImage,
            form({
              spaceImageUrl: presetSpaceUrl,
              uploadedProductImages: JSON.stringify([{ id: 'own-1', url, name: 'Their chair', price: 0 }]),
            }),
            'uploadedProductImages.0.url',
          ],
          [
            apiPaths.renderJobs,
            form({
              spaceImageUrl: presetSpaceUrl,
              selectedProducts: JSON.stringify([{ ...selectedSofa()[0], id: 'not-in-catalogue', imageUrl: url }]),
            }),
            'selectedProducts.0.imageUrl',
          ],
          [
            apiPaths.generateDesignImage,
            { payload: { prompt: 'x', spaceImage: url }, headers: { cookie } },
            'spaceImage',
          ],
          [
            apiPaths.renderJobs,
            {
              payload: { prompt: 'x', spaceImage: presetSpaceUrl, additionalPhotos: [mine, url] },
              headers: { cookie },
            },
            'additionalPhotos.1',
          ],
          [apiPaths.recompositeDesign, recomposite({ spaceImageUrl: url }), 'spaceImageUrl'],
        ] as const;
      for (const url of [theirUpload, theirRender]) {
        for (const [route, request, field] of notOurs(url)) {
          const res = await t.app.inject({ method: 'POST', url: route, ...request });
          expect(res.statusCode, `${route} ${field}`).toBe(400);
          expect(res.json().error, `${route} ${field}`).toBe(
            `Invalid ${field}: is not a picture you uploaded or rendered`,
          );
        }
      }
      expect((await t.database.db.select().from(renderJobs)).length).toBe(jobsBefore);

      // one's own upload and render, the catalogue's own picture of a product and sample pictures are taken
      const ownRender = await post(apiPaths.generateDesignImage, { prompt: 'calm', spaceImage: mine });
      expect(ownRender.statusCode, ownRender.body).toBe(200);
      const again = await post(apiPaths.generateDesignImage, {
        prompt: 'calm',
        spaceImage: (ownRender.json() as { imageUrl: string }).imageUrl,
        additionalPhotos: [productImageUrl, mine],
      });
      expect(again.statusCode, again.body).toBe(200);
      const adjusted = await t.app.inject({ method: 'POST', url: apiPaths.recompositeDesign, ...recomposite({}) });
      expect(adjusted.statusCode, adjusted.body).toBe(200);
    });
  });

  describe('rate limit', () => {
    const call = (c: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: apiPaths.improveCaption,
        payload: { caption: 'hi', spaceType: 'interior' },
        headers: { cookie: c },
        remoteAddress,
      });

    it(`allows ${AI_REQUESTS_PER_MINUTE} AI calls a minute per session, then 429 with Retry-After`, async () => {
      const address = '192.0.2.10';
      for (let i = 0; i < AI_REQUESTS_PER_MINUTE; i++) expect((await call(cookie, address)).statusCode).toBe(200);
      const limited = await call(cookie, address);
      expect(limited.statusCode).toBe(429);
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(limited.json()).toEqual({ error: 'Too many AI requests. Please wait a moment and try again.' });
      // the other AI routes share the budget, from any address; another session has its own
      const notes = await t.app.inject({
        method: 'POST',
        url: apiPaths.improveDesignNotes,
        payload: { notes: 'x', spaceType: 'interior' },
        headers: { cookie },
        remoteAddress: '192.0.2.11',
      });
      expect(notes.statusCode).toBe(429);
      expect((await call(await t.unlock(), address)).statusCode).toBe(200);
    });

    it(`allows one address ${DEFAULT_AI_REQUESTS_PER_ADDRESS_PER_MINUTE} AI calls a minute, however many sessions it opens`, async () => {
      const address = '192.0.2.20';
      const perSession = AI_REQUESTS_PER_MINUTE;
      const sessions = DEFAULT_AI_REQUESTS_PER_ADDRESS_PER_MINUTE / perSession;
      for (let s = 0; s < sessions; s++) {
        const session = await t.unlock();
        for (let i = 0; i < perSession; i++) expect((await call(session, address)).statusCode).toBe(200);
      }
      // a new session of its own, its first call: the address has spent its minute
      const fresh = await t.unlock();
      const limited = await call(fresh, address);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ error: 'Too many AI requests. Please wait a moment and try again.' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // the same session from another address is answered
      expect((await call(fresh, '192.0.2.21')).statusCode).toBe(200);
    });
  });
});
