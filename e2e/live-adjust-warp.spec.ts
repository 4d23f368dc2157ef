import path from 'node:path';
import { renderLocalDesign, type PhotoGeometry } from '@dwellscape/compositor';
import { livingRoomPhoto } from '@dwellscape/compositor/test-fixtures';
import { productImageSvg, productViewSvg, SEED_PRODUCTS } from '@dwellscape/sample-art';
import { UPLOAD_MAX_PIXELS, type PlaneBox } from '@dwellscape/shared';
import { build } from 'esbuild';
import type { createLiveRenderer as makeLiveRenderer } from '../apps/web/src/features/create-design/utils/live-scene';
import sharp from 'sharp';
import { expect, test } from './fixtures';

/*
 * Issue #39, live adjusting: a sofa standing along a wall seen at an angle is drawn receding to that wall's vanishing
 * point. Moved, the live adjuster redraws its layer column by column with the warp Apply draws (live-scene.ts,
 * placedLayerOf): the frame drawn while dragging, read back from the canvas, is compared with the picture Apply
 * draws (the local engine, as the server runs it) over the sofa's new box. With SHOTS_DIR set, the two and the frame
 * the layer scaled whole would give are photographed (390 × 844).
 */
const shotsDir = process.env.SHOTS_DIR;

const W = 1600;
const H = 1200;
/**
 * The live frame against the applied picture over the moved sofa's box: the share of its pixels off by more than 48
 * in a channel (where one has the sofa and the other floor or wall: 8.0% with the layer scaled whole, 0.45% in
 * strips), and the mean absolute difference, 0–255 a channel (18.1 scaled whole, 9.1 in strips: the rest is the
 * light Apply matches at the sofa's new spot and the two WebP encodings, not where it stands).
 */
const MAX_OFF_SHARE = 0.015;
const MAX_MEAN_DIFFERENCE = 11;

/** A room seen from its corner: the left wall runs far back to a vanishing point right of the picture (row 450). */
const wideLeftWall: PhotoGeometry = {
  width: W,
  height: H,
  mode: 'interior',
  source: 'found',
  camera: { focal: 1200, cx: W / 2, cy: H / 2, horizonY: 450, roll: 0, eyeHeight: 1.4 },
  vanishingPoints: {
    vertical: null,
    horizontal: [
      [2077, 450],
      [-400, 450],
    ],
  },
  floor: [
    [
      [0, 900],
      [1200, 640],
      [W, 760],
      [W, H],
      [0, H],
    ],
  ],
  walls: [
    {
      facing: 'left',
      polygon: [
        [0, 900],
        [1200, 640],
        [1200, 0],
        [0, 0],
      ],
      vanishingPoint: [2077, 450],
    },
    {
      facing: 'right',
      polygon: [
        [1200, 640],
        [W, 760],
        [W, 0],
        [1200, 0],
      ],
      vanishingPoint: [-400, 450],
    },
  ],
  openings: [],
  pieces: [],
  ground: [],
  anchors: [],
};

const pngOf = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();
const dataUrl = (bytes: Uint8Array, type: string) => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

interface LiveFrameInput {
  base: string;
  layerUrl: string;
  layer: PlaneBox;
  from: PlaneBox;
  to: PlaneBox;
  recede?: { vanishingX: number; horizonY: number };
  applied: string;
  width: number;
}

