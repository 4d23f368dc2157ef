/**
 * A photo's hand labels (test/real-photos.ts) as the geometry placement reads: what the analysis would find if it
 * were perfect. The camera is the label's horizon with a phone's focal length and the mode's usual eye height.
 */
import type { PhotoGeometry, Point, Polygon } from '../src/geometry/types';
import type { LabelledPhoto } from './real-photos';

export function geometryOfLabel(photo: LabelledPhoto): PhotoGeometry {
  const { width, height } = photo;
  const at = (polygon: readonly (readonly [number, number])[]): Polygon =>
    polygon.map(([x, y]): Point => [x * width, y * height]);
  const horizonY = photo.horizon * height;
  return {
    width,
    height,
    mode: photo.mode,
    source: 'found',
    camera: {
      focal: 0.72 * Math.max(width, height),
      cx: width / 2,
      cy: height / 2,
      horizonY,
      roll: 0,
      eyeHeight: photo.mode === 'interior' ? 1.3 : 1.6,
    },
    vanishingPoints: { vertical: null, horizontal: [[width / 2, horizonY]] },
    floor: photo.floor.map(at),
    walls: photo.walls.map((wall) => ({ facing: wall.facing, polygon: at(wall.polygon) })),
    openings: photo.openings.map((opening) => ({ kind: opening.kind, polygon: at(opening.polygon) })),
    pieces: photo.pieces.map((piece) => ({ kind: normalisedKind(piece.kind), polygon: at(piece.polygon) })),
    ground: (photo.ground ?? []).map((region) => ({ kind: region.kind, polygon: at(region.polygon) })),
    anchors: (photo.anchors ?? []).map((anchor) => ({ kind: anchor.kind, polygon: at(anchor.polygon) })),
  };
}

/** The labels' words for a piece ('side table', 'coffee table') in the seed kinds' spelling. */
const normalisedKind = (kind: string) => kind.trim().toLowerCase().replace(/\s+/g, '-');
