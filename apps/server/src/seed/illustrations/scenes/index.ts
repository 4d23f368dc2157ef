import type { SceneOfPlace } from '../../world/spaces';
import { interiorSceneSvg, type SceneProduct } from './interior';
import { landscapeSceneSvg } from './landscape';

export type { SceneProduct };

/** A room or yard picture: as it is ('furnished'), tired ('dated'), or with a design's products in it. */
export function sceneSvg(
  scene: SceneOfPlace,
  state: 'furnished' | 'dated',
  products: readonly SceneProduct[] = [],
): string {
  return scene.mode === 'interior'
    ? interiorSceneSvg({ kind: scene.kind, seed: scene.seed, palette: scene.palette, state, products })
    : landscapeSceneSvg({ kind: scene.kind, seed: scene.seed, palette: scene.palette, state, products });
}
