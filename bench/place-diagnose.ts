/**
 * Why placement leaves a product out on a real photo's own analysis (decision 0059): for each labelled photo and each set
 * of its mode, placement alone (no drawing) on the analysis at the render's 1600 px, and for every standing or lying
 * product left out, the largest free floor region (share of the picture), the product's footprint at that region's
 * depth (its width in pixels against the region's), and how many spots each rule refused. Run alone:
 * node --import tsx bench/place-diagnose.ts [photo-substring]; PLACE_BASIS=labels places on the hand labels' geometry
 * (a perfect analysis) instead.
 */
import sharp from 'sharp';
import { SEED_PRODUCTS } from '@dwellscape/sample-art';
import * as compositor from '../packages/compositor/src/index';
import { photoGeometryOf } from '../packages/compositor/src/render-local-design';
import { geometryOfLabel } from '../packages/compositor/test/label-geometry';
import { loadLabels, photoPath } from '../packages/compositor/test/real-photos';
import { PRODUCT_SETS, RENDER_WIDTH, pictureOf } from '../packages/compositor/test/real-photos-render';
import { boundsOf, CellMask } from '../packages/compositor/src/polygon';

const catalogue = new Map(SEED_PRODUCTS.map((p) => [p.id, p]));
const only = process.argv[2];
let drawn = 0;
let chosen = 0;
let replaced = 0;
for (const photo of loadLabels().photos.filter((p) => !only || p.file.includes(only))) {
  const { data, info } = await sharp(photoPath(photo), { autoOrient: true })
    .resize({ width: RENDER_WIDTH })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const scene = { data, width: info.width, height: info.height, channels: 3 as const };
  const geometry = process.env.PLACE_BASIS === 'labels' ? labelledAt(photo, scene) : photoGeometryOf(scene, photo.mode);
  const { width: W, height: H } = geometry;
  // the largest free floor polygon (floor less pieces), by cells
  const cell = 4;
  const pieceMask = new CellMask(W, H, cell);
  for (const p of geometry.pieces) pieceMask.fill(p.polygon);
  let largest = { share: 0, top: 0, bottom: 0, left: 0, right: 0 };
  for (const polygon of geometry.floor) {
    const m = new CellMask(W, H, cell).fill(polygon);
    let n = 0;
    for (let y = 0; y < H; y += cell) for (let x = 0; x < W; x += cell) if (m.at(x, y) && !pieceMask.at(x, y)) n++;
    const share = (n * cell * cell) / (W * H);
    if (share > largest.share) largest = { share, ...boundsOf(polygon) };
  }
  const cam = geometry.camera;
  console.log(
    `\n${photo.file} (${photo.mode}) floor ${geometry.floorGuessed ? 'GUESSED' : 'found'}: ${geometry.floor.length} regions, ` +
      `largest free ${(largest.share * 100).toFixed(1)}% rows ${Math.round(largest.top)}–${Math.round(largest.bottom)} ` +
      `of ${H}, cols ${Math.round(largest.left)}–${Math.round(largest.right)}; pieces ${geometry.pieces.length} ` +
      `(${geometry.pieces.map((p) => `${p.kind ?? '?'}${p.confidence !== undefined ? ` ${p.confidence.toFixed(2)}` : ''}`).join(', ')})`,
  );
  for (const [setName, ids] of Object.entries(PRODUCT_SETS[photo.mode])) {
    const items = await Promise.all(
      ids.map(async (id, index) => {
        const product = catalogue.get(id)!;
        const { info: t } = await sharp(await pictureOf(id))
          .trim()
          .toBuffer({ resolveWithObject: true });
        return {
          index,
          role: compositor.placementRoleOf(product.category, product.name),
          kind: compositor.seedKindOf(product.category, product.name),
          aspect: t.width / t.height,
          size: product.dimensions,
        };
      }),
    );
    const refusals = new Map<number, Map<string, number>>();
    const result = compositor.placeOnGeometry(items, geometry, scene, {}, (index, rule) => {
      const m = refusals.get(index) ?? new Map<string, number>();
      m.set(rule, (m.get(rule) ?? 0) + 1);
      refusals.set(index, m);
    });
    drawn += result.placements.length;
    chosen += items.length;
    const replacing = result.placements.filter((p) => p.replaced);
    replaced += replacing.length;
    console.log(`  ${setName}: drawn ${result.placements.length} of ${items.length}`);
    // what took a piece's place: the piece erased, the product on its footprint
    for (const p of replacing) {
      const old = geometry.pieces[Number(p.replaced!.replace('piece-', '')) - 1];
      const b = old ? boundsOf(old.polygon) : null;
      console.log(
        `    replaced ${p.replaced} (${old?.kind ?? '?'}${b ? ` x ${Math.round(b.left)}–${Math.round(b.right)}, foot ${Math.round(b.bottom)}` : ''}): ` +
          `${items[p.index]!.kind} box x ${Math.round(p.x)}–${Math.round(p.x + p.width)}, base ${Math.round(p.baseY)}`,
      );
    }
    for (const { index, reason } of result.leftOut) {
      const item = items[index]!;
      const rules = [...(refusals.get(index) ?? new Map()).entries()].sort((a, b) => b[1] - a[1]);
      // the footprint's width in pixels at the largest region's middle row
      const v = (largest.top + largest.bottom) / 2;
      const below = v - cam.horizonY;
      const z = below > 0.5 ? (cam.focal * cam.eyeHeight) / below : Infinity;
      const px = ((item.size.width / 100) * cam.focal) / z;
      console.log(
        `    ${item.kind ?? ids[index]} (${item.size.width}×${item.size.depth} cm): ${reason}; at the region's middle ` +
          `(z ${z.toFixed(1)} m) ${Math.round(px)} px wide of the region's ${Math.round(largest.right - largest.left)}; ` +
          `refused: ${rules.map(([r, n]) => `${r} ${n}`).join(', ') || 'not tried'}`,
      );
    }
  }
}
console.log(`\ndrawn ${drawn} of ${chosen}, ${replaced} replacing a piece`);

/** The labels' geometry at the render's size (what the analysis would find if it were perfect). */
function labelledAt(photo: Parameters<typeof geometryOfLabel>[0], frame: { width: number; height: number }) {
  return geometryOfLabel({ ...photo, width: frame.width, height: frame.height });
}