test('a receding sofa moved live is drawn as Apply draws it, warped again from its new box', async ({ page }) => {
  test.setTimeout(120_000);
  const sofa = SEED_PRODUCTS.find((p) => p.id === 'p-velvet-sofa')!;
  const input = {
    spaceImage: await livingRoomPhoto(W, H, { grain: 4 }),
    products: [
      {
        bytes: await pngOf(productImageSvg(sofa.id, sofa.look)),
        category: sofa.category,
        name: sofa.name,
        size: sofa.dimensions,
        views: {
          front: await pngOf(productViewSvg(sofa.id, sofa.look, 'front')),
          left: await pngOf(productViewSvg(sofa.id, sofa.look, 'left')),
          right: await pngOf(productViewSvg(sofa.id, sofa.look, 'right')),
        },
      },
    ],
    answers: {},
    mode: 'interior' as const,
    spaceType: 'Living Room',
    width: W,
    maxInputPixels: UPLOAD_MAX_PIXELS,
    geometry: wideLeftWall,
  };
  const render = await renderLocalDesign({ ...input, layers: true });
  const placed = render.placements[0]!;
  const recede = placed.view?.recede;
  expect(recede, 'the sofa recedes to the left wall’s vanishing point').toBeDefined();
  const layer = render.layers!.products[0]!;
  const from = { x: placed.x, y: placed.y, width: placed.width, height: placed.height };
  // dragged back along the wall and to the right: smaller, as the floor's perspective makes it, its base 110 px
  // nearer the horizon (the warp scales each column about it, so the far end's rows move less than the near end's)
  const width = Math.round(from.width * 0.8);
  const height = Math.round(from.height * 0.8);
  const to = { x: from.x + 60, y: from.y + from.height - 110 - height, width, height };
  const applied = await renderLocalDesign({ ...input, placements: [{ index: 0, box: to, view: placed.view! }] });

  const bundle = await build({
    stdin: {
      contents:
        "import { createLiveRenderer } from './apps/web/src/features/create-design/utils/live-scene';\n" +
        'globalThis.createLiveRenderer = createLiveRenderer;\n',
      resolveDir: path.resolve(process.cwd()),
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
  });
  await page.setContent('<!doctype html><html><body style="margin:0;background:#111"></body></html>');
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });

  const frame = (warped: boolean) =>
    page.evaluate(
      async ({ input: frameInput, warped: useWarp }) => {
        const load = (src: string) =>
          new Promise<HTMLImageElement>((resolve, reject) => {
            const image = new Image();
            image.onload = () => resolve(image);
            image.onerror = reject;
            image.src = src;
          });
        const [base, layerImage, appliedImage] = await Promise.all([
          load(frameInput.base),
          load(frameInput.layerUrl),
          load(frameInput.applied),
        ]);
        const { width } = frameInput;
        const height = Math.round((width * 1200) / 1600);
        const scale = width / 1600;
        document.body.replaceChildren();
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        canvas.style.width = '390px';
        document.body.append(canvas);
        const context = canvas.getContext('2d')!;
        const { createLiveRenderer } = globalThis as unknown as {
          createLiveRenderer: typeof makeLiveRenderer;
        };
        const renderer = createLiveRenderer(context, base, 1600, 1200, scale);
        const item = {
          image: layerImage,
          layer: frameInput.layer,
          from: frameInput.from,
          to: frameInput.from,
          layerOrder: 2,
          ...(useWarp && frameInput.recede ? { recede: frameInput.recede } : {}),
        };
        renderer.draw([item]);
        // the drag, in steps, as frames draw it: only what moved repainted
        for (let step = 1; step <= 8; step++) {
          const t = step / 8;
          const { from, to } = frameInput;
          const at = {
            x: from.x + (to.x - from.x) * t,
            y: from.y + (to.y - from.y) * t,
            width: from.width + (to.width - from.width) * t,
            height: from.height + (to.height - from.height) * t,
          };
          renderer.draw([{ ...item, to: step === 8 ? to : at }]);
        }
        const live = context.getImageData(0, 0, width, height).data;
        const reference = document.createElement('canvas');
        reference.width = width;
        reference.height = height;
        const referenceContext = reference.getContext('2d')!;
        referenceContext.drawImage(appliedImage, 0, 0, width, height);
        const expected = referenceContext.getImageData(0, 0, width, height).data;
        // over the sofa's new box, in canvas pixels
        const { to } = frameInput;
        const left = Math.floor(to.x * scale);
        const top = Math.floor(to.y * scale);
        const right = Math.ceil((to.x + to.width) * scale);
        const bottom = Math.ceil((to.y + to.height) * scale);
        let sum = 0;
        let count = 0;
        let off = 0;
        for (let y = top; y < bottom; y++) {
          for (let x = left; x < right; x++) {
            const i = (y * width + x) * 4;
            let most = 0;
            for (let c = 0; c < 3; c++) {
              const d = Math.abs(live[i + c]! - expected[i + c]!);
              sum += d;
              most = Math.max(most, d);
            }
            count += 3;
            if (most > 48) off++;
          }
        }
        // the mean difference, and the share of the box's pixels off by more than 48 (sofa where Apply has floor)
        return { mean: sum / count, off: off / (count / 3) };
      },
      { input: frameInputOf(), warped },
    );
  function frameInputOf(): LiveFrameInput {
    return {
      base: dataUrl(render.layers!.base, 'image/webp'),
      layerUrl: dataUrl(layer.bytes, 'image/webp'),
      layer: { x: layer.x, y: layer.y, width: layer.width, height: layer.height },
      from,
      to,
      ...(recede ? { recede } : {}),
      applied: dataUrl(applied.bytes, 'image/webp'),
      width: 1170,
    };
  }

  const plain = await frame(false);
  if (shotsDir) await page.screenshot({ path: path.join(shotsDir, 'live-warp-plain-scaled.png') });
  const warped = await frame(true);
  if (shotsDir) await page.screenshot({ path: path.join(shotsDir, 'live-warp-mid-drag.png') });
  console.log(
    `live frame against Apply over the moved sofa (${to.width}×${to.height}): mean difference warped ` +
      `${warped.mean.toFixed(2)}, scaled whole ${plain.mean.toFixed(2)}; pixels off by > 48 warped ` +
      `${(warped.off * 100).toFixed(2)}%, scaled whole ${(plain.off * 100).toFixed(2)}%`,
  );
  if (shotsDir) {
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:#111"><img style="width:390px" src="${dataUrl(applied.bytes, 'image/webp')}"></body></html>`,
    );
    await page.screenshot({ path: path.join(shotsDir, 'live-warp-applied.png') });
  }
  expect(warped.off).toBeLessThan(MAX_OFF_SHARE);
  expect(warped.off).toBeLessThan(plain.off * 0.25);
  expect(warped.mean).toBeLessThan(MAX_MEAN_DIFFERENCE);
  expect(warped.mean).toBeLessThan(plain.mean * 0.7);
});
