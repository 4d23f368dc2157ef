/*
 * The sample world (its people, brands, products, spaces and designs) and the illustration engine that draws
 * its pictures. The server seeds its database from the records and its storage from the built files
 * (ensureSampleArt); the local render engine redraws the seeded spaces through their layouts.
 */
export * from './world/brands';
export * from './world/designs';
export * from './world/notifications';
export * from './world/palettes';
export * from './world/products';
export * from './world/questions';
export * from './world/spaces';
export * from './world/users';
export {
  seedImages,
  seedKeys,
  spaceOfDesign,
  designScene,
  THUMB_HEIGHT,
  THUMB_WIDTH,
  type SeedImage,
} from './seed-images';
export { ensureSampleArt, sampleArtSourceHash, sampleArtCacheRoot, type SampleArt, type SampleArtFile } from './build';
export { emptySpaceUrls, isSeededSceneKey, seededLayoutOf, seededSceneWithout } from './space-layouts';
export { accountAvatarSvg } from './illustrations/account-avatar';
export { AVATAR_SIZE, avatarSvg, type AvatarLook } from './illustrations/avatars';
export {
  PRODUCT_IMAGE_SIZE,
  PRODUCT_VIEWS,
  productImageSvg,
  productViewSvg,
  THREE_QUARTER_TURN,
  turnsWithView,
  type ProductView,
} from './illustrations/product-image';
export { renderSvg, type EncodedImage } from './illustrations/render';
export { placeIdsOf, sceneSvg } from './illustrations/scenes';
export { SCENE_HEIGHT, SCENE_WIDTH } from './illustrations/scenes/camera';
