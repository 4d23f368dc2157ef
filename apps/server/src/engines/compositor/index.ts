export { CompositorImageEngine, sizeOfProduct } from './compositor-image-engine';
export { createRenderPool, RenderPoolFullError, type RenderPool } from './render-pool';
