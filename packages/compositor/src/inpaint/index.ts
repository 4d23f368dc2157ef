export { inpaintPatchMatch, type InpaintResult } from './patch-match';
export {
  eraseMaskOf,
  maskShare,
  type EraseInput,
  type ErasePiece,
  type ErasePoint,
  type EraseStroke,
} from './erase-mask';
export { eraseScene, planeMapOf, planesOfFloorLine, type ErasedScene } from './erase-scene';
