import { defineProject } from 'vitest/config';
import { serverTestOptions } from './vitest.config';

/** The adversarial suite (test/reliability/): `npm run test:reliability`, and part of `npm test`. */
export default defineProject({
  test: {
    ...serverTestOptions,
    name: 'reliability',
    include: ['test/reliability/**/*.test.ts'],
  },
});
