import { UPLOAD_MAX_PIXELS } from '@dwellscape/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { allowedRegionsOf, editMaskPng, pasteOriginalOutside } from '../src/paste-back';
import { livingRoomPhoto, productImage } from './fixtures/synthetic-images';

const W = 800;
const H = 600;

describe('pasteOriginalOutside', () => {
  let original: Buffer;
  let edited: Buffer;
  const sofaBox = { x: 120, y: 330, width: 380, height: 240 };
  beforeAll(async () => {
    original = await livingRoomPhoto(W, H, { format: 'png', grain: 4 });
    // the edit moved the window and put a sofa in its place
    const sofa = await sharp(await productImage('sofa'))
      .resize(sofaBox.width, sofaBox.height, { fit: 'fill' })
      .png()
      .toBuffer();
    edited = await sharp(await livingRoomPhoto(W, H, { format: 'png', windowX: 0.2 }))
      .composite([{ input: sofa, left: sofaBox.x, top: sofaBox.y }])
      .png()
      .toBuffer();
  });

  it('puts the photo back, pixel for pixel, everywhere outside the allowed regions', async () => {
    const allowed = allowedRegionsOf([sofaBox], W, H);
    const result = await pasteOriginalOutside({
      original,
      edited,
      width: W,
      height: H,
      allowedRegions: allowed,
      maxInputPixels: UPLOAD_MAX_PIXELS,
    });
    const photo = await sharp(original).removeAlpha().raw().toBuffer();
    const model = await sharp(edited).removeAlpha().raw().toBuffer();
    const inside = (x: number, y: number) =>
      allowed.some((r) => x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height);
    let outside = 0;
    let differing = 0;
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        if (inside(x, y)) continue;
        outside++;
        const i = (y * W + x) * 3;
        if (result.data[i] !== photo[i] || result.data[i + 1] !== photo[i + 1] || result.data[i + 2] !== photo[i + 2]) {
          differing++;
        }
      }
    }
    expect(outside).toBeGreaterThan(W * H * 0.7);
    expect(differing).toBe(0);
    // the moved window is gone: where the model drew it, the photo's wall is back
    const wall = (H * 0.3 * W + W * 0.25) | 0;
    expect(model[wall * 3]).not.toBe(photo[wall * 3]);
    // the sofa is there: well inside its box the pixels are the model's
    const centre = ((sofaBox.y + sofaBox.height / 2) * W + sofaBox.x + sofaBox.width / 2) * 3;
    expect([...result.data.subarray(centre, centre + 3)]).toEqual([...model.subarray(centre, centre + 3)]);
  });

  it('stretches an edit of another size onto the photo frame', async () => {
    const square = await sharp(edited).resize(512, 512, { fit: 'fill' }).png().toBuffer();
    const result = await pasteOriginalOutside({
      original,
      edited: square,
      width: W,
      height: H,
      allowedRegions: allowedRegionsOf([sofaBox], W, H),
      maxInputPixels: UPLOAD_MAX_PIXELS,
    });
    expect(result).toMatchObject({ width: W, height: H, channels: 3 });
    expect(result.data.length).toBe(W * H * 3);
  });

  it('refuses an edit that is not a picture', async () => {
    await expect(
      pasteOriginalOutside({
        original,
        edited: Buffer.from('not an image'),
        width: W,
        height: H,
        allowedRegions: [],
        maxInputPixels: UPLOAD_MAX_PIXELS,
      }),
    ).rejects.toThrow();
  });
});

describe('editMaskPng', () => {
  it('is transparent where the edit may paint and opaque elsewhere', async () => {
    const png = await editMaskPng(100, 80, [{ x: 10, y: 20, width: 30, height: 40 }]);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 100, height: 80, channels: 4 });
    expect(data[(30 * 100 + 20) * 4 + 3]).toBe(0);
    expect(data[(5 * 100 + 5) * 4 + 3]).toBe(255);
    expect(data[(70 * 100 + 90) * 4 + 3]).toBe(255);
  });
});
