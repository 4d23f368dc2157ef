/*
 * SPEC §4's "sample video": a short clip made in the browser from the two images themselves, a
 * before → after wipe drawn on a canvas and recorded with MediaRecorder. Nothing leaves the device.
 */

import { responsiveImageUrl } from '@dwellscape/shared';

export const VIDEO_WIDTH = 720;
export const VIDEO_HEIGHT = 540;
const FRAME_INTERVAL_MS = 1000 / 30;

export class VideoUnsupportedError extends Error {
  override readonly name = 'VideoUnsupportedError';
}

export function canRecordVideo(): boolean {
  return (
    typeof MediaRecorder !== 'undefined' &&
    typeof HTMLCanvasElement !== 'undefined' &&
    typeof HTMLCanvasElement.prototype.captureStream === 'function'
  );
}

function pickMimeType(): string | undefined {
  const candidates = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm', 'video/mp4'];
  return candidates.find((type) => MediaRecorder.isTypeSupported(type));
}

async function loadImage(url: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.decoding = 'async';
  // the 960 px copy is enough for a 720 px clip; drawing full-size renders starved the recorder
  image.src = responsiveImageUrl(url, 960) ?? url;
  await image.decode();
  return image;
}

/** Draws `image` to fill the canvas like CSS object-fit: cover. */
function drawCover(context: CanvasRenderingContext2D, image: HTMLImageElement) {
  const scale = Math.max(VIDEO_WIDTH / image.naturalWidth, VIDEO_HEIGHT / image.naturalHeight);
  const width = image.naturalWidth * scale;
  const height = image.naturalHeight * scale;
  context.drawImage(image, (VIDEO_WIDTH - width) / 2, (VIDEO_HEIGHT - height) / 2, width, height);
}

const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/**
 * One frame at `progress` (0…1): the before image, then a soft-edged wipe revealing the after image
 * from left to right, then the after image alone.
 */
export function drawBeforeAfterFrame(
  context: CanvasRenderingContext2D,
  before: HTMLImageElement,
  after: HTMLImageElement,
  progress: number,
) {
  const reveal = easeInOut(Math.min(1, Math.max(0, (progress - 0.2) / 0.6)));
  drawCover(context, before);
  if (reveal <= 0) return;
  const edge = reveal * VIDEO_WIDTH;
  context.save();
  context.beginPath();
  context.rect(0, 0, edge, VIDEO_HEIGHT);
  context.clip();
  drawCover(context, after);
  context.restore();
  if (reveal < 1) {
    context.fillStyle = 'rgba(255, 255, 255, 0.9)';
    context.fillRect(edge - 2, 0, 4, VIDEO_HEIGHT);
  }
}

/** Whether the browser can open the clip: a recorder starved of CPU can write a file with no frame in it. */
async function isPlayable(video: Blob): Promise<boolean> {
  const probe = document.createElement('video');
  probe.muted = true;
  probe.preload = 'metadata';
  const url = URL.createObjectURL(video);
  try {
    return await new Promise<boolean>((resolve) => {
      probe.addEventListener('loadedmetadata', () => resolve(true));
      probe.addEventListener('error', () => resolve(false));
      setTimeout(() => resolve(false), 3000);
      probe.src = url;
    });
  } finally {
    probe.removeAttribute('src');
    URL.revokeObjectURL(url);
  }
}

/**
 * Records the before → after clip; resolves with the video once `durationMs` of it is recorded and
 * the browser can open it. A clip that cannot be opened is recorded once more.
 */
export async function createBeforeAfterVideo(beforeUrl: string, afterUrl: string, durationMs: number): Promise<Blob> {
  if (!canRecordVideo()) throw new VideoUnsupportedError('This browser cannot record video');
  const [before, after] = await Promise.all([loadImage(beforeUrl), loadImage(afterUrl)]);
  for (let attempt = 1; ; attempt++) {
    const video = await recordClip(before, after, durationMs);
    if (await isPlayable(video)) return video;
    if (attempt === 2) throw new VideoUnsupportedError('The recording could not be played');
  }
}

async function recordClip(before: HTMLImageElement, after: HTMLImageElement, durationMs: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = VIDEO_WIDTH;
  canvas.height = VIDEO_HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) throw new VideoUnsupportedError('This browser cannot draw the video');
  drawBeforeAfterFrame(context, before, after, 0);

  const stream = canvas.captureStream(30);
  const mimeType = pickMimeType();
  const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
  const chunks: Blob[] = [];
  recorder.addEventListener('dataavailable', (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  });
  const stopped = new Promise<void>((resolve, reject) => {
    recorder.addEventListener('stop', () => resolve());
    recorder.addEventListener('error', () => reject(new VideoUnsupportedError('Recording the video failed')));
  });

  recorder.start();
  const startedAt = performance.now();
  // timers rather than animation frames: frames pause in a background tab, the recording must not
  await new Promise<void>((resolve) => {
    const tick = () => {
      const progress = Math.min(1, (performance.now() - startedAt) / durationMs);
      drawBeforeAfterFrame(context, before, after, progress);
      if (progress >= 1) resolve();
      else setTimeout(tick, FRAME_INTERVAL_MS);
    };
    tick();
  });
  recorder.stop();
  await stopped;
  for (const track of stream.getTracks()) track.stop();

  const video = new Blob(chunks, { type: recorder.mimeType || mimeType || 'video/webm' });
  if (video.size === 0) throw new VideoUnsupportedError('The recording came out empty');
  return video;
}
