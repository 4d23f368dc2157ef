import { estimateFloor } from './floor';
import type { PhotoGeometry } from './geometry/types';
import type { Raster } from './raster';

/** A phone's main camera: about 70° across, so the focal length is about 0.7 of the width. */
const FOCAL_PER_WIDTH = 0.72;
/** A guessed yard's ground starts no higher than this share of the picture's height. */
const MIN_GUESSED_GROUND = 0.75;

/**
 * A geometry for a photo when the analysis finds none: the floor (or ground) below the strongest long seam (or the
 * usual 62% when there is none), a back wall above it, the horizon from a usual camera height and wall distance.
 * Always `source: 'guessed'`: the receipt says 'layout guessed: adjust it'. No pieces or openings are known, so
 * nothing keeps products off the room's furniture: that is what the person is asked to adjust.
 */
export function guessedGeometry(
  scene: Pick<Raster, 'width' | 'height'> & Partial<Raster>,
  mode: 'interior' | 'landscape',
): PhotoGeometry {
  const { width, height } = scene;
  const seam = scene.data ? estimateFloor(scene as Raster).line : 0.62;
  // a yard photographed from standing height shows its ground in the lower part: a seam higher up is a house's or a
  // hedge's, and products stood there would float on the facade
  const line = mode === 'landscape' ? Math.max(seam, MIN_GUESSED_GROUND) : seam;
  const floorRow = Math.round(line * height);
  // a phone's field of view spans the picture's longer side, portrait or landscape
  const focal = FOCAL_PER_WIDTH * Math.max(width, height);
  const eyeHeight = mode === 'interior' ? 1.3 : 1.6;
  const backDepth = mode === 'interior' ? 5.6 : 9;
  const horizonY = floorRow - (focal * eyeHeight) / backDepth;
  const floor = [
    [0, floorRow],
    [width, floorRow],
    [width, height],
    [0, height],
  ] as const;
  return {
    width,
    height,
    mode,
    source: 'guessed',
    camera: { focal, cx: width / 2, cy: height / 2, horizonY, roll: 0, eyeHeight },
    vanishingPoints: { vertical: null, horizontal: [[width / 2, horizonY]] },
    floor: [floor],
    walls:
      mode === 'interior'
        ? [
            {
              polygon: [
                [0, 0],
                [width, 0],
                [width, floorRow],
                [0, floorRow],
              ],
              facing: 'back',
            },
          ]
        : [],
    openings: [],
    pieces: [],
    ground: mode === 'landscape' ? [{ kind: 'lawn', polygon: floor }] : [],
    anchors: [],
  };
}
