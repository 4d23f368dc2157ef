import type { Raster } from '../raster';

/** A one-channel float picture, row-major. */
export interface Plane {
  data: Float32Array;
  width: number;
  height: number;
}

/** The analysed copy of a photo: its colour planes at the analysis size and where it sits in the photo. */
export interface AnalysisImage {
  /** Luma, 0–255. */
  luma: Plane;
  /** Opponent colours: red − green and (red + green) / 2 − blue, each −255…255. */
  redGreen: Plane;
  blueYellow: Plane;
  /** Photo pixels per analysis pixel. */
  scale: number;
  /** The photo's flat border (a scan's or crop's frame) that the analysis leaves out, in photo pixels. */
  offsetX: number;
  offsetY: number;
}

/**
 * The photo averaged down so its long side is at most `longSide`, each analysis pixel the mean of the photo pixels it
 * covers (sampled on a grid of at most 4 × 4 per pixel, so a 12 MP photo costs about as much as a 3 MP one).
 */
export function downsample(photo: Raster, longSide: number): AnalysisImage {
  const scale = Math.max(1, Math.max(photo.width, photo.height) / longSide);
  const width = Math.max(1, Math.round(photo.width / scale));
  const height = Math.max(1, Math.round(photo.height / scale));
  const sx = photo.width / width;
  const sy = photo.height / height;
  const taps = Math.min(4, Math.max(1, Math.ceil(sx)));
  const luma = new Float32Array(width * height);
  const redGreen = new Float32Array(width * height);
  const blueYellow = new Float32Array(width * height);
  const { data, channels } = photo;
  // the taps' photo columns (as offsets into a row) and rows, once: a 12 MP photo has 3 M taps
  const columns = new Int32Array(width * taps);
  for (let x = 0; x < width; x++)
    for (let tx = 0; tx < taps; tx++)
      columns[x * taps + tx] = Math.min(photo.width - 1, Math.floor((x + (tx + 0.5) / taps) * sx)) * channels;
  const rows = new Int32Array(height * taps);
  for (let y = 0; y < height; y++)
    for (let ty = 0; ty < taps; ty++)
      rows[y * taps + ty] =
        Math.min(photo.height - 1, Math.floor((y + (ty + 0.5) / taps) * sy)) * photo.width * channels;
  const n = taps * taps;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let ty = 0; ty < taps; ty++) {
        const row = rows[y * taps + ty]!;
        for (let tx = 0; tx < taps; tx++) {
          const i = row + columns[x * taps + tx]!;
          r += data[i]!;
          g += data[i + 1]!;
          b += data[i + 2]!;
        }
      }
      r /= n;
      g /= n;
      b /= n;
      const o = y * width + x;
      luma[o] = 0.2126 * r + 0.7152 * g + 0.0722 * b;
      redGreen[o] = r - g;
      blueYellow[o] = (r + g) / 2 - b;
    }
  }
  return {
    luma: { data: luma, width, height },
    redGreen: { data: redGreen, width, height },
    blueYellow: { data: blueYellow, width, height },
    scale: photo.width / width,
    offsetX: 0,
    offsetY: 0,
  };
}

/**
 * The rows and columns at the picture's edges that are one flat colour (a scan's white frame, a letterbox), which
 * would otherwise seed the floor: at most a tenth of each side.
 */
export function flatBorder(luma: Plane): { top: number; bottom: number; left: number; right: number } {
  const { data, width, height } = luma;
  const flatRow = (y: number) => spread(data, y * width, 1, width) < 4;
  const flatColumn = (x: number) => spread(data, x, width, height) < 4;
  let top = 0;
  while (top < height * 0.1 && flatRow(top)) top++;
  let bottom = 0;
  while (bottom < height * 0.1 && flatRow(height - 1 - bottom)) bottom++;
  let left = 0;
  while (left < width * 0.1 && flatColumn(left)) left++;
  let right = 0;
  while (right < width * 0.1 && flatColumn(width - 1 - right)) right++;
  // a frame is a few pixels more than its flat rows: the scan's edge blurs into the picture
  const pad = (n: number) => (n > 0 ? n + 2 : 0);
  return { top: pad(top), bottom: pad(bottom), left: pad(left), right: pad(right) };
}

function spread(data: Float32Array, start: number, stride: number, count: number): number {
  let sum = 0;
  let sq = 0;
  for (let k = 0, i = start; k < count; k++, i += stride) {
    sum += data[i]!;
    sq += data[i]! * data[i]!;
  }
  const mean = sum / count;
  return Math.sqrt(Math.max(0, sq / count - mean * mean));
}

export function cropPlane(plane: Plane, left: number, top: number, width: number, height: number): Plane {
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const from = (top + y) * plane.width + left;
    out.set(plane.data.subarray(from, from + width), y * width);
  }
  return { data: out, width, height };
}

/** A 3 × 3 binomial blur, edges repeated. */
export function blur3(plane: Plane): Plane {
  const { data, width, height } = plane;
  const tmp = new Float32Array(width * height);
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const l = data[row + Math.max(0, x - 1)]!;
      const r = data[row + Math.min(width - 1, x + 1)]!;
      tmp[row + x] = (l + 2 * data[row + x]! + r) / 4;
    }
  }
  for (let y = 0; y < height; y++) {
    const up = Math.max(0, y - 1) * width;
    const down = Math.min(height - 1, y + 1) * width;
    const row = y * width;
    for (let x = 0; x < width; x++) out[row + x] = (tmp[up + x]! + 2 * tmp[row + x]! + tmp[down + x]!) / 4;
  }
  return { data: out, width, height };
}

/** Half the size, each pixel the mean of a 2 × 2 block. */
export function halvePlane(plane: Plane): Plane {
  const width = plane.width >> 1;
  const height = plane.height >> 1;
  const out = new Float32Array(width * height);
  const { data } = plane;
  for (let y = 0; y < height; y++) {
    const a = 2 * y * plane.width;
    const b = a + plane.width;
    for (let x = 0; x < width; x++) {
      out[y * width + x] = (data[a + 2 * x]! + data[a + 2 * x + 1]! + data[b + 2 * x]! + data[b + 2 * x + 1]!) / 4;
    }
  }
  return { data: out, width, height };
}
