import type http from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRenderPool } from '../src/engines/compositor';
import { EngineFailureError } from '../src/engines/errors';
import { OpenAiImageEngine } from '../src/engines/openai';
import { downloadImage } from '../src/engines/openai/download';
import { livingRoomPhoto } from './fixtures/synthetic-images';
import { serveFake, type FakeService } from './helpers';

/*
 * The image engine may answer with a URL to download the picture from. That URL is the engine's to choose, so the
 * download must not become a way to make this server fetch addresses of its own network: a redirect elsewhere is
 * not followed, the body is not read past a size, and a download that dribbles is given up.
 */

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

let png: Buffer;
/** Stands for an address inside the server's network: it must never be asked for anything. */
let internal: FakeService;
let internalHits = 0;
/** The engine's file store: each test sets how it answers. */
let files: FakeService;
let filesHandler: Handler = (_req, res) => res.end();
const pool = createRenderPool({ threads: 1 });

beforeAll(async () => {
  png = await sharp({ create: { width: 1536, height: 1024, channels: 3, background: '#3a7a5a' } })
    .png()
    .toBuffer();
  internal = await serveFake((req, res) => {
    internalHits++;
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(png);
  });
  files = await serveFake((req, res) => filesHandler(req, res));
});
afterAll(async () => {
  await pool.close();
  await Promise.all([internal.close(), files.close()]);
});
beforeEach(() => {
  internalHits = 0;
});

const signal = () => new AbortController().signal;

async function failureOf(promise: Promise<unknown>): Promise<EngineFailureError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(EngineFailureError);
    return error as EngineFailureError;
  }
  throw new Error('expected the download to fail');
}

describe('downloading an engine result', () => {
  it('does not follow a redirect to another address (127.0.0.1 on another port): nothing is asked of it', async () => {
    filesHandler = (_req, res) => {
      res.writeHead(302, { location: `${internal.origin}/latest/meta-data/iam` });
      res.end();
    };
    const error = await failureOf(
      downloadImage(`${files.origin}/render.png`, { signal: signal(), maxBytes: 10_000_000 }),
    );
    expect(error.message).toBe(
      'The AI service redirected the image download to another address, which this server does not follow.',
    );
    expect(internalHits).toBe(0);
  });

  it('follows a redirect within the image’s own origin, at most three', async () => {
    filesHandler = (req, res) => {
      const hop = Number(new URL(req.url ?? '/', files.origin).searchParams.get('hop') ?? '0');
      if (hop < 3) {
        res.writeHead(307, { location: `/render.png?hop=${hop + 1}` });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(png);
    };
    const bytes = await downloadImage(`${files.origin}/render.png`, { signal: signal(), maxBytes: 10_000_000 });
    expect(bytes.equals(png)).toBe(true);
    // a fourth hop is one too many
    const error = await failureOf(
      downloadImage(`${files.origin}/render.png?hop=-1`, { signal: signal(), maxBytes: 10_000_000 }),
    );
    expect(error.message).toBe('The generated image could not be downloaded from the AI service.');
  });

  it('stops reading a body that grows past the cap, with no length declared', async () => {
    let written = 0;
    filesHandler = (_req, res) => {
      // chunked: no content-length to refuse it by; 64 KB chunks until the client goes
      res.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(64 * 1024, 7);
      const pump = () => {
        while (written < 50 * 1024 * 1024 && !res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    };
    const error = await failureOf(
      downloadImage(`${files.origin}/huge.png`, { signal: signal(), maxBytes: 1024 * 1024 }),
    );
    expect(error.message).toBe('The AI service sent an image larger than this server accepts.');
    // the server was cut off far short of the 50 MB it meant to send
    expect(written).toBeLessThan(20 * 1024 * 1024);
  });

  it('gives up a download that takes longer than its time limit', async () => {
    filesHandler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      // a byte every 100 ms: under any size cap, never finished
      const timer = setInterval(() => res.write('x'), 100);
      res.on('close', () => clearInterval(timer));
    };
    const started = Date.now();
    const error = await failureOf(
      downloadImage(`${files.origin}/slow.png`, { signal: signal(), maxBytes: 10_000_000, timeoutMs: 500 }),
    );
    expect(error.message).toBe('The generated image took too long to download from the AI service.');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('the image engine refuses an answer whose URL redirects to an internal address', async () => {
    filesHandler = (_req, res) => {
      res.writeHead(301, { location: `${internal.origin}/render.png` });
      res.end();
    };
    const api = await serveFake((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ created: 1, data: [{ url: `${files.origin}/render.png` }] }));
      });
    });
    try {
      const engine = new OpenAiImageEngine(
        { baseUrl: `${api.origin}/v1`, apiKey: 'sk-test', model: 'test-model', retry: { baseDelayMs: 5 } },
        pool,
      );
      const error = await failureOf(
        engine.generateFromPrompt({
          prompt: 'a calm room',
          spaceImage: await livingRoomPhoto(400, 300),
          additionalPhotos: [],
        }),
      );
      expect(error.reason).toBe('bad_response');
      expect(internalHits).toBe(0);
    } finally {
      await api.close();
    }
  });
});
