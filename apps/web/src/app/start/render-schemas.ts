// see ./schemas.ts
export { renderJobSchema } from '@dwellscape/shared/render-schemas';
