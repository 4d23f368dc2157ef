export { CompositorImageEngine, sizeOfProduct, type KnownSceneLayouts } from './compositor-image-engine';
export { createRenderPool, RenderPoolFullError, type RenderPool, type RenderPoolOptions } from './render-pool';
