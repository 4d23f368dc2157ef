import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { SEED_PRODUCTS, seedKeys } from '@dwellscape/sample-art';
import {
  apiPaths,
  generateDesignResponseSchema,
  type GenerateDesignFields,
  type GenerateDesignResponse,
  type Mode,
  type SelectedProduct,
} from '@dwellscape/shared';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { uploadFile } from './fixtures';
import { createTestApp, type DbKind, type TestApp } from './helpers';
import { multipartBody } from './media-fixtures';

/*
 * What the tests that render a room and then re-composite it share: seeded products chosen by category, a render
 * posted as the web posts it (a form, on a seeded space or on a photo uploaded first), the re-composite after it,
 * and the stored files it answers with.
 */

/** The first seeded product of each category in `mode`, as a render's `selectedProducts` lists it (one of each). */
export function seededChoice(categories: readonly string[], mode: Mode = 'interior'): SelectedProduct[] {
  return categories.map((category) => {
    const product = SEED_PRODUCTS.find((p) => p.category === category && p.mode === mode);
    if (!product) throw new Error(`no seeded ${mode} product in ${category}`);
    return {
      id: product.id,
      name: product.name,
      price: product.price,
      brandId: product.brandId,
      imageUrl: `/media/${seedKeys.product(product.id)}`,
      quantity: 1,
    };
  });
}

/** The /media/ URL of a seeded space's picture. */
export const seededSpaceUrl = (spaceId: string) => `/media/${seedKeys.space(spaceId)}`;

/**
 * A render's form fields: these products in the seeded sunny living room with a Scandinavian vibe, unless
 * `overrides` says otherwise. A re-composite's body is these and its placements.
 */
export function renderFields(
  selectedProducts: SelectedProduct[],
  overrides: Partial<GenerateDesignFields> = {},
): GenerateDesignFields & { spaceImageUrl: string } {
  return {
    selectedProducts,
    uploadedProductImages: [],
    userAnswers: { 'interior-vibe': 'Scandinavian' },
    spaceType: 'Living Room',
    mode: 'interior',
    spaceImageUrl: seededSpaceUrl('s-sunny-living-room'),
    ...overrides,
  };
}

/** The bytes a /media/ URL of the test app's disk storage stands for. */
export const readStored = (t: TestApp, url: string) =>
  readFileSync(path.join(t.dataDir, 'media', url.slice('/media/'.length)));

/** The SHA-256 of the stored file behind a /media/ URL: equal bytes, equal hashes. */
export const storedHash = (t: TestApp, url: string) => createHash('sha256').update(readStored(t, url)).digest('hex');

/** A test app (seeded) for one describe block, a fresh gate session per test, and the calls a render test makes. */
export interface RenderingApp {
  readonly t: TestApp;
  /** This test's session's Cookie header. */
  readonly cookie: string;
  /** Posts a render as the web's form (every field not a string sent as JSON), expects 200, answers it parsed. */
  postRender(fields: Record<string, unknown>): Promise<GenerateDesignResponse>;
  /** Posts a re-composite ('Apply changes') with a JSON body; the answer unchecked, so refusals can be looked at. */
  recomposite(body: object): Promise<LightMyRequestResponse>;
  /** Uploads a photo from disk as this session's, as the web does before a render; answers its /media/ URL. */
  upload(file: string): Promise<string>;
  /** The stored bytes behind a /media/ URL. */
  stored(url: string): Buffer;
  /** The SHA-256 of the stored file behind a /media/ URL. */
  hash(url: string): string;
}

/** Call inside a describe block: starts the app before its tests, closes it after them. */
export function renderingApp(kind: DbKind): RenderingApp {
  let t: TestApp | undefined;
  let cookie = '';
  const app = () => {
    if (!t) throw new Error('the test app is not started: call renderingApp inside a describe block');
    return t;
  };
  beforeAll(async () => {
    t = await createTestApp({ kind });
  }, 120_000);
  beforeEach(async () => {
    cookie = await app().unlock();
  });
  afterAll(async () => {
    await t?.close();
  });
  return {
    get t() {
      return app();
    },
    get cookie() {
      return cookie;
    },
    async postRender(fields) {
      const { payload, contentType } = multipartBody(
        Object.entries(fields).map(([name, value]) => ({
          name,
          value: typeof value === 'string' ? value : JSON.stringify(value),
        })),
      );
      const res = await app().app.inject({
        method: 'POST',
        url: apiPaths.generateDesignImage,
        payload,
        headers: { cookie, 'content-type': contentType },
      });
      expect(res.statusCode, res.body).toBe(200);
      return generateDesignResponseSchema.parse(res.json());
    },
    recomposite: (body) =>
      app().app.inject({ method: 'POST', url: apiPaths.recompositeDesign, payload: body, headers: { cookie } }),
    upload(file) {
      const type = path.extname(file).toLowerCase() === '.png' ? 'image/png' : 'image/jpeg';
      return uploadFile(app().app, cookie, readFileSync(file), path.basename(file), type);
    },
    stored: (url) => readStored(app(), url),
    hash: (url) => storedHash(app(), url),
  };
}
