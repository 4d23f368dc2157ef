import type { LayoutPlace, LayoutRegion, PixelBox, SpaceLayout } from '@dwellscape/compositor';
import { project, slotOfSeedKind } from '@dwellscape/compositor';
import sharp from 'sharp';
import { SCENE_HEIGHT, SCENE_WIDTH } from './illustrations/scenes/camera';
import { sceneSvg, type SceneProbe } from './illustrations/scenes';
import { svgDocument } from './illustrations/svg';
import { seedKeys } from './seed-images';
import { bareScene, SEED_SPACES, SEED_TEMPLATES, type SceneOfPlace } from './world/spaces';

/*
 * Layout metadata of the seeded spaces and templates: the seed draws their pictures, so it knows the camera and
 * where each piece of furniture stands. A render of one of these pictures replaces the room's own pieces (the
 * scene redrawn without them) and stands products in perspective; decision 0021.
 */

const sceneByImageKey = new Map<string, SceneOfPlace>([
  ...SEED_SPACES.map((s) => [seedKeys.space(s.id), s.scene] as const),
  ...SEED_SPACES.map((s) => [seedKeys.spaceEmpty(s.id), bareScene(s.scene)] as const),
  ...SEED_TEMPLATES.map((t) => [seedKeys.template(t.id), t.scene] as const),
]);

/** Whether a stored picture is a seeded space or template picture the seed can redraw. */
export function isSeededSceneKey(key: string): boolean {
  return sceneByImageKey.has(key);
}

/** Bounding boxes are found on a copy this many times smaller: plenty for a box. */
const BOX_SHRINK = 2;

const layouts = new Map<string, Promise<SpaceLayout>>();

/** The layout of a seeded space or template picture (cached), or null for any other picture. */
export function seededLayoutOf(key: string): Promise<SpaceLayout> | null {
  const scene = sceneByImageKey.get(key);
  if (!scene) return null;
  let layout = layouts.get(key);
  if (!layout) {
    layout = buildLayout(scene);
    layouts.set(key, layout);
    layout.catch(() => layouts.delete(key));
  }
  return layout;
}

/** The picture redrawn without some of its objects (place ids), as SVG: what a render draws products onto. */
export function seededSceneWithout(key: string, without: readonly string[]): string | null {
  const scene = sceneByImageKey.get(key);
  if (!scene) return null;
  return sceneSvg(scene, 'furnished', [], { without: new Set(without) });
}

/**
 * The picture URLs of a seeded space's empty version (seedKeys.spaceEmpty), given the furnished one's; null for any
 * other picture. `urlOf` turns a key into the URL its storage serves it at.
 */
export function emptySpaceUrls(
  imageUrl: string,
  urlOf: (key: string) => string,
): { imageUrl: string; thumbnailUrl: string } | null {
  const space = SEED_SPACES.find((s) => imageUrl === urlOf(seedKeys.space(s.id)));
  if (!space) return null;
  return { imageUrl: urlOf(seedKeys.spaceEmpty(space.id)), thumbnailUrl: urlOf(seedKeys.spaceEmptyThumb(space.id)) };
}

async function buildLayout(scene: SceneOfPlace): Promise<SpaceLayout> {
  const probe: SceneProbe = { places: [] };
  sceneSvg(scene, 'furnished', [], { probe });
  const { camera, defs } = probe;
  if (!camera || !defs) throw new Error('The scene did not report its camera');
  const defsOnly = svgDocument(SCENE_WIDTH, SCENE_HEIGHT, defs, '');
  const places: LayoutPlace[] = [];
  // a bare scene keeps its pieces' places (where products stand) but draws none of them: nothing to replace,
  // nothing standing in front of a product
  const drawn = (place: (typeof probe.places)[number]) => (scene.bare ? { ...place, svg: undefined } : place);
  for (const place of probe.places.map(drawn)) {
    const box = place.svg ? await boxOfDrawing(defsOnly, place.svg) : undefined;
    // a drawing that shows nothing in the frame is no place to replace
    if (place.svg && !box) continue;
    places.push({
      id: place.id,
      slot: slotOfSeedKind(place.kind ?? place.kinds[0]!),
      kinds: [...place.kinds],
      kind: place.kind,
      ...(box ? { box } : {}),
      x: place.x,
      z: place.z,
      ...(place.y !== undefined ? { y: place.y } : {}),
      pose: place.pose,
      ...(place.on ? { on: true } : {}),
      ...(place.flat ? { flat: place.flat } : {}),
      // what stands on the floor can hide a product standing behind it
      ...(place.svg && place.pose === 'standing' && !place.on ? { drawing: withDrawing(defsOnly, place.svg) } : {}),
    });
  }
  const cam = { f: camera.f, cx: camera.cx, horizon: camera.horizon, eye: camera.eye, camX: camera.camX };
  const backZ = probe.backZ ?? Math.max(...places.map((p) => p.z)) + 1;
  return {
    width: SCENE_WIDTH,
    height: SCENE_HEIGHT,
    camera: cam,
    ...(probe.ceiling !== undefined ? { ceiling: probe.ceiling } : {}),
    backZ,
    lightFrom: probe.lightFrom ?? 'left',
    places,
    regions: regionsOf(scene, cam, backZ, places),
  };
}

