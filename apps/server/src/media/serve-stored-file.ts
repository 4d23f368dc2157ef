import path from 'node:path';
import { UPLOAD_CACHE_MAX_AGE_S } from '@dwellscape/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DOWNLOAD_CONTENT_TYPE, rasterContentTypeOf } from '../storage/content-types';
import { isSafeKey, type BucketStorage, type FileStorage, type ReadConditions } from '../storage/file-storage';

/** A stored file never changes under its key: a new picture is a new key. */
export const STORED_FILE_CACHE_CONTROL = `public, max-age=${UPLOAD_CACHE_MAX_AGE_S}, immutable`;

/**
 * The headers of every stored file, from disk or from a bucket: cached for good, never sniffed, sandboxed,
 * and anything that is not a raster image downloaded instead of shown (storage/content-types.ts).
 */
export function setStoredFileHeaders(
  reply: Pick<FastifyReply, 'header'>,
  key: string,
  cacheControl = STORED_FILE_CACHE_CONTROL,
): void {
  reply.header('Cache-Control', cacheControl);
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
  if (!rasterContentTypeOf(key)) {
    reply.header('Content-Type', DOWNLOAD_CONTENT_TYPE);
    reply.header('Content-Disposition', 'attachment');
  }
}

/**
 * Answers a GET or HEAD with the stored file under `key`: from disk through @fastify/static's sendFile
 * (registered in the caller's scope), from a bucket by streaming the object through this server, so the page's
 * one-origin CSP and these headers hold whichever store is behind it (docs/decisions/0050).
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  key: string,
  cacheControl = STORED_FILE_CACHE_CONTROL,
): Promise<FastifyReply> {
  if (storage.kind === 'disk') {
    const file = storage.pathFor(key);
    setStoredFileHeaders(reply, key, cacheControl);
    return reply.sendFile(path.basename(file), path.dirname(file));
  }
  return sendBucketObject(request, reply, storage, key, cacheControl);
}

/** GET and HEAD of /media/<key> from a bucket: conditions and the range go to the bucket, which judges them. */
export async function sendBucketObject(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: BucketStorage,
  key: string,
  cacheControl = STORED_FILE_CACHE_CONTROL,
): Promise<FastifyReply> {
  if (!isSafeKey(key)) return notFound(reply);
  const head = request.method === 'HEAD';
  const result = await storage.open(key, readConditionsOf(request), head);
  switch (result.status) {
    case 'missing':
      return notFound(reply);
    case 'not-modified':
      setStoredFileHeaders(reply, key, cacheControl);
      if (result.etag) reply.header('ETag', result.etag);
      return reply.code(304).send();
    case 'range-not-satisfiable':
      return reply
        .code(416)
        .header('Content-Range', `bytes */${result.bytes ?? '*'}`)
        .send();
    case 'ok':
    case 'partial': {
      reply.code(result.status === 'partial' ? 206 : 200);
      reply.header('Content-Type', rasterContentTypeOf(key) ?? DOWNLOAD_CONTENT_TYPE);
      reply.header('Content-Length', String(result.bytes));
      reply.header('Accept-Ranges', 'bytes');
      if (result.etag) reply.header('ETag', result.etag);
      if (result.lastModified) reply.header('Last-Modified', result.lastModified.toUTCString());
      if (result.contentRange) reply.header('Content-Range', result.contentRange);
      setStoredFileHeaders(reply, key, cacheControl);
      return reply.send(result.body ?? undefined);
    }
  }
}

/** The not-found handler's answer, as the disk's file server gives for a missing file. */
function notFound(reply: FastifyReply): FastifyReply {
  reply.callNotFound();
  return reply;
}

/** The request's conditions as the bucket takes them; a range the bucket cannot serve as one part is dropped. */
function readConditionsOf(request: FastifyRequest): ReadConditions {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' && value.length > 0 ? value : undefined;
  };
  const since = header('if-modified-since');
  const sinceMs = since === undefined ? Number.NaN : Date.parse(since);
  const range = header('range');
  return {
    ifNoneMatch: header('if-none-match'),
    // RFC 9110 §13.1.3: If-Modified-Since is ignored beside If-None-Match
    ifModifiedSince: header('if-none-match') || Number.isNaN(sinceMs) ? undefined : new Date(sinceMs),
    // one range only, as from disk (several ranges get the whole file)
    range: range && /^bytes=(\d+-\d*|-\d+)$/.test(range) ? range : undefined,
    ifRange: header('if-range'),
  };
}
