import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_PIXELS, apiPaths, messages } from '@dwellscape/shared';
import { AppError } from '../src/errors';
import { normaliseImage, probeImage, sniffImageType } from '../src/media/image-files';
import { createTestApp, dbKinds, listenOnFreePort, type TestApp } from './helpers';
import {
  filePart,
  htmlPretendingToBeJpeg,
  httpGet,
  makeGif,
  makeJpeg,
  makeJpegWithGps,
  makePixelBombPng,
  makePng,
  makeTwoToneJpeg,
  makeWebp,
  multipartBody,
  rawRequest,
  svgImage,
} from './media-fixtures';

describe('image helpers', () => {
  it('sniffs JPEG, PNG and WebP by their first bytes only', async () => {
    expect(sniffImageType(await makeJpeg())).toBe('jpeg');
    expect(sniffImageType(await makePng())).toBe('png');
    expect(sniffImageType(await makeWebp())).toBe('webp');
    expect(sniffImageType(await makeGif())).toBeNull();
    expect(sniffImageType(svgImage)).toBeNull();
    expect(sniffImageType(htmlPretendingToBeJpeg)).toBeNull();
    expect(sniffImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });

  it('probes the header without decoding and applies the pixel cap', async () => {
    expect(await probeImage(await makePng(300, 200))).toEqual({ type: 'png', width: 300, height: 200 });
    const started = performance.now();
    const bomb = probeImage(makePixelBombPng(20_000, 20_000));
    await expect(bomb).rejects.toMatchObject({ kind: 'too_large', message: messages.upload.tooManyPixels });
    expect(performance.now() - started).toBeLessThan(1000);
    // exactly at the cap is allowed
    const side = Math.floor(Math.sqrt(UPLOAD_MAX_PIXELS));
    await expect(probeImage(makePixelBombPng(side, side))).resolves.toMatchObject({ width: side });
    await expect(probeImage(htmlPretendingToBeJpeg)).rejects.toMatchObject({ kind: 'unsupported_media' });
  });

  it('refuses PNG bytes that another decoder would read differently', async () => {
    const pngHeaderThenJpeg = Buffer.concat([(await makePng()).subarray(0, 8), await makeJpeg()]);
    await expect(probeImage(pngHeaderThenJpeg)).rejects.toBeInstanceOf(AppError);
  });

  it('normalises: upright, within 2048, WebP, no metadata', async () => {
    const out = await normaliseImage(await makeJpegWithGps(100, 50));
    const meta = await sharp(out.bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 100, height: 50 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();

    const tall = await normaliseImage(await makeJpeg(1000, 5000));
    expect(tall).toMatchObject({ width: 410, height: 2048 });
  });

  it('keeps the picture itself: left stays red, right stays blue', async () => {
    const out = await normaliseImage(await makeTwoToneJpeg(200, 100));
    const { data, info } = await sharp(out.bytes).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) =>
      Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
    const [lr, , lb] = at(20, 50);
    const [rr, , rb] = at(180, 50);
    expect(lr!).toBeGreaterThan(200);
    expect(lb!).toBeLessThan(60);
    expect(rb!).toBeGreaterThan(200);
    expect(rr!).toBeLessThan(60);
  });
});

describe.each(dbKinds)('GET /media/ (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  let port: number;
  let uploadedUrl: string;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    cookie = await t.unlock();
    port = await listenOnFreePort(t.app);
    const { payload, contentType } = multipartBody([filePart(await makeJpeg(40, 30))]);
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.uploads,
      payload,
      headers: { cookie, 'content-type': contentType },
    });
    uploadedUrl = (res.json() as { url: string }).url;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves an upload as an immutable, non-sniffable WebP', async () => {
    const res = await httpGet(port, uploadedUrl);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(res.body).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 40, height: 30 });
  });

  it('answers 404 for a stored name that does not exist', async () => {
    const res = await httpGet(port, '/media/uploads/00/00000000-0000-4000-8000-000000000000.webp');
    expect(res.status).toBe(404);
  });

  it('never serves a file outside the media folder, however the path is spelled', async () => {
    const secret = readFileSync(path.join(t.dataDir, 'session-secret'), 'utf8').trim();
    const tricks = [
      '/media/../session-secret',
      '/media/..%2fsession-secret',
      '/media/%2e%2e/session-secret',
      '/media/%2e%2e%2fsession-secret',
      '/media/uploads/../../session-secret',
      '/media/uploads/..%2f..%2fsession-secret',
      '/media/..\\session-secret',
      '/media/%2e%2e%5csession-secret',
      '/media//etc/passwd',
      '/media/%2fetc%2fpasswd',
      '/media/....//session-secret',
      '/media/.%2e/.%2e/session-secret',
    ];
    for (const trick of tricks) {
      const res = await rawRequest(port, `GET ${trick} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      expect([400, 403, 404], trick).toContain(res.status);
      expect(res.body, trick).not.toContain(secret);
      expect(res.body, trick).not.toContain('root:');
    }
  });
});