/** The box a drawing covers in the frame, from its alpha on a smaller copy; null when it shows nothing. */
const withDrawing = (defsOnly: string, svg: string) => defsOnly.replace(/<\/svg>$/, `${svg}</svg>`);

async function boxOfDrawing(defsOnly: string, svg: string): Promise<PixelBox | null> {
  const doc = withDrawing(defsOnly, svg);
  const { data, info } = await sharp(Buffer.from(doc), { density: 72 / BOX_SHRINK })
    .ensureAlpha()
    .extractChannel(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  let left = info.width;
  let right = -1;
  let top = info.height;
  let bottom = -1;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (data[y * info.width + x]! > 24) {
        if (x < left) left = x;
        if (x > right) right = x;
        if (y < top) top = y;
        bottom = y;
      }
    }
  }
  if (right < 0) return null;
  return {
    x: left * BOX_SHRINK,
    y: top * BOX_SHRINK,
    width: (right - left + 1) * BOX_SHRINK,
    height: (bottom - top + 1) * BOX_SHRINK,
  };
}

function regionsOf(
  scene: SceneOfPlace,
  camera: SpaceLayout['camera'],
  backZ: number,
  places: LayoutPlace[],
): LayoutRegion[] {
  const W = SCENE_WIDTH;
  const H = SCENE_HEIGHT;
  const backRow = Math.round(project(camera, 0, 0, backZ)[1]);
  if (scene.mode === 'interior') {
    const wallTop = Math.round(project(camera, 0, 2.75, backZ)[1]);
    return [
      { name: 'floor', box: { x: 0, y: backRow, width: W, height: H - backRow } },
      { name: 'back-wall', box: { x: 0, y: wallTop, width: W, height: backRow - wallTop } },
    ];
  }
  const regions: LayoutRegion[] = [];
  const fenceZ = Math.max(...places.map((p) => p.z)) + 0.5;
  const fenceRow = Math.round(project(camera, 0, 0, fenceZ)[1]);
  regions.push({ name: 'lawn', box: { x: 0, y: fenceRow, width: W, height: H - fenceRow } });
  regions.push({ name: 'fence-line', box: { x: 0, y: fenceRow - 40, width: W, height: 60 } });
  for (const place of places) {
    if (!place.kinds.includes('pavers') || !place.flat) continue;
    const { width, depth } = place.flat;
    const [x0, y0] = project(camera, place.x - width / 2, 0, place.z);
    const [x1, y1] = project(camera, place.x + width / 2, 0, place.z + depth);
    const box = boxOf(Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1));
    // a long narrow strip leading away is a path; a broad one a patio
    if (box) regions.push({ name: width < 2 ? 'path' : 'patio', box });
  }
  const beds = places.filter((p) => p.box && ['shrub', 'planter', 'raised-bed'].includes(p.kind ?? ''));
  for (const bed of beds) regions.push({ name: 'beds', box: bed.box! });
  return regions;
}

function boxOf(x0: number, y0: number, x1: number, y1: number): PixelBox | null {
  const left = Math.max(0, Math.round(x0));
  const top = Math.max(0, Math.round(y0));
  const right = Math.min(SCENE_WIDTH, Math.round(x1));
  const bottom = Math.min(SCENE_HEIGHT, Math.round(y1));
  return right > left && bottom > top ? { x: left, y: top, width: right - left, height: bottom - top } : null;
}
