// see ./schemas.ts
export { contracts } from '@dwellscape/shared';
