import type { PhotoGeometry, Polygon } from '@dwellscape/compositor';

/** The remote-edit tests' room: a 1600 × 1200 photo whose analysis found a sofa standing on the left of its floor. */
export const W = 1600;
export const H = 1200;
export const rect = (x: number, y: number, w: number, h: number): Polygon => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
];
export const oldSofa = rect(80, 560, 700, 260);
export const sofaRoomGeometry: PhotoGeometry = {
  width: W,
  height: H,
  mode: 'interior',
  source: 'found',
  camera: { focal: 1152, cx: W / 2, cy: H / 2, horizonY: 420, roll: 0, eyeHeight: 1.3 },
  vanishingPoints: { vertical: null, horizontal: [[W / 2, 420]] },
  floor: [rect(0, 720, W, H - 720)],
  walls: [{ facing: 'back', polygon: rect(0, 0, W, 720) }],
  openings: [],
  pieces: [{ kind: 'sofa', polygon: oldSofa }],
  ground: [],
  anchors: [],
};
