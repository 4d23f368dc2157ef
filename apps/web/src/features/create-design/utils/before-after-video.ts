/*
 * docs/product.md §4's "sample video": a short clip made in the browser from the two images themselves, a
 * before → after wipe encoded frame by frame with WebCodecs (through mediabunny, decision 0036) in a
 * worker. Nothing leaves the device.
 */

import { responsiveImageUrl } from '@dwellscape/shared';
import type { EncodeAnswer, EncodeRequest } from './before-after-video.worker';

export const VIDEO_WIDTH = 720;
export const VIDEO_HEIGHT = 540;
const FRAMES_PER_SECOND = 30;

export class VideoUnsupportedError extends Error {
  override readonly name = 'VideoUnsupportedError';
}

async function loadImage(url: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.decoding = 'async';
  // the 960 px copy is enough for a 720 px clip; drawing full-size renders only costs time
  image.src = responsiveImageUrl(url, 960) ?? url;
  await image.decode();
  return image;
}

/**
 * `image` cropped and scaled to fill the clip like CSS object-fit: cover, once: each frame then only
 * copies pixels, which keeps a frame cheap on a busy phone.
 */
function coverBitmap(image: HTMLImageElement): Promise<ImageBitmap> {
  const scale = Math.max(VIDEO_WIDTH / image.naturalWidth, VIDEO_HEIGHT / image.naturalHeight);
  const width = VIDEO_WIDTH / scale;
  const height = VIDEO_HEIGHT / scale;
  const x = (image.naturalWidth - width) / 2;
  const y = (image.naturalHeight - height) / 2;
  return createImageBitmap(image, x, y, width, height, {
    resizeWidth: VIDEO_WIDTH,
    resizeHeight: VIDEO_HEIGHT,
    resizeQuality: 'high',
  });
}

function canEncodeVideo(): boolean {
  return (
    typeof Worker !== 'undefined' &&
    typeof OffscreenCanvas !== 'undefined' &&
    typeof VideoEncoder !== 'undefined' &&
    typeof createImageBitmap !== 'undefined'
  );
}

/** Runs one encoding in its own worker, handing it the two images, and ends the worker after. */
function encodeInWorker(request: EncodeRequest): Promise<EncodeAnswer> {
  const worker = new Worker(new URL('./before-after-video.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<EncodeAnswer>((resolve) => {
    worker.addEventListener('message', (event: MessageEvent<EncodeAnswer>) => resolve(event.data));
    worker.addEventListener('error', (event) => resolve({ error: event.message || 'The video worker failed' }));
    worker.postMessage(request, [request.before, request.after]);
  }).finally(() => worker.terminate());
}

/**
 * Makes the before → after clip, `durationMs` long at 30 frames a second, in a worker: the page
 * stays smooth while it is encoded, and a busy phone takes longer but never drops a frame.
 */
export async function createBeforeAfterVideo(beforeUrl: string, afterUrl: string, durationMs: number): Promise<Blob> {
  if (!canEncodeVideo()) throw new VideoUnsupportedError('This browser cannot encode video');
  const coverOf = async (url: string) => coverBitmap(await loadImage(url));
  const [before, after] = await Promise.all([coverOf(beforeUrl), coverOf(afterUrl)]);
  const frames = Math.max(2, Math.round((durationMs / 1000) * FRAMES_PER_SECOND));
  const answer = await encodeInWorker({ before, after, frames, framesPerSecond: FRAMES_PER_SECOND });
  if ('error' in answer) throw new VideoUnsupportedError(answer.error);
  return new Blob([answer.video], { type: answer.mimeType });
}
