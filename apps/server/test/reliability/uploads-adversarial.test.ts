/**
 * Hostile uploads: the 10 MB limit, broken framing, files that are not what they claim, pixel
 * bombs, polyglots, file names. Runs once, on PGlite, even when TEST_DATABASE_URL is set: each is
 * refused or re-encoded before the one media_files insert, and uploads.test.ts stores uploads on
 * both databases.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { constants, createDeflate } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES, apiPaths, messages, uploadResponseSchema } from '@dwellscape/shared';
import { mediaFiles } from '../../src/db/schema';
import { createTestApp, type DbKind, type TestApp } from '../helpers';
import {
  filePart,
  htmlPretendingToBeJpeg,
  listFiles,
  makeGif,
  makeJpeg,
  makePng,
  makePngOfExactSize,
  multipartBody,
  pngChunk,
  rawRequest,
  svgImage,
  type FormPart,
} from '../media-fixtures';

const uploadUrlPattern =
  /^\/media\/uploads\/[0-9a-f]{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;
const MB = 1024 * 1024;

/* ---------- hostile files ---------- */

/**
 * A complete, valid RGB PNG of width×height black pixels: every row is there, so a decoder that
 * trusted the header would really allocate and fill width×height×3 bytes. Zero rows compress to
 * almost nothing (about 1 MB for 20000×20000), which is what makes it a decompression bomb.
 */
async function makeFullPixelBomb(width: number, height: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const deflate = createDeflate({ level: 9, strategy: constants.Z_RLE, chunkSize: MB });
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const rowsAtOnce = 100;
  const rows = Buffer.alloc((width * 3 + 1) * rowsAtOnce);
  for (let y = 0; y < height; y += rowsAtOnce) {
    const count = Math.min(rowsAtOnce, height - y);
    if (!deflate.write(rows.subarray(0, (width * 3 + 1) * count))) await new Promise((r) => deflate.once('drain', r));
  }
  const ended = new Promise((r) => deflate.once('end', r));
  deflate.end();
  await ended;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(compressed)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A photo-like JPEG (noise, so the entropy-coded scan is most of the file). */
function makeNoisyJpeg(width = 600, height = 400): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const script = '<html><body><script>alert(document.cookie)</script></body></html>';

/** A JPEG with an HTML page inside a COM (comment) segment right after SOI. */
function withJpegComment(jpeg: Buffer, text: string): Buffer {
  const body = Buffer.from(text, 'latin1');
  const marker = Buffer.alloc(4);
  marker.writeUInt16BE(0xfffe, 0);
  marker.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), marker, body, jpeg.subarray(2)]);
}

/** A PNG with an HTML page inside a tEXt chunk before IEND. */
function withPngText(png: Buffer, text: string): Buffer {
  const iendAt = png.length - 12;
  return Buffer.concat([
    png.subarray(0, iendAt),
    pngChunk('tEXt', Buffer.from(`Comment\0${text}`, 'latin1')),
    png.subarray(iendAt),
  ]);
}

/* ---------- measuring the process ---------- */

interface Measured<T> {
  result: T;
  ms: number;
  rssGrowthMb: number;
  arrayBuffersGrowthMb: number;
  peakFrom: 'VmHWM' | 'sampling';
}

