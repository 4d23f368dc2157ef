import type { SceneOfPlace } from '../../world/spaces';
import type { SceneProbe } from './camera';
import { interiorSceneSvg, type SceneProduct } from './interior';
import { landscapeSceneSvg } from './landscape';

export type { SceneProduct };
export type { SceneProbe } from './camera';

export interface SceneDrawOptions {
  /** Places (ScenePlace ids) left empty. */
  without?: ReadonlySet<string>;
  /** Filled in with the camera and the places as the scene is drawn. */
  probe?: SceneProbe;
}

function drawScene(
  scene: SceneOfPlace,
  state: 'furnished' | 'dated',
  products: readonly SceneProduct[],
  options: SceneDrawOptions,
): string {
  return scene.mode === 'interior'
    ? interiorSceneSvg({ kind: scene.kind, seed: scene.seed, palette: scene.palette, state, products, ...options })
    : landscapeSceneSvg({ kind: scene.kind, seed: scene.seed, palette: scene.palette, state, products, ...options });
}

/** The ids of every piece the place holds (its ScenePlaces), as the furnished picture draws them. */
export function placeIdsOf(scene: SceneOfPlace): string[] {
  const probe: SceneProbe = { places: [] };
  drawScene({ ...scene, bare: false }, 'furnished', [], { probe });
  return probe.places.map((place) => place.id);
}

/**
 * A room or yard picture: as it is ('furnished'), tired ('dated'), or with a design's products in it. A bare scene
 * leaves every piece's place empty; a probe still hears of them all (they are where a render stands products).
 */
export function sceneSvg(
  scene: SceneOfPlace,
  state: 'furnished' | 'dated',
  products: readonly SceneProduct[] = [],
  options: SceneDrawOptions = {},
): string {
  if (!scene.bare || options.probe) return drawScene(scene, state, products, options);
  const without = new Set([...placeIdsOf(scene), ...(options.without ?? [])]);
  return drawScene(scene, state, products, { ...options, without });
}
