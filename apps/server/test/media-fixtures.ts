import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/* ---------- images made in memory ---------- */

export function solidImage(width: number, height: number, colour = '#7a9e7e') {
  return sharp({ create: { width, height, channels: 3, background: colour } });
}

export const makePng = (width = 64, height = 48, colour?: string) => solidImage(width, height, colour).png().toBuffer();
export const makeJpeg = (width = 64, height = 48, colour?: string) =>
  solidImage(width, height, colour).jpeg().toBuffer();
export const makeWebp = (width = 64, height = 48, colour?: string) =>
  solidImage(width, height, colour).webp().toBuffer();

/** A camera-like JPEG carrying GPS coordinates and a camera make in its EXIF. */
export function makeJpegWithGps(width = 80, height = 60): Promise<Buffer> {
  return solidImage(width, height)
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Locator 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2670/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3960/100',
      },
    })
    .toBuffer();
}

/** A landscape JPEG whose EXIF says "rotate 90° clockwise to view" (orientation 6). */
export function makeRotatedJpeg(width = 60, height = 30): Promise<Buffer> {
  return solidImage(width, height).jpeg().withMetadata({ orientation: 6 }).toBuffer();
}

/** A red left half and a blue right half, so orientation and placement can be seen in pixels. */
export function makeTwoToneJpeg(width: number, height: number): Promise<Buffer> {
  const half = Math.floor(width / 2);
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([{ input: { create: { width: half, height, channels: 3, background: '#ff0000' } }, left: 0, top: 0 }])
    .jpeg()
    .toBuffer();
}

/** One PNG chunk: its length, type, data and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A valid PNG of exactly `totalBytes`: a small image plus a private ancillary chunk that
 * decoders skip, placed before IEND.
 */
export async function makePngOfExactSize(totalBytes: number): Promise<Buffer> {
  const png = await makePng(32, 32);
  const iendAt = png.length - 12;
  const overhead = 12;
  const fill = totalBytes - png.length - overhead;
  if (fill < 0) throw new Error('target size too small');
  const padded = Buffer.concat([
    png.subarray(0, iendAt),
    pngChunk('prVt', Buffer.alloc(fill, 0x61)),
    png.subarray(iendAt),
  ]);
  if (padded.length !== totalBytes) throw new Error(`padded to ${padded.length}, wanted ${totalBytes}`);
  return padded;
}

/** A few hundred bytes that declare a 20000×20000 greyscale image: a decompression bomb. */
export function makePixelBombPng(width = 20_000, height = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const htmlPretendingToBeJpeg = Buffer.from(
  '<!doctype html><html><body><script>alert(1)</script></body></html>\n',
);
export const svgImage = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
);
export const makeGif = () => solidImage(8, 8).gif().toBuffer();

/* ---------- multipart bodies ---------- */

export type FormPart =
  { name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer };

/** Builds a multipart/form-data body by hand, so tests control every byte of it. */
export function multipartBody(parts: FormPart[]): { payload: Buffer; contentType: string } {
  const boundary = `----dwellscape${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
      );
      chunks.push(part.data, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function filePart(data: Buffer, name = 'file', filename = 'photo.jpg', contentType = 'image/jpeg'): FormPart {
  return { name, filename, contentType, data };
}

/* ---------- files on disk ---------- */

/** Every file under a directory, recursively (none when it does not exist). */
export function listFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

/* ---------- raw HTTP ---------- */

export interface RawResponse {
  status: number;
  head: string;
  body: string;
}

/**
 * Sends bytes exactly as given over a socket (no client-side path normalisation, any framing)
 * and reads the first response.
 */
export function rawRequest(port: number, request: Buffer | string, bodyChunks: Buffer[] = []): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let settled = false;
    const finish = () => {
      if (settled) return;
      const text = received.toString('latin1');
      const headEnd = text.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const head = text.slice(0, headEnd);
      const lengthMatch = /\r\ncontent-length:\s*(\d+)/i.exec(head);
      const body = text.slice(headEnd + 4);
      if (lengthMatch && Buffer.byteLength(body, 'latin1') < Number(lengthMatch[1])) return;
      settled = true;
      socket.destroy();
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body });
    };
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      finish();
    });
    socket.on('error', (err) => {
      // the server may close while we are still sending; what it answered is what counts
      if (!settled && received.length === 0) reject(err);
      finish();
    });
    socket.on('close', () => {
      finish();
      if (!settled)
        reject(new Error(`connection closed without a full response: ${received.toString('latin1').slice(0, 200)}`));
    });
    socket.write(request);
    (async () => {
      for (const chunk of bodyChunks) {
        if (socket.destroyed) return;
        if (!socket.write(chunk)) await new Promise((r) => socket.once('drain', r));
      }
    })().catch(() => undefined);
  });
}

/** GET with Node's client (keeps the path as given). */
export function httpGet(
  port: number,
  pathname: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: pathname, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
  });
}

/* ---------- server-sent events ---------- */

export interface SseEvent {
  id: string | undefined;
  event: string | undefined;
  data: string;
}

export interface EventStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Comment lines received so far (": ping", ": connected"). */
  comments: string[];
  events: SseEvent[];
  /** Resolves with the first event (already received or coming) that matches. */
  waitForEvent(match: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens an SSE stream and parses it as it arrives; resolves once the response headers are in. */
export function openEventStream(
  port: number,
  pathname: string,
  cookie: string,
  extraHeaders: Record<string, string> = {},
): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const headers = { cookie, accept: 'text/event-stream', ...extraHeaders };
    const req = http.get({ host: '127.0.0.1', port, path: pathname, headers }, (res) => {
      const comments: string[] = [];
      const events: SseEvent[] = [];
      const waiters: { match: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }[] = [];
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (text: string) => {
        buffer += text;
        let split: number;
        while ((split = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          const event: SseEvent = { id: undefined, event: undefined, data: '' };
          let isEvent = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) {
              comments.push(line);
              continue;
            }
            const colon = line.indexOf(': ');
            const [field, value] = colon > 0 ? [line.slice(0, colon), line.slice(colon + 2)] : [line, ''];
            if (field === 'id') event.id = value;
            else if (field === 'event') event.event = value;
            else if (field === 'data') event.data += value;
            else continue;
            isEvent = true;
          }
          if (!isEvent) continue;
          events.push(event);
          for (const waiter of [...waiters]) {
            if (waiter.match(event)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(event);
            }
          }
        }
      });
      const ended = new Promise<void>((done) => {
        res.on('end', () => done());
        res.on('close', () => done());
      });
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        comments,
        events,
        ended,
        waitForEvent(match, timeoutMs = 10_000) {
          const found = events.find(match);
          if (found) return Promise.resolve(found);
          return new Promise((done, fail) => {
            const timer = setTimeout(() => fail(new Error('no matching event arrived')), timeoutMs);
            waiters.push({
              match,
              resolve: (e) => {
                clearTimeout(timer);
                done(e);
              },
            });
          });
        },
        close() {
          req.destroy();
        },
      });
    });
    req.on('error', reject);
  });
}
