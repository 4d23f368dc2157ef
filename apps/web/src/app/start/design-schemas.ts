// see ./schemas.ts
export { designSchema } from '@dwellscape/shared/design-schemas';
