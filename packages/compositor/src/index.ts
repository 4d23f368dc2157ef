/**
 * The local image engine's compositor as a pure function: encoded pictures and plain data in, a WebP
 * and where each product was placed out. No storage, no database, no HTTP; the server runs it in
 * worker threads (apps/server/src/engines/compositor).
 */
export {
  renderLocalDesign,
  UnreadableSpaceImageError,
  type LocalDesign,
  type LocalDesignInput,
  type ProductImage,
} from './render-local-design';
export type { Placement, PlacementRole } from './layout';
export {
  measureFidelity,
  measureStructureKept,
  regionsOfPlacements,
  type Box,
  type FidelityInput,
  type FidelityReceipt,
  type ProductEvidence,
} from './fidelity';
export { allowedRegionsOf, editMaskPng, pasteOriginalOutside, scaleBoxes, type PasteBackInput } from './paste-back';
export type { Raster } from './raster';
