import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@dwellscape/shared';
import { titleLines } from '../src/modules/previews/preview-picture';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import { insertAccount, insertDesign, signedInCookie, uploadImage } from './fixtures';

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Dwellscape™</title></head>' +
  '<body><div id="static-gate">Enter the beta password</div><div id="root"></div></body></html>';

/** The content of every <meta property|name="key"> of a page. */
const metaOf = (html: string) =>
  new Map([...html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g)].map((m) => [m[1], m[2]]));

describe.each(dbKinds)('link previews before the gate (%s)', (kind) => {
  let t: TestApp;
  let webDir: string;
  let authorId: string;
  let cookie: string;

  beforeAll(async () => {
    webDir = mkdtempSync(path.join(os.tmpdir(), 'dwellscape-web-'));
    mkdirSync(webDir, { recursive: true });
    writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
    t = await createTestApp({ kind, seed: false, env: { WEB_DIST_DIR: webDir } });
    const account = await insertAccount(t.database.db, { displayName: 'Jordan <Blake>' });
    authorId = account.id;
    cookie = await signedInCookie(t, t.database.db, authorId);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  async function publicDesign() {
    const after = await uploadImage(t.app, cookie, '#c08040');
    const before = await uploadImage(t.app, cookie, '#4080c0');
    return insertDesign(t.database.db, {
      userId: authorId,
      title: 'Sunday "loft" & light',
      caption: 'SECRET-CAPTION soft linen',
      afterImageUrl: after,
      beforeImageUrl: before,
      spaceType: 'SECRET-SPACE',
      selectedProducts: [
        {
          id: 'p1',
          name: 'SECRET-SOFA',
          price: 1299,
          brandId: 'b1',
          imageUrl: '/media/x.webp',
          quantity: 1,
          ownItem: false,
        },
        {
          id: 'p2',
          name: 'SECRET-LAMP',
          price: 89,
          brandId: 'b1',
          imageUrl: '/media/y.webp',
          quantity: 2,
          ownItem: false,
        },
      ],
    });
  }

  it('answers the post URL with Open Graph and Twitter tags, holding the title, picture and author only', async () => {
    const design = await publicDesign();
    const res = await t.app.inject({ method: 'GET', url: `/post/${design.id}`, headers: { host: 'dwell.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const meta = metaOf(res.body);
    expect(meta.get('og:title')).toBe('Sunday &quot;loft&quot; &amp; light');
    expect(meta.get('og:description')).toBe('by Jordan &lt;Blake&gt; · 2 products');
    expect(meta.get('og:url')).toBe(`http://dwell.example/post/${design.id}`);
    expect(meta.get('og:image')).toMatch(new RegExp(`^http://dwell\\.example/media/previews/${design.id}\\.png\\?v=`));
    expect(meta.get('twitter:card')).toBe('summary_large_image');
    expect(meta.get('twitter:image')).toBe(meta.get('og:image')?.replace(/&amp;/g, '&'));
    expect(res.body).toContain('<title>Sunday &quot;loft&quot; &amp; light · Dwellscape™</title>');
    // still the gate's page: a browser opening the link passes the gate, then the app shows the post
    expect(res.body).toContain('Enter the beta password');
    for (const secret of ['SECRET', design.beforeImageUrl!, design.afterImageUrl, authorId, '1299']) {
      expect(res.body).not.toContain(secret);
    }
    // the API stays behind the gate
    expect((await t.app.inject({ method: 'GET', url: apiPaths.design(design.id) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: apiPaths.designComments(design.id) })).statusCode).toBe(401);
  });

  it('gives an unknown, hidden or malformed id the plain page, with no tags', async () => {
    const hidden = await insertDesign(t.database.db, { userId: authorId, title: 'HIDDEN-TITLE', isPublic: false });
    for (const id of ['no-such-design', hidden.id, 'bad.id']) {
      const res = await t.app.inject({ method: 'GET', url: `/post/${id}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX_HTML);
    }
    expect((await t.app.inject({ method: 'GET', url: apiPaths.designPreview(hidden.id) })).statusCode).toBe(404);
  });

  it('draws a 1200×630 PNG without a session, keeps it on disk and draws it again after an edit', async () => {
    const design = await publicDesign();
    const first = await t.app.inject({ method: 'GET', url: apiPaths.designPreview(design.id) });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    const picture = await sharp(first.rawPayload).metadata();
    expect([picture.format, picture.width, picture.height]).toEqual(['png', 1200, 630]);
    // the after picture fills the frame: its colour shows in the top half, above the words
    const { data } = await sharp(first.rawPayload)
      .extract({ left: 600, top: 200, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(Math.abs(data[0]! - 0xc0)).toBeLessThan(24);
    expect(Math.abs(data[2]! - 0x40)).toBeLessThan(24);

    const stored = () => t.app.storage.exists(`previews/${design.id}-${ogVersion}.png`);
    const page = await t.app.inject({ method: 'GET', url: `/post/${design.id}` });
    const ogVersion = /\?v=([A-Za-z0-9_-]+)/.exec(metaOf(page.body).get('og:image') ?? '')![1];
    expect(await stored()).toBe(true);
    const again = await t.app.inject({ method: 'GET', url: apiPaths.designPreview(design.id) });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    const edit = await t.app.inject({
      method: 'PATCH',
      url: apiPaths.design(design.id),
      payload: { title: 'A new name' },
      headers: { cookie },
    });
    expect(edit.statusCode).toBe(200);
    expect(await stored()).toBe(false);
    const redrawn = await t.app.inject({ method: 'GET', url: apiPaths.designPreview(design.id) });
    expect(redrawn.statusCode).toBe(200);
    expect(redrawn.rawPayload.equals(first.rawPayload)).toBe(false);
    const newPage = await t.app.inject({ method: 'GET', url: `/post/${design.id}` });
    expect(metaOf(newPage.body).get('og:title')).toBe('A new name');
    expect(metaOf(newPage.body).get('og:image')).not.toContain(ogVersion);
  });

  it('refuses a preview name that is not an id and .png', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/media/previews/..%2fsecret.png' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/media/previews/abc.jpg' })).statusCode).toBe(400);
  });
});

describe('the preview title', () => {
  it('breaks between words into at most two lines, cutting the second with an ellipsis', () => {
    expect(titleLines('Sunday loft')).toEqual(['Sunday loft']);
    expect(titleLines('A calm reading corner with soft linen and warm evening light', 30)).toEqual([
      'A calm reading corner with',
      'soft linen and warm evening l…',
    ]);
    expect(titleLines('Abcdefghijklmnopqrstuvwxyzabcdefghij', 30)).toEqual(['Abcdefghijklmnopqrstuvwxyzabc…']);
  });
});
