import { UPLOAD_MAX_PIXELS } from '@dwellscape/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { livingRoomPhoto, productImage } from '../../../packages/compositor/test/fixtures/synthetic-images';
import { planRemoteEdit } from '../src/engines/compositor/remote-edit-task';
import { H, W, sofaRoomGeometry } from './sofa-room';

const geometry = sofaRoomGeometry;

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
