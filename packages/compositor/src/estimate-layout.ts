import { estimateFloor } from './floor';
import type { Raster } from './raster';
import type { SpaceLayout } from './space-layout';
import { luma } from './raster';

/** A phone's main camera: about 70° across, so the focal length is about 0.7 of the width. */
const FOCAL_PER_WIDTH = 0.72;

/**
 * A layout for a photo the app knows nothing about: the floor (or ground) line from the strongest long seam, the
 * horizon from a usual camera height and wall distance, and the light's side from the brighter half. Null when the
 * photo shows no clear floor line: the caller falls back to the safe layout and says so.
 */
export function estimateLayout(scene: Raster, mode: 'interior' | 'landscape'): SpaceLayout | null {
  const floor = estimateFloor(scene);
  if (!floor.confident) return null;
  const { width, height } = scene;
  const floorRow = floor.line * height;
  const f = FOCAL_PER_WIDTH * width;
  const eye = mode === 'interior' ? 1.3 : 1.6;
  const backZ = mode === 'interior' ? 5.6 : 9;
  const horizon = floorRow - (f * eye) / backZ;
  return {
    width,
    height,
    camera: { f, cx: width / 2, horizon, eye, camX: 0 },
    ...(mode === 'interior' ? { ceiling: 2.6 } : {}),
    backZ,
    lightFrom: brighterSide(scene),
    places: [],
    regions: [
      {
        name: mode === 'interior' ? 'floor' : 'lawn',
        box: { x: 0, y: Math.round(floorRow), width, height: Math.round(height - floorRow) },
      },
    ],
  };
}

/**
 * The side of the upper picture where its brightest tenth lies: where the window or the sun is. Counted rather than
 * averaged, so a window on a cream wall wins over the wall's own shading. Left when neither side has more.
 */
export function brighterSide(scene: Raster): 'left' | 'right' {
  const { data, width, height, channels } = scene;
  const counts = [new Uint32Array(256), new Uint32Array(256)] as const;
  let n = 0;
  for (let y = 0; y < height * 0.6; y += 8) {
    for (let x = 0; x < width; x += 8) {
      const i = (y * width + x) * channels;
      counts[x < width / 2 ? 0 : 1][Math.round(luma(data[i]!, data[i + 1]!, data[i + 2]!))]!++;
      n++;
    }
  }
  // from the brightest down, until a tenth of the samples are counted
  let left = 0;
  let right = 0;
  for (let v = 255; v >= 0 && left + right < n * 0.1; v--) {
    left += counts[0][v]!;
    right += counts[1][v]!;
  }
  return right > left * 1.2 ? 'right' : 'left';
}
