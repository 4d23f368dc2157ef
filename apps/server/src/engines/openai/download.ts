import { EngineFailureError } from '../errors';

/** Generated images are a few megabytes; anything far larger is not an image we asked for. */
export const DEFAULT_MAX_DOWNLOAD_BYTES = 25 * 1024 * 1024;

/**
 * Fetches an image the AI service answered with as a URL: http(s) only, stops reading past
 * `maxBytes`, and gives up with the caller's signal.
 */
export async function downloadImage(
  url: string,
  options: { signal: AbortSignal; maxBytes: number; fetch?: typeof fetch },
): Promise<Buffer> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new EngineFailureError('bad_response', 'The AI service answered with an image address that is not valid.');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new EngineFailureError('bad_response', 'The AI service answered with an image address that is not valid.');
  }
  const response = await (options.fetch ?? fetch)(parsed, { signal: options.signal, redirect: 'follow' });
  if (!response.ok || !response.body) {
    throw new EngineFailureError(
      'bad_response',
      'The generated image could not be downloaded from the AI service.',
      response.status,
    );
  }
  const declared = Number(response.headers.get('content-length'));
  const tooLarge = () =>
    new EngineFailureError('bad_response', 'The AI service sent an image larger than this server accepts.');
  if (Number.isFinite(declared) && declared > options.maxBytes) {
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
    if (received > options.maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
