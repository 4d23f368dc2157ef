/** The analysis's camera against the labels' (decision 0059): focal, eye height and horizon, at the render's 1600 px. */
import sharp from 'sharp';
import { photoGeometryOf } from '../packages/compositor/src/render-local-design';
import { loadLabels, photoPath } from '../packages/compositor/test/real-photos';
import { geometryOfLabel } from '../packages/compositor/test/label-geometry';
import { RENDER_WIDTH } from '../packages/compositor/test/real-photos-render';

for (const photo of loadLabels().photos) {
  const { data, info } = await sharp(photoPath(photo), { autoOrient: true })
    .resize({ width: RENDER_WIDTH })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const g = photoGeometryOf({ data, width: info.width, height: info.height, channels: 3 }, photo.mode);
  const l = geometryOfLabel(photo);
  const k = g.width / l.width;
  const c = (x: typeof g.camera, s: number) =>
    `focal ${Math.round(x.focal * s)} eye ${x.eyeHeight.toFixed(2)} horizon ${Math.round(x.horizonY * s)} f/eye ${Math.round((x.focal * s) / x.eyeHeight)}`;
  console.log(
    `${photo.file.padEnd(42)} analysis ${c(g.camera, 1)}${g.floorGuessed ? ' (guessed)' : ''} | labels ${c(l.camera, k)}`,
  );
}
