import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';
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
 * gzip 6 shrink a 43 kB feed page to under a tenth at well under a millisecond each.
 * Must be registered before the routes it covers (it attaches itself as each route is added).
 */
export default fp(
  async (app: AppInstance) => {
    await app.register(compress, {
      global: true,
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      customTypes: /^application\/json(?:;|$)/,
      threshold: COMPRESSION_THRESHOLD_BYTES,
      brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'compression' },
);