/** Linux keeps the process's peak RSS in VmHWM; writing 5 to clear_refs resets it to the current RSS. */
function resetPeakRss(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

function peakRssBytes(): number | null {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/** Wall time and the growth of RSS and ArrayBuffer memory over `run`, peak against the start. */
async function measure<T>(run: () => Promise<T>): Promise<Measured<T>> {
  const exactPeak = resetPeakRss();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakArrayBuffers = before.arrayBuffers;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakArrayBuffers = Math.max(peakArrayBuffers, now.arrayBuffers);
  };
  // libvips decodes off the main thread, so sampling keeps running while it works
  const sampler = setInterval(sample, 2);
  const started = performance.now();
  let result: T;
  try {
    result = await run();
  } finally {
    clearInterval(sampler);
  }
  const ms = performance.now() - started;
  sample();
  const hwm = exactPeak ? peakRssBytes() : null;
  if (hwm !== null) peakRss = Math.max(peakRss, hwm);
  return {
    result,
    ms,
    rssGrowthMb: (peakRss - before.rss) / MB,
    arrayBuffersGrowthMb: (peakArrayBuffers - before.arrayBuffers) / MB,
    peakFrom: hwm !== null ? 'VmHWM' : 'sampling',
  };
}

/* ---------- the suite ---------- */

const bombs = new Map<number, Promise<Buffer>>();
const pixelBomb = (side: number) => {
  if (!bombs.has(side)) bombs.set(side, makeFullPixelBomb(side, side));
  return bombs.get(side)!;
};

describe.each<DbKind>(['pglite'])('adversarial uploads (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  let port: number;
  let mediaDir: string;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    cookie = await t.unlock();
    mediaDir = path.join(t.dataDir, 'media');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (parts: FormPart[]) => {
    const { payload, contentType } = multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url: apiPaths.uploads,
      payload,
      headers: { cookie, 'content-type': contentType },
    });
  };

  const requestHead = (contentType: string, framing: string) =>
    `POST ${apiPaths.uploads} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: ${contentType}\r\n${framing}\r\nConnection: close\r\n\r\n`;

  const uploadRowCount = async () => (await t.database.db.select().from(mediaFiles)).length;

  /** Every file under DATA_DIR (not only media/) and every media row: a refused upload changes neither. */
  async function expectNothingStored(run: () => Promise<void>) {
    const filesBefore = listFiles(t.dataDir);
    const rowsBefore = await uploadRowCount();
    await run();
    expect(listFiles(t.dataDir)).toEqual(filesBefore);
    expect(await uploadRowCount()).toBe(rowsBefore);
  }

  /** A stored upload: one new file, at the server-made key the answer names, served as WebP with nosniff. */
  async function expectStoredAsWebp(url: string, filesBefore: string[]): Promise<Buffer> {
    expect(url).toMatch(uploadUrlPattern);
    const storedPath = path.join(mediaDir, url.slice('/media/'.length));
    expect(listFiles(t.dataDir).filter((file) => !filesBefore.includes(file))).toEqual([storedPath]);
    const served = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const bytes = readFileSync(storedPath);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    return bytes;
  }

  describe('the 10 MB limit over real HTTP', () => {
    it('accepts a file of exactly 10 MB (10 × 1024 × 1024 bytes)', async () => {
      expect(UPLOAD_MAX_BYTES).toBe(10 * MB);
      const exact = await makePngOfExactSize(UPLOAD_MAX_BYTES);
      const { payload, contentType } = multipartBody([filePart(exact, 'file', 'exact.png', 'image/png')]);
      const filesBefore = listFiles(t.dataDir);
      const res = await rawRequest(port, requestHead(contentType, `Content-Length: ${payload.length}`), [payload]);
      expect(res.status, res.body).toBe(201);
      await expectStoredAsWebp(uploadResponseSchema.parse(JSON.parse(res.body)).url, filesBefore);
    });

    describe('refuses 10 MB + 1 byte with 413 and stores nothing', () => {
      let over: { payload: Buffer; contentType: string };
      beforeAll(async () => {
        over = multipartBody([
          filePart(await makePngOfExactSize(UPLOAD_MAX_BYTES + 1), 'file', 'over.png', 'image/png'),
        ]);
      });

      it('with an honest Content-Length', async () => {
        await expectNothingStored(async () => {
          const res = await rawRequest(port, requestHead(over.contentType, `Content-Length: ${over.payload.length}`), [
            over.payload,
          ]);
          expect(res.status).toBe(413);
          expect(JSON.parse(res.body)).toEqual({ error: messages.upload.tooLarge });
        });
      });

      it('with chunked transfer (no Content-Length)', async () => {
        const chunks: Buffer[] = [];
        for (let at = 0; at < over.payload.length; at += 64 * 1024) {
          const piece = over.payload.subarray(at, at + 64 * 1024);
          chunks.push(Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]));
        }
        chunks.push(Buffer.from('0\r\n\r\n'));
        await expectNothingStored(async () => {
          const res = await rawRequest(port, requestHead(over.contentType, 'Transfer-Encoding: chunked'), chunks);
          expect(res.status).toBe(413);
          expect(JSON.parse(res.body)).toEqual({ error: messages.upload.tooLarge });
        });
      });

      it('with a Content-Length that claims one byte less than is sent', async () => {
        await expectNothingStored(async () => {
          const res = await rawRequest(
            port,
            requestHead(over.contentType, `Content-Length: ${over.payload.length - 1}`),
            [over.payload],
          );
          expect(res.status).toBe(413);
        });
      });

      it('with a Content-Length that claims more than is sent: refused as soon as the file passes 10 MB', async () => {
        await expectNothingStored(async () => {
          // the connection stays open, short of what it promised: the answer must not wait for the rest
          const claimed = over.payload.length + 512 * 1024;
          const res = await rawRequest(
            port,
            requestHead(over.contentType, `Content-Length: ${claimed}`).replace('Connection: close\r\n', ''),
            [over.payload],
          );
          expect(res.status).toBe(413);
          expect(JSON.parse(res.body)).toEqual({ error: messages.upload.tooLarge });
        });
      });
    });
  });

  describe('refuses what is not a plain JPEG, PNG or WebP image', () => {
    it.each([
      ['SVG', () => svgImage, 'logo.svg', 'image/svg+xml', 415, messages.upload.unsupportedType],
      ['GIF', makeGif, 'anim.gif', 'image/gif', 415, messages.upload.unsupportedType],
      [
        'HTML named .jpg',
        () => htmlPretendingToBeJpeg,
        'holiday.jpg',
        'image/jpeg',
        415,
        messages.upload.unsupportedType,
      ],
      ['zero bytes', () => Buffer.alloc(0), 'empty.jpg', 'image/jpeg', 400, messages.upload.missingFile],
      // GIFAR-style: a JPEG's first bytes, then a page
      [
        'HTML behind a JPEG header',
        () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(script)]),
        'p.jpg',
        'image/jpeg',
        400,
        messages.upload.unreadable,
      ],
      [
        'HTML behind a PNG signature',
        () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(script)]),
        'p.png',
        'image/png',
        400,
        messages.upload.unreadable,
      ],
      [
        'HTML behind a WebP header',
        () => Buffer.concat([Buffer.from('RIFF\x40\0\0\0WEBPVP8 ', 'latin1'), Buffer.from(script)]),
        'p.webp',
        'image/webp',
        400,
        messages.upload.unreadable,
      ],
      [
        'a JPEG behind a PNG signature',
        async () => Buffer.concat([(await makePng()).subarray(0, 8), await makeJpeg()]),
        'mix.png',
        'image/png',
        400,
        messages.upload.unreadable,
      ],
    ] as const)('%s', async (_name, make, filename, type, status, error) => {
      const data = await make();
      await expectNothingStored(async () => {
        const res = await upload([filePart(data, 'file', filename, type)]);
        expect(res.statusCode).toBe(status);
        expect(res.json()).toMatchObject({ error });
      });
    });

    it('a JPEG cut short anywhere in its scan data', async () => {
      const whole = await makeNoisyJpeg();
      expect((await sharp(whole).metadata()).format).toBe('jpeg');
      const cuts = [
        4,
        64,
        700,
        Math.floor(whole.length * 0.25),
        Math.floor(whole.length / 2),
        Math.floor(whole.length * 0.9),
        whole.length - 64,
      ];
      for (const cut of cuts) {
        await expectNothingStored(async () => {
          const res = await upload([filePart(whole.subarray(0, cut), 'file', 'cut.jpg', 'image/jpeg')]);
          expect(res.statusCode, `cut at ${cut} of ${whole.length}`).toBe(400);
          expect(res.json()).toEqual({ error: messages.upload.unreadable });
        });
      }
    });

    it.each([
      [16_000, 16_000],
      [20_000, 20_000],
    ])('a complete %i×%i PNG, from its header: fast and without decoding it', async (side) => {
      const bomb = await pixelBomb(side);
      expect(bomb.length).toBeLessThan(2 * MB);
      const meta = await sharp(bomb, { limitInputPixels: false }).metadata();
      expect(meta).toMatchObject({ format: 'png', width: side, height: side, channels: 3 });
      const { payload, contentType } = multipartBody([filePart(bomb, 'file', 'bomb.png', 'image/png')]);
      const head = requestHead(contentType, `Content-Length: ${payload.length}`);

      await expectNothingStored(async () => {
        const measured = await measure(() => rawRequest(port, head, [payload]));
        expect(measured.result.status).toBe(413);
        expect(JSON.parse(measured.result.body)).toEqual({ error: messages.upload.tooManyPixels });
        // decoding it would take side×side×3 bytes (768 MB at 16000, 1.2 GB at 20000)
        expect(measured.rssGrowthMb).toBeLessThan(100);
        expect(measured.arrayBuffersGrowthMb).toBeLessThan(100);
        // recorded, not asserted: the machine may be busy with other work
        const figures =
          `${side}×${side} PNG (${(bomb.length / MB).toFixed(2)} MB file, ${kind}): refused in ${measured.ms.toFixed(1)} ms; ` +
          `RSS growth ${measured.rssGrowthMb.toFixed(1)} MB (peak from ${measured.peakFrom}), ArrayBuffer growth ${measured.arrayBuffersGrowthMb.toFixed(2)} MB`;
        console.info(figures);
      });
    });
  });

  describe('re-encodes polyglots, so what is stored holds nothing but the picture', () => {
    const expectClean = (stored: Buffer) => {
      // a WebP file is one RIFF chunk: its declared size covers the whole file, so nothing trails it
      expect(stored.toString('latin1', 0, 4)).toBe('RIFF');
      expect(stored.toString('latin1', 8, 12)).toBe('WEBP');
      expect(stored.readUInt32LE(4) + 8).toBe(stored.length);
      for (const needle of ['<html', '<script', 'alert(', 'document.cookie']) {
        expect(stored.includes(Buffer.from(needle, 'latin1')), needle).toBe(false);
      }
    };

    it.each([
      [
        'a valid JPEG with a page appended after its end',
        async () => Buffer.concat([await makeNoisyJpeg(200, 150), Buffer.from(script)]),
      ],
      ['a JPEG with a page in a comment segment', async () => withJpegComment(await makeNoisyJpeg(200, 150), script)],
      ['a PNG with a page in a text chunk', async () => withPngText(await makePng(200, 150), script)],
      [
        'a PNG with a page appended after IEND',
        async () => Buffer.concat([await makePng(200, 150), Buffer.from(script)]),
      ],
    ] as const)('%s', async (_name, make) => {
      const polyglot = await make();
      expect(polyglot.includes(Buffer.from('<script'))).toBe(true);
      const filesBefore = listFiles(t.dataDir);
      const res = await upload([filePart(polyglot, 'file', 'photo.jpg', 'image/jpeg')]);
      expect(res.statusCode, res.body).toBe(201);
      const body = uploadResponseSchema.parse(res.json());
      expect(body).toMatchObject({ width: 200, height: 150 });
      expectClean(await expectStoredAsWebp(body.url, filesBefore));
    });
  });

  describe('ignores the file name: the key is the server’s own', () => {
    const outsideTargets = (name: string) => {
      const bare = name.replace(/\0.*$/s, '');
      const bases = [path.join(mediaDir, 'uploads'), mediaDir, t.dataDir, process.cwd(), os.tmpdir(), '/'];
      return bases.flatMap((base) => [path.resolve(base, bare), path.resolve(base, bare.replace(/\\/g, '/'))]);
    };

    it.each([
      ['parent directories', '../../etc/passwd.jpg'],
      ['many parent directories', '../../../../../../../../tmp/dwellscape-escape.jpg'],
      ['an absolute path', '/etc/passwd.jpg'],
      ['an absolute temp path', `${os.tmpdir()}/dwellscape-absolute.jpg`],
      ['backslashes', '..\\..\\..\\dwellscape-backslash.jpg'],
      ['a Windows drive path', 'C:\\Windows\\System32\\dwellscape.jpg'],
      ['a NUL byte', 'safe.jpg\0../../dwellscape-nul.html'],
      ['a NUL byte before the extension', 'dwellscape-nul2.html\0.jpg'],
      ['percent-encoded parents', '%2e%2e%2f%2e%2e%2fdwellscape-encoded.jpg'],
      ['a dotfile', '.htaccess'],
      ['a key the server itself would make', 'uploads/00/00000000-0000-4000-8000-000000000000.webp'],
      ['a 4,000-character name', `${'a'.repeat(4000)}.jpg`],
      ['unicode with a right-to-left override', 'ｐｈｏｔｏ\u202egpj.exe\u0301😀.jpg'],
      ['only dots', '..'],
      ['an RFC 5987 name beside the plain one', `x.jpg"; filename*=UTF-8''%2E%2E%2F%2E%2E%2Fdwellscape-star.html; x="`],
    ])('%s', async (_name, filename) => {
      const targets = outsideTargets(filename);
      const existedBefore = new Set(targets.filter((target) => existsSync(target)));
      const filesBefore = listFiles(t.dataDir);
      const res = await upload([filePart(await makeJpeg(30, 20), 'file', filename, 'image/jpeg')]);
      expect(res.statusCode, res.body).toBe(201);
      const { url } = uploadResponseSchema.parse(res.json());
      // exactly one new file under DATA_DIR, at the server-made key
      await expectStoredAsWebp(url, filesBefore);
      for (const target of targets) {
        if (!existedBefore.has(target)) expect(existsSync(target), target).toBe(false);
      }
    });
  });
});
