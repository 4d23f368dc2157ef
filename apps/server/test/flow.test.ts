import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, EMPTY_SPACE_ID_SUFFIX, type Question, type Space, type Template } from '@dwellscape/shared';
import { SEED_SPACES, seedKeys } from '@dwellscape/sample-art';
import { spaces } from '../src/db/schema';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import { insertQuestion, insertSpace, insertTemplate } from './fixtures';

describe.each(dbKinds)('create-flow data API on %s', (kind) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    const db = t.database.db;
    // inserted out of order so that only `position` can explain the answer's order
    await insertQuestion(db, {
      id: 'q-colour',
      position: 3,
      questionText: 'Colour preference?',
      type: 'select',
      options: ['Warm', 'Cool'],
    });
    await insertQuestion(db, {
      id: 'q-vibe',
      position: 1,
      questionText: "What's your vibe?",
      options: ['Cozy', 'Minimal', 'Bold'],
    });
    await insertQuestion(db, { id: 'q-light', position: 2 });
    await insertQuestion(db, { id: 'q-aesthetic', position: 1, mode: 'landscape' });
    await insertTemplate(db, { id: 't-bedroom', position: 2, name: 'Calm Bedroom', category: 'Bedroom' });
    await insertTemplate(db, { id: 't-living', position: 1, name: 'Bright Living', category: 'Living Room' });
    await insertTemplate(db, {
      id: 't-yard',
      position: 1,
      name: 'Desert Yard',
      category: 'Backyard',
      mode: 'landscape',
      thumbnailUrl: '/media/test/yard-thumb.webp',
      imageUrl: '/media/test/yard.webp',
    });
    await insertSpace(db, { id: 's-loft', position: 2, name: 'Loft' });
    await insertSpace(db, { id: 's-studio', position: 1, name: 'Studio' });
    await insertSpace(db, {
      id: 's-patio',
      position: 1,
      name: 'Stone Patio',
      category: 'Courtyard',
      tags: ['paved', 'shade'],
      thumbnailUrl: '/media/test/patio-thumb.webp',
      imageUrl: '/media/test/patio.webp',
      mode: 'landscape',
    });
    cookie = await t.unlock();
  });

  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, query: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, query, headers: { cookie } });

  describe('GET /api/questions', () => {
    it('lists the questions of a mode by position, with their full shape', async () => {
      const res = await get(apiPaths.questions, { mode: 'interior' });
      expect(res.statusCode).toBe(200);
      const items = res.json<{ items: Question[] }>().items;
      expect(items.map((q) => q.id)).toEqual(['q-vibe', 'q-light', 'q-colour']);
      expect(items[0]).toEqual({
        id: 'q-vibe',
        questionText: "What's your vibe?",
        type: 'buttons',
        options: ['Cozy', 'Minimal', 'Bold'],
        mode: 'interior',
      } satisfies Question);
      expect(items[2]).toMatchObject({ type: 'select', options: ['Warm', 'Cool'] });
    });

    it('keeps the modes apart', async () => {
      const items = (await get(apiPaths.questions, { mode: 'landscape' })).json<{ items: Question[] }>().items;
      expect(items.map((q) => q.id)).toEqual(['q-aesthetic']);
    });
  });

  describe('GET /api/templates', () => {
    it('lists the templates of a mode by position', async () => {
      const items = (await get(apiPaths.templates, { mode: 'interior' })).json<{ items: Template[] }>().items;
      expect(items.map((x) => x.id)).toEqual(['t-living', 't-bedroom']);
      const landscape = (await get(apiPaths.templates, { mode: 'landscape' })).json<{ items: Template[] }>().items;
      expect(landscape).toEqual([
        {
          id: 't-yard',
          name: 'Desert Yard',
          thumbnailUrl: '/media/test/yard-thumb.webp',
          imageUrl: '/media/test/yard.webp',
          category: 'Backyard',
          mode: 'landscape',
        } satisfies Template,
      ]);
    });
  });

  describe('GET /api/spaces', () => {
    it('lists the spaces of a mode by position', async () => {
      const items = (await get(apiPaths.spaces, { mode: 'interior' })).json<{ items: Space[] }>().items;
      expect(items.map((x) => x.id)).toEqual(['s-studio', 's-loft']);
      const landscape = (await get(apiPaths.spaces, { mode: 'landscape' })).json<{ items: Space[] }>().items;
      expect(landscape).toEqual([
        {
          id: 's-patio',
          name: 'Stone Patio',
          category: 'Courtyard',
          tags: ['paved', 'shade'],
          thumbnailUrl: '/media/test/patio-thumb.webp',
          imageUrl: '/media/test/patio.webp',
          mode: 'landscape',
        } satisfies Space,
      ]);
    });
  });

  describe('GET /api/spaces, the seeded spaces empty too', () => {
    it('lists a seeded space furnished, then again empty with the seed’s bare picture', async () => {
      const seeded = SEED_SPACES.find((space) => space.id === 's-family-backyard')!;
      await insertSpace(t.database.db, {
        id: seeded.id,
        position: 5,
        name: seeded.name,
        category: seeded.category,
        tags: seeded.tags,
        mode: 'landscape',
        imageUrl: t.app.storage.urlFor(seedKeys.space(seeded.id)),
        thumbnailUrl: t.app.storage.urlFor(seedKeys.spaceThumb(seeded.id)),
      });
      try {
        const items = (await get(apiPaths.spaces, { mode: 'landscape' })).json<{ items: Space[] }>().items;
        expect(items.map((x) => x.id)).toEqual(['s-patio', seeded.id, `${seeded.id}${EMPTY_SPACE_ID_SUFFIX}`]);
        expect(items[2]).toEqual({
          id: `${seeded.id}${EMPTY_SPACE_ID_SUFFIX}`,
          name: seeded.name,
          category: seeded.category,
          tags: seeded.tags,
          thumbnailUrl: t.app.storage.urlFor(seedKeys.spaceEmptyThumb(seeded.id)),
          imageUrl: t.app.storage.urlFor(seedKeys.spaceEmpty(seeded.id)),
          mode: 'landscape',
          empty: true,
        } satisfies Space);
      } finally {
        await t.database.db.delete(spaces).where(eq(spaces.id, seeded.id));
      }
    });
  });

  describe.each([[apiPaths.questions], [apiPaths.templates], [apiPaths.spaces]])('%s', (path) => {
    it.each([[{}], [{ mode: 'garage' }], [{ mode: 'INTERIOR' }]])('answers 400 naming mode for %j', async (query) => {
      const res = await get(path, query);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/\bmode\b/);
    });
  });
});
