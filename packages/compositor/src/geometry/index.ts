export { analyzePhoto, ANALYSIS_LONG_SIDE } from './analyze';
export type * from './types';
