export { CompositorImageEngine } from './compositor-image-engine';
export { renderLocalDesign, OUTPUT_WIDTH, type LocalDesignInput } from './render-local-design';
