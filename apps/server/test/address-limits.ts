/**
 * Every request of a test comes from 127.0.0.1, and a test file (or the benchmarks) signs up and
 * unlocks far more than one address would in an hour: the test servers lift the per-address limits,
 * and the tests of those limits (reliability/sign-up-abuse, gate-sessions) set the production values back.
 */
export const TEST_ADDRESS_LIMITS = {
  SIGN_UPS_PER_ADDRESS_PER_HOUR: '100000',
  GATE_SESSIONS_PER_ADDRESS_PER_HOUR: '100000',
} as const;
