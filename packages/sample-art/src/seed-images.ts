import { SEED_BRANDS } from './world/brands';
import { SEED_DESIGNS, type SeedDesign } from './world/designs';
import { ROOM_PALETTES, YARD_PALETTES } from './world/palettes';
import { SEED_PRODUCTS } from './world/products';
import { bareScene, SEED_SPACES, SEED_TEMPLATES, type SceneOfPlace } from './world/spaces';
import { SEED_USERS } from './world/users';
import { AVATAR_SIZE, avatarSvg } from './illustrations/avatars';
import { LOGO_SIZE, logoSvg } from './illustrations/logos';
import {
  PRODUCT_IMAGE_SIZE,
  PRODUCT_VIEWS,
  productImageSvg,
  productViewSvg,
  type ProductView,
} from './illustrations/product-image';
import { SCENE_HEIGHT, SCENE_WIDTH } from './illustrations/scenes/camera';
import { sceneSvg } from './illustrations/scenes';

export const THUMB_WIDTH = 600;
export const THUMB_HEIGHT = 450;

/** One stored seed picture, and how to draw it. */
export interface SeedImage {
  key: string;
  width: number;
  height: number;
  svg(): string;
  /** keeps the drawing's transparent parts (a product's views for the render) */
  alpha?: boolean;
  /** a smaller copy of the same picture, encoded from the same raster */
  thumb?: { key: string; width: number; height: number };
}

/** Deterministic storage keys: seed/<kind>/<id>.webp */
export const seedKeys = {
  product: (id: string) => `seed/products/${id}.webp`,
  /** the product alone on a transparent frame, seen from the front or turned (decision 0045): what renders draw */
  productView: (id: string, view: ProductView) => `seed/products/${id}-view-${view}.webp`,
  brand: (id: string) => `seed/brands/${id}.webp`,
  avatar: (id: string) => `seed/avatars/${id}.webp`,
  template: (id: string) => `seed/templates/${id}.webp`,
  templateThumb: (id: string) => `seed/templates/${id}-thumb.webp`,
  space: (id: string) => `seed/spaces/${id}.webp`,
  spaceThumb: (id: string) => `seed/spaces/${id}-thumb.webp`,
  /** the same space with none of its pieces: where a design can start from nothing */
  spaceEmpty: (id: string) => `seed/spaces/${id}-empty.webp`,
  spaceEmptyThumb: (id: string) => `seed/spaces/${id}-empty-thumb.webp`,
  designAfter: (id: string) => `seed/designs/${id}-after.webp`,
  /** the dated version of the space a design restyles; designs of one space share it */
  designBefore: (spaceId: string) => `seed/designs/${spaceId}-before.webp`,
};

const productById = new Map(SEED_PRODUCTS.map((p) => [p.id, p]));
const spaceById = new Map(SEED_SPACES.map((s) => [s.id, s]));

export function spaceOfDesign(design: SeedDesign) {
  const space = spaceById.get(design.spaceId);
  if (!space) throw new Error(`Design ${design.id} restyles an unknown space ${design.spaceId}`);
  return space;
}

/** The design's space in the colours its answers chose, with its products in it. */
export function designScene(design: SeedDesign): SceneOfPlace {
  const base = spaceOfDesign(design).scene;
  if (base.mode === 'interior') {
    const palette = ROOM_PALETTES[design.answers['interior-vibe'] ?? ''] ?? base.palette;
    return { ...base, palette };
  }
  const palette = YARD_PALETTES[design.answers['landscape-aesthetic'] ?? ''] ?? base.palette;
  return { ...base, palette };
}

function designProducts(design: SeedDesign) {
  return design.products.map(([id]) => {
    const product = productById.get(id);
    if (!product) throw new Error(`Design ${design.id} uses an unknown product ${id}`);
    return { seed: product.id, look: product.look };
  });
}

/** Every seed picture, the big scenes first so that parallel rendering finishes evenly. */
export function seedImages(): SeedImage[] {
  const scene =
    (s: SceneOfPlace, state: 'furnished' | 'dated', products: ReturnType<typeof designProducts> = []) =>
    () =>
      sceneSvg(s, state, products);
  const images: SeedImage[] = [];
  for (const design of SEED_DESIGNS) {
    images.push({
      key: seedKeys.designAfter(design.id),
      width: SCENE_WIDTH,
      height: SCENE_HEIGHT,
      svg: scene(designScene(design), 'furnished', designProducts(design)),
    });
  }
  const befores = new Set(SEED_DESIGNS.map((d) => d.spaceId));
  for (const spaceId of befores) {
    const space = spaceById.get(spaceId)!;
    images.push({
      key: seedKeys.designBefore(spaceId),
      width: SCENE_WIDTH,
      height: SCENE_HEIGHT,
      svg: scene(space.scene, 'dated'),
    });
  }
  for (const space of SEED_SPACES) {
    images.push({
      key: seedKeys.space(space.id),
      width: SCENE_WIDTH,
      height: SCENE_HEIGHT,
      svg: scene(space.scene, 'furnished'),
      thumb: { key: seedKeys.spaceThumb(space.id), width: THUMB_WIDTH, height: THUMB_HEIGHT },
    });
    images.push({
      key: seedKeys.spaceEmpty(space.id),
      width: SCENE_WIDTH,
      height: SCENE_HEIGHT,
      svg: scene(bareScene(space.scene), 'furnished'),
      thumb: { key: seedKeys.spaceEmptyThumb(space.id), width: THUMB_WIDTH, height: THUMB_HEIGHT },
    });
  }
  for (const template of SEED_TEMPLATES) {
    images.push({
      key: seedKeys.template(template.id),
      width: SCENE_WIDTH,
      height: SCENE_HEIGHT,
      svg: scene(template.scene, 'furnished'),
      thumb: { key: seedKeys.templateThumb(template.id), width: THUMB_WIDTH, height: THUMB_HEIGHT },
    });
  }
  for (const product of SEED_PRODUCTS) {
    images.push({
      key: seedKeys.product(product.id),
      width: PRODUCT_IMAGE_SIZE,
      height: PRODUCT_IMAGE_SIZE,
      svg: () => productImageSvg(product.id, product.look),
    });
    for (const view of PRODUCT_VIEWS) {
      const flat = product.look.kind === 'rug' || product.look.kind === 'pavers';
      images.push({
        key: seedKeys.productView(product.id, view),
        width: PRODUCT_IMAGE_SIZE,
        height: flat ? (PRODUCT_IMAGE_SIZE * 3) / 4 : PRODUCT_IMAGE_SIZE,
        svg: () => productViewSvg(product.id, product.look, view),
        alpha: true,
      });
    }
  }
  for (const brand of SEED_BRANDS) {
    images.push({ key: seedKeys.brand(brand.id), width: LOGO_SIZE, height: LOGO_SIZE, svg: () => logoSvg(brand.logo) });
  }
  for (const user of SEED_USERS) {
    images.push({
      key: seedKeys.avatar(user.id),
      width: AVATAR_SIZE,
      height: AVATAR_SIZE,
      svg: () => avatarSvg(user.id, user.avatar),
    });
  }
  return images;
}
