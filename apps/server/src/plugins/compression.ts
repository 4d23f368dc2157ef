import {
  brotliCompressSync,
  constants as zlibConstants,
  gzipSync,
  type BrotliOptions,
  type ZlibOptions,
} from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import { LRUCache } from 'lru-cache';
import fp from 'fastify-plugin';
import { reusableBodies, type BodyEncoding } from '../reusable-body';
import type { AppInstance } from '../types';

/** Below this a response goes out as it is: compressing it would save less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * JSON answers of 1 kB and more, brotli or gzip as the client's Accept-Encoding asks
 * (docs/decisions/0009-response-serializer-and-compression.md). Only `application/json`: the live
 * stream (text/event-stream, and hijacked anyway), stored images, the SPA's files (served
 * precompressed, with their own Content-Encoding, which the plugin leaves alone) and downloads
 * are never touched. Request bodies are never inflated: an upload with a Content-Encoding is
 * parsed as sent, so no zip bomb can grow past the body limit. Levels are cheap ones: brotli 4 and
 * gzip 6 shrink a 25 kB feed page to about a sixth at well under a millisecond each.
 * Must be registered before the routes it covers (it attaches itself as each route is added).
 */
const ENCODINGS = ['br', 'gzip'] as const satisfies readonly BodyEncoding[];
type Encoding = (typeof ENCODINGS)[number];
const brotliOptions: BrotliOptions = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };
const zlibOptions: ZlibOptions = { level: 6 };
const compressors: Record<Encoding, (bytes: Buffer) => Buffer> = {
  br: (bytes) => brotliCompressSync(bytes, brotliOptions),
  gzip: (bytes) => gzipSync(bytes, zlibOptions),
};

export default fp(
  async (app: AppInstance) => {
    await app.register(compress, {
      global: true,
      globalDecompression: false,
      encodings: [...ENCODINGS],
      customTypes: /^application\/json(?:;|$)/,
      threshold: COMPRESSION_THRESHOLD_BYTES,
      brotliOptions,
      zlibOptions,
    });
    // A reusable body goes out in the encoding the plugin would pick, compressed once instead of per request. This
    // shared hook runs before the plugin's own, which is per route, and leaves a body with a Content-Encoding alone.
    // the header is the client's to choose: its answers are kept in a bounded cache, never a Map that grows with it
    const negotiator = new Negotiator<Encoding>({
      supportedValues: [...ENCODINGS],
      cache: new LRUCache<string, string>({ max: 64 }),
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (!Buffer.isBuffer(payload)) return payload;
      const kept = reusableBodies.get(payload);
      const accepted = request.headers['accept-encoding'];
      if (!kept || !accepted || payload.length < COMPRESSION_THRESHOLD_BYTES || reply.hasHeader('content-encoding'))
        return payload;
      // as the plugin reads it: x-gzip and '*' (no preference) are gzip
      const encoding = negotiator.negotiate(accepted.toLowerCase().replace(/\*|x-gzip/g, 'gzip'));
      if (encoding === null) return payload;
      const compressed = (kept[encoding] ??= compressors[encoding](payload));
      const vary = reply.getHeader('vary');
      reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
      reply.header('content-encoding', encoding);
      reply.header('content-length', compressed.length);
      return compressed;
    });
  },
  { name: 'compression' },
);
