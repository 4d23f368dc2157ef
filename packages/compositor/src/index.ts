/**
 * The local image engine's compositor as a pure function: encoded pictures and plain data in, a WebP
 * and where each product was placed out. No storage, no database, no HTTP; the server runs it in
 * worker threads (apps/server/src/engines/compositor).
 */
export {
  forgetRenderMemos,
  renderLocalDesign,
  UnreadableSpaceImageError,
  type LocalDesign,
  type LayoutBasis,
  type LocalDesignInput,
  type ProductImage,
  type GeometryOutcome,
  type FoundPiece,
  photoGeometryOf,
  renderAspectOf,
} from './render-local-design';
export {
  checkSizeCm,
  InvalidProductSizeError,
  labelOfKind,
  MAX_SIZE_CM,
  placeOnGeometry,
  placeOnPersonsFloor,
  sizeOfItem,
  SIZE_OF_KIND_CM,
  type GeometryArrangement,
  type GeometryItem,
  type GeometryPlacement,
  type LeftOut,
  type SizeCm,
} from './place-on-geometry';
export { guessedGeometry } from './guessed-geometry';
export { floorQuadOfCamera, type RenderLayers } from './layers';

export { placementRoleOf, type Placement, type PlacementRole } from './layout';
export {
  floorDepthAt,
  project,
  slotOfSeedKind,
  worldXAt,
  type LayoutCamera,
  type LayoutPlace,
  type LayoutRegion,
  type PixelBox,
  type PlacePose,
  type SlotName,
  type SpaceLayout,
} from './space-layout';
export {
  arrangeInLayout,
  MAX_OVERLAP,
  overlapShare,
  planReplacements,
  seedKindOf,
  type ArrangedPlacement,
  type ArrangeItem,
  type Replacement,
} from './arrange';
export { estimateLayout } from './estimate-layout';
export {
  analyzePhoto,
  ANALYSIS_LONG_SIDE,
  type Anchor,
  type GroundKind,
  type GroundRegion,
  type Opening,
  type PhotoCamera,
  type PhotoGeometry,
  type Point,
  type Polygon,
  type StandingPiece,
  type VanishingPoints,
  type WallFacing,
  type WallPlane,
} from './geometry';
export {
  measureFidelity,
  measureStructureKept,
  regionsOfPlacements,
  type Box,
  type FidelityInput,
  type FidelityReceipt,
  type ProductEvidence,
} from './fidelity';
export {
  allowedRegionsOf,
  editMaskPng,
  pasteOriginalOutside,
  resampleMask,
  scaleBoxes,
  type OpenMask,
  type PasteBackInput,
} from './paste-back';
export type { Raster } from './raster';
export {
  cameraAngleOffFront,
  viewForAngle,
  viewInLayout,
  viewOnGeometry,
  type ProductView,
  type ViewChoice,
} from './views';
export {
  eraseMaskOf,
  eraseScene,
  inpaintPatchMatch,
  maskShare,
  type EraseInput,
  type ErasePiece,
  type ErasePoint,
  type EraseStroke,
  type ErasedScene,
  type InpaintResult,
} from './inpaint';
