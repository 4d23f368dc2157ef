import path from 'node:path';
import { eq } from 'drizzle-orm';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES, apiPaths, messages, uploadResponseSchema } from '@dwellscape/shared';
import { mediaFiles } from '../src/db/schema';
import { createTestApp, dbKinds, listenOnFreePort, type TestApp } from './helpers';
import {
  filePart,
  htmlPretendingToBeJpeg,
  listFiles,
  makeGif,
  makeJpeg,
  makeJpegWithGps,
  makePixelBombPng,
  makePng,
  makePngOfExactSize,
  makeRotatedJpeg,
  makeWebp,
  multipartBody,
  rawRequest,
  svgImage,
  type FormPart,
} from './media-fixtures';

const uploadUrlPattern =
  /^\/media\/uploads\/([0-9a-f]{2})\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.webp$/;

describe.each(dbKinds)('POST /api/uploads (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  let mediaDir: string;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    cookie = await t.unlock();
    mediaDir = path.join(t.dataDir, 'media');
    port = await listenOnFreePort(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (parts: FormPart[], headers: Record<string, string> = {}) => {
    const { payload, contentType } = multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url: apiPaths.uploads,
      payload,
      headers: { cookie, 'content-type': contentType, ...headers },
    });
  };

  const uploadRows = () => t.database.db.select().from(mediaFiles).where(eq(mediaFiles.kind, 'upload'));

  /** Files and rows before and after: a refused upload must leave both unchanged. */
  async function expectNothingStored(run: () => Promise<void>) {
    const filesBefore = listFiles(mediaDir);
    const rowsBefore = (await uploadRows()).length;
    await run();
    expect(listFiles(mediaDir)).toEqual(filesBefore);
    expect((await uploadRows()).length).toBe(rowsBefore);
  }

  it('stores a PNG as WebP under a server-made key and records it', async () => {
    const res = await upload([filePart(await makePng(120, 80), 'file', '../../evil name.png', 'image/png')]);
    expect(res.statusCode).toBe(201);
    const body = uploadResponseSchema.parse(res.json());
    expect(body).toMatchObject({ width: 120, height: 80 });
    const match = uploadUrlPattern.exec(body.url);
    expect(match, body.url).not.toBeNull();
    expect(match![1]).toBe(match![2]!.slice(0, 2));

    const key = body.url.slice('/media/'.length);
    const stored = await sharp(path.join(mediaDir, key)).metadata();
    expect(stored.format).toBe('webp');
    const [row] = await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.key, key));
    expect(row).toMatchObject({ kind: 'upload', contentType: 'image/webp', width: 120, height: 80 });
    expect(row!.bytes).toBeGreaterThan(0);
  });

  it('accepts JPEG and WebP too, judged by their bytes', async () => {
    for (const [data, name] of [
      [await makeJpeg(30, 20), 'a.jpg'],
      [await makeWebp(30, 20), 'b.webp'],
      // the declared type and the name do not matter: the bytes are a JPEG
      [await makeJpeg(30, 20), 'c.txt'],
    ] as const) {
      const res = await upload([filePart(data, 'file', name, 'application/octet-stream')]);
      expect(res.statusCode, name).toBe(201);
      expect(res.json()).toMatchObject({ width: 30, height: 20 });
    }
  });

  it('fits large images within 2048×2048 and never enlarges small ones', async () => {
    const big = await upload([filePart(await makeJpeg(3000, 1500))]);
    expect(big.statusCode).toBe(201);
    expect(big.json()).toMatchObject({ width: 2048, height: 1024 });
    const small = await upload([filePart(await makePng(10, 7), 'file', 'x.png', 'image/png')]);
    expect(small.json()).toMatchObject({ width: 10, height: 7 });
  });

  it('turns the picture upright by its EXIF orientation', async () => {
    const res = await upload([filePart(await makeRotatedJpeg(60, 30))]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ width: 30, height: 60 });
  });

  it('strips EXIF, GPS included, from what it stores', async () => {
    const original = await makeJpegWithGps();
    const originalExif = (await sharp(original).metadata()).exif;
    expect(originalExif).toBeDefined();
    expect(exifReader(originalExif!).GPSInfo?.GPSLatitude).toBeDefined();

    const res = await upload([filePart(original)]);
    expect(res.statusCode).toBe(201);
    const key = (res.json() as { url: string }).url.slice('/media/'.length);
    const storedBytes = await sharp(path.join(mediaDir, key)).toBuffer();
    const stored = await sharp(path.join(mediaDir, key)).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(storedBytes.includes(Buffer.from('TestCam'))).toBe(false);
  });

  it('accepts a file of exactly 10 MB', async () => {
    const exact = await makePngOfExactSize(UPLOAD_MAX_BYTES);
    expect(exact.length).toBe(10 * 1024 * 1024);
    const res = await upload([filePart(exact, 'file', 'exact.png', 'image/png')]);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses one byte more with 413 and stores nothing', async () => {
    const over = await makePngOfExactSize(UPLOAD_MAX_BYTES + 1);
    await expectNothingStored(async () => {
      const res = await upload([filePart(over, 'file', 'over.png', 'image/png')]);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ error: messages.upload.tooLarge });
    });
  });

  it('refuses an 11 MB upload with 413 and leaves no file on disk', async () => {
    const eleven = await makePngOfExactSize(11 * 1024 * 1024);
    await expectNothingStored(async () => {
      const res = await upload([filePart(eleven, 'file', 'big.png', 'image/png')]);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ error: messages.upload.tooLarge });
    });
  });

  it('holds the limit with chunked transfer (no Content-Length at all)', async () => {
    const { payload, contentType } = multipartBody([
      filePart(await makePngOfExactSize(11 * 1024 * 1024), 'file', 'big.png', 'image/png'),
    ]);
    const chunks: Buffer[] = [];
    for (let at = 0; at < payload.length; at += 256 * 1024) {
      const piece = payload.subarray(at, at + 256 * 1024);
      chunks.push(Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]));
    }
    chunks.push(Buffer.from('0\r\n\r\n'));
    await expectNothingStored(async () => {
      const head = `POST ${apiPaths.uploads} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: ${contentType}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`;
      const res = await rawRequest(port, head, chunks);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual({ error: messages.upload.tooLarge });
    });
  });

  it('holds the limit when Content-Length understates the body', async () => {
    const { payload, contentType } = multipartBody([
      filePart(await makePngOfExactSize(11 * 1024 * 1024), 'file', 'big.png', 'image/png'),
    ]);
    await expectNothingStored(async () => {
      const head = `POST ${apiPaths.uploads} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: ${contentType}\r\nContent-Length: 4096\r\nConnection: close\r\n\r\n`;
      const res = await rawRequest(port, head, [payload]);
      // the server reads the 4096 bytes it was promised: a cut-short form, never a stored file
      expect([400, 413]).toContain(res.status);
    });
  });

  it('refuses at once a body whose Content-Length is far past the limit', async () => {
    const { contentType } = multipartBody([]);
    const started = Date.now();
    const head = `POST ${apiPaths.uploads} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: ${contentType}\r\nContent-Length: ${50 * 1024 * 1024}\r\nConnection: close\r\n\r\n`;
    const res = await rawRequest(port, head, [Buffer.alloc(1024, 0x2d)]);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ error: messages.upload.tooLarge });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses an HTML file named .jpg with 415', async () => {
    await expectNothingStored(async () => {
      const res = await upload([filePart(htmlPretendingToBeJpeg, 'file', 'holiday.jpg', 'image/jpeg')]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ error: messages.upload.unsupportedType });
    });
  });

  it('refuses SVG and GIF with 415', async () => {
    const svg = await upload([filePart(svgImage, 'file', 'logo.svg', 'image/svg+xml')]);
    expect(svg.statusCode).toBe(415);
    const gif = await upload([filePart(await makeGif(), 'file', 'anim.gif', 'image/gif')]);
    expect(gif.statusCode).toBe(415);
    expect(gif.json()).toEqual({ error: messages.upload.unsupportedType });
  });

  it('refuses a pixel bomb from its header, fast, with 413', async () => {
    const bomb = makePixelBombPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const started = Date.now();
    await expectNothingStored(async () => {
      const res = await upload([filePart(bomb, 'file', 'bomb.png', 'image/png')]);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ error: messages.upload.tooManyPixels });
    });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('refuses a truncated JPEG as unreadable', async () => {
    const whole = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#123456' } })
      .composite([{ input: await makePng(200, 100, '#fedcba'), left: 50, top: 50 }])
      .jpeg()
      .toBuffer();
    const res = await upload([filePart(whole.subarray(0, Math.floor(whole.length / 2)))]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: messages.upload.unreadable });
  });

  it('refuses a JPEG signature followed by garbage as unreadable', async () => {
    const res = await upload([filePart(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]))]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: messages.upload.unreadable });
  });

  it('answers 400 when no file is sent', async () => {
    const onlyText = await upload([{ name: 'caption', value: 'hello' }]);
    expect(onlyText.statusCode).toBe(400);
    expect(onlyText.json()).toMatchObject({ error: messages.upload.missingFile });

    const empty = await upload([filePart(Buffer.alloc(0), 'file', '', 'application/octet-stream')]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: messages.upload.missingFile });

    const json = await t.app.inject({
      method: 'POST',
      url: apiPaths.uploads,
      payload: { file: 'x' },
      headers: { cookie },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ error: messages.upload.missingFile });
  });

  it('answers 400 for a file under another field name, and for a broken form', async () => {
    const wrongField = await upload([filePart(await makePng(), 'photo', 'p.png', 'image/png')]);
    expect(wrongField.statusCode).toBe(400);

    const { contentType } = multipartBody([]);
    const broken = await t.app.inject({
      method: 'POST',
      url: apiPaths.uploads,
      payload: Buffer.from(
        '--not-the-boundary\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
      ),
      headers: { cookie, 'content-type': contentType },
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
  });

  it('refuses a second file with 413 (one file per upload)', async () => {
    const png = await makePng();
    const res = await upload([
      filePart(png, 'file', 'a.png', 'image/png'),
      filePart(png, 'file', 'b.png', 'image/png'),
    ]);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('answers 401 without a session, before reading the body', async () => {
    const { payload, contentType } = multipartBody([filePart(await makePng())]);
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.uploads,
      payload,
      headers: { 'content-type': contentType },
    });
    expect(res.statusCode).toBe(401);
  });
});
