import { UPLOAD_MAX_PIXELS } from '@dwellscape/shared';
import type { PhotoGeometry, Polygon } from '@dwellscape/compositor';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { livingRoomPhoto, productImage } from '../../../packages/compositor/test/fixtures/synthetic-images';
import { planRemoteEdit } from '../src/engines/compositor/remote-edit-task';

const W = 1600;
const H = 1200;
const rect = (x: number, y: number, w: number, h: number): Polygon => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
];

/** A room whose analysis found a sofa standing on the left of its floor. */
const oldSofa = rect(80, 560, 700, 260);
const geometry: PhotoGeometry = {
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

let room: Buffer;
let sofa: Buffer;
beforeAll(async () => {
  room = await livingRoomPhoto(W, H, { grain: 4 });
  sofa = await productImage('sofa');
});

describe('planRemoteEdit on a photo geometry', () => {
  it("opens the mask over the room's piece a product replaces, where the edit paints the new one", async () => {
    const planned = await planRemoteEdit({
      layout: {
        spaceImage: room,
        products: [{ bytes: sofa, category: 'Sofa', name: 'Teal Velvet Sofa' }],
        answers: {},
        mode: 'interior',
        spaceType: 'Living room',
        width: W,
        maxInputPixels: UPLOAD_MAX_PIXELS,
        geometry,
      },
      uploadSize: W,
    });
    if (!planned.ok) throw new Error('the plan failed');
    const { data, info } = await sharp(planned.plan.maskPng).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const alpha = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3]!;
    // inside the old sofa's outline, off the new one's box: the mask lets the edit paint it away
    const box = planned.plan.productRegions[0]!;
    let open = 0;
    let seen = 0;
    for (let y = 570; y < 810; y += 6) {
      for (let x = 90; x < 770; x += 6) {
        if (x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height) continue;
        seen++;
        if (alpha(x, y) === 0) open++;
      }
    }
    expect(seen).toBeGreaterThan(50);
    expect(open / seen).toBeGreaterThan(0.9);
    expect(planned.plan.where[0]).toContain("where the room's sofa stands");
  });
});
