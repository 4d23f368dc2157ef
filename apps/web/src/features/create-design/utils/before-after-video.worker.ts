/*
 * Encodes the before → after clip off the main thread (decision 0036): drawing and encoding every
 * frame there competed with the page's own painting (the button's spinner), and on a phone busy
 * with the page the clip took many times longer.
 */

import {
  BufferTarget,
  CanvasSource,
  getFirstEncodableVideoCodec,
  Mp4OutputFormat,
  Output,
  QUALITY_MEDIUM,
  WebMOutputFormat,
  type VideoCodec,
} from 'mediabunny';

export interface EncodeRequest {
  /** Both images already cropped and scaled to the clip's size. */
  before: ImageBitmap;
  after: ImageBitmap;
  frames: number;
  framesPerSecond: number;
}

export type EncodeAnswer = { video: ArrayBuffer; mimeType: string } | { error: string };

/** The cheapest codecs to encode first: VP8 in WebM, H.264 (often in hardware on a phone) in MP4. */
const PREFERRED_CODECS: VideoCodec[] = ['vp8', 'avc'];

/**
 * The container and codec this browser can encode the clip in: WebM where it can, else MP4 (Safari).
 * Null when it cannot encode video at all.
 */
async function pickFormat(width: number, height: number) {
  if (typeof VideoEncoder === 'undefined') return null;
  for (const format of [new WebMOutputFormat(), new Mp4OutputFormat()]) {
    const supported = format.getSupportedVideoCodecs();
    // each codec once: the browser is asked about every one it is given
    const ordered = [...new Set([...PREFERRED_CODECS.filter((codec) => supported.includes(codec)), ...supported])];
    const codec = await getFirstEncodableVideoCodec(ordered, { width, height });
    if (codec) return { format, codec };
  }
  return null;
}

const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/**
 * One frame at `progress` (0…1): the before image, then a wipe revealing the after image from left
 * to right behind a white edge, then the after image alone.
 */
function drawFrame(
  context: OffscreenCanvasRenderingContext2D,
  before: ImageBitmap,
  after: ImageBitmap,
  progress: number,
) {
  const { width, height } = before;
  const reveal = easeInOut(Math.min(1, Math.max(0, (progress - 0.2) / 0.6)));
  const edge = Math.round(reveal * width);
  if (edge > 0) context.drawImage(after, 0, 0, edge, height, 0, 0, edge, height);
  if (edge < width) context.drawImage(before, edge, 0, width - edge, height, edge, 0, width - edge, height);
  if (reveal > 0 && reveal < 1) {
    context.fillStyle = 'rgba(255, 255, 255, 0.9)';
    context.fillRect(edge - 2, 0, 4, height);
  }
}

/**
 * Each frame is drawn and encoded in turn at its own timestamp: a busy device takes longer, but the
 * clip always has every frame (MediaRecorder, recording the canvas in real time, wrote files with no
 * frame in them when the CPU was starved).
 */
async function encode({ before, after, frames, framesPerSecond }: EncodeRequest): Promise<EncodeAnswer> {
  const picked = await pickFormat(before.width, before.height);
  if (!picked) return { error: 'This browser cannot encode video' };
  const canvas = new OffscreenCanvas(before.width, before.height);
  const context = canvas.getContext('2d', { alpha: false });
  if (!context) return { error: 'This browser cannot draw the video' };

  const target = new BufferTarget();
  const output = new Output({ format: picked.format, target });
  const source = new CanvasSource(canvas, { codec: picked.codec, quality: QUALITY_MEDIUM });
  output.addVideoTrack(source, { frameRate: framesPerSecond });
  try {
    await output.start();
    for (let frame = 0; frame < frames; frame++) {
      drawFrame(context, before, after, frame / (frames - 1));
      // resolves once the encoder can take the next frame
      await source.add(frame / framesPerSecond, 1 / framesPerSecond);
    }
    await output.finalize();
  } catch (error) {
    await output.cancel();
    return { error: `Encoding the video failed: ${String(error)}` };
  }
  if (!target.buffer || target.buffer.byteLength === 0) return { error: 'The video came out empty' };
  return { video: target.buffer, mimeType: picked.format.mimeType };
}

addEventListener('message', (event: MessageEvent<EncodeRequest>) => {
  void encode(event.data)
    .catch((error: unknown) => ({ error: String(error) }))
    .then((answer) => {
      event.data.before.close();
      event.data.after.close();
      postMessage(answer, { transfer: 'video' in answer ? [answer.video] : [] });
    });
});
