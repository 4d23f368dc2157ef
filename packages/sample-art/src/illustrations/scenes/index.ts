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

/** A room or yard picture: as it is ('furnished'), tired ('dated'), or with a design's products in it. */
export function sceneSvg(
  scene: SceneOfPlace,
  state: 'furnished' | 'dated',
  products: readonly SceneProduct[] = [],
  options: SceneDrawOptions = {},
): string {
  return scene.mode === 'interior'
    ? interiorSceneSvg({ kind: scene.kind, seed: scene.seed, palette: scene.palette, state, products, ...options })
    : landscapeSceneSvg({ kind: scene.kind, seed: scene.seed, palette: scene.palette, state, products, ...options });
}
