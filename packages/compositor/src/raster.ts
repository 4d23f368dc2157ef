/** Raw 8-bit pixels, row-major, no padding. */
export interface Raster {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 3 | 4;
}

export const clamp = (v: number, lo: number, hi: number) => (v < lo ? lo : v > hi ? hi : v);

export const clampByte = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

export function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = clamp((x - edge0) / (edge1 - edge0), 0, 1);
  return t * t * (3 - 2 * t);
}

/** Rec. 709 luma of 0–255 channels, 0–255. */
export const luma = (r: number, g: number, b: number) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

/** Smallest box holding every pixel whose alpha is above `threshold`; null when there is none. */
export function alphaBounds(
  rgba: Raster,
  threshold = 0,
): { left: number; top: number; right: number; bottom: number } | null {
  const { data, width, height } = rgba;
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width * 4;
    for (let x = 0; x < width; x++) {
      if (data[row + x * 4 + 3]! > threshold) {
        if (x < left) left = x;
        if (x > right) right = x;
        if (y < top) top = y;
        bottom = y;
      }
    }
  }
  return right < 0 ? null : { left, top, right, bottom };
}

export function cropRaster(image: Raster, left: number, top: number, width: number, height: number): Raster {
  const { channels } = image;
  const out = new Uint8Array(width * height * channels);
  for (let y = 0; y < height; y++) {
    const from = ((top + y) * image.width + left) * channels;
    out.set(image.data.subarray(from, from + width * channels), y * width * channels);
  }
  return { data: out, width, height, channels };
}

/**
 * An RGBA picture half the size, each pixel the mean of a 2 × 2 block (rounded half up). A sharp resize of the
 * same takes several times the CPU at these sizes (bench/render-ops.ts).
 */
export function halve(image: Raster): Raster {
  // whole pixels as 32-bit words (a copy when the bytes are not 4-aligned)
  const bytes = image.data.byteOffset % 4 === 0 ? image.data : image.data.slice();
  const src = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
  const width = image.width >> 1;
  const height = image.height >> 1;
  const out = new Uint32Array(width * height);
  // two channels at a time, each in its own 16-bit lane (4 × 255 + 2 fits), so a pixel is 4 reads, not 16;
  // every lane goes back where it came from, so this holds on either byte order
  for (let y = 0, o = 0; y < height; y++) {
    let top = 2 * y * image.width;
    let bottom = top + image.width;
    for (let x = 0; x < width; x++, top += 2, bottom += 2, o++) {
      const a = src[top]!;
      const b = src[top + 1]!;
      const c = src[bottom]!;
      const d = src[bottom + 1]!;
      const even = (a & 0xff00ff) + (b & 0xff00ff) + (c & 0xff00ff) + (d & 0xff00ff) + 0x20002;
      const odd =
        ((a >>> 8) & 0xff00ff) + ((b >>> 8) & 0xff00ff) + ((c >>> 8) & 0xff00ff) + ((d >>> 8) & 0xff00ff) + 0x20002;
      out[o] = ((even >>> 2) & 0xff00ff) | (((odd >>> 2) & 0xff00ff) << 8);
    }
  }
  return { data: new Uint8Array(out.buffer), width, height, channels: 4 };
}
