import { EngineFailureError } from '../errors';

/** Generated images are a few megabytes; anything far larger is not an image we asked for. */
export const DEFAULT_MAX_DOWNLOAD_BYTES = 25 * 1024 * 1024;
/** A generated image is served by a file store in a second or two; past this the download is given up. */
export const DEFAULT_DOWNLOAD_TIMEOUT_MS = 30_000;
/** Redirects followed within the image's own origin (a file store that moves a file along its own paths). */
const MAX_REDIRECTS = 3;

export interface DownloadImageOptions {
  /** The caller's signal: the whole render's deadline, or the request gone. */
  signal: AbortSignal;
  maxBytes: number;
  /** The download's own limit, headers and body together. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const invalidAddress = () =>
  new EngineFailureError('bad_response', 'The AI service answered with an image address that is not valid.');
const notDownloaded = (status?: number) =>
  new EngineFailureError('bad_response', 'The generated image could not be downloaded from the AI service.', status);

function parseImageUrl(url: string, base?: URL): URL {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    throw invalidAddress();
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw invalidAddress();
  return parsed;
}

/**
 * Fetches an image the AI service answered with as a URL: http(s) only, stops reading past `maxBytes`, and gives up
 * with the caller's signal or after `timeoutMs`, whichever comes first. Redirects are never followed by fetch: one is
 * followed here only when it stays on the image's own origin, so an answer cannot send this server to an address of
 * its own network (cloud metadata, the database) through a redirect.
 */
export async function downloadImage(url: string, options: DownloadImageOptions): Promise<Buffer> {
  const origin = parseImageUrl(url);
  const signal = AbortSignal.any([
    options.signal,
    AbortSignal.timeout(options.timeoutMs ?? DEFAULT_DOWNLOAD_TIMEOUT_MS),
  ]);
  const doFetch = options.fetch ?? fetch;
  try {
    let target = origin;
    for (let redirects = 0; ; redirects++) {
      const response = await doFetch(target, { signal, redirect: 'manual' });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        if (!location || redirects >= MAX_REDIRECTS) throw notDownloaded(response.status);
        const next = parseImageUrl(location, target);
        if (next.origin !== origin.origin) {
          throw new EngineFailureError(
            'bad_response',
            'The AI service redirected the image download to another address, which this server does not follow.',
            response.status,
          );
        }
        target = next;
        continue;
      }
      return await readCapped(response, options.maxBytes);
    }
  } catch (err) {
    // our own time limit, not the caller's: the render's deadline is answered by whoever set it
    if (!options.signal.aborted && signal.aborted) {
      throw new EngineFailureError('unavailable', 'The generated image took too long to download from the AI service.');
    }
    throw err;
  }
}

async function readCapped(response: Response, maxBytes: number): Promise<Buffer> {
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw notDownloaded(response.status);
  }
  const declared = Number(response.headers.get('content-length'));
  const tooLarge = () =>
    new EngineFailureError('bad_response', 'The AI service sent an image larger than this server accepts.');
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
