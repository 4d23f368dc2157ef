/** The id of index.html's template of preloads for after the password: written by build/static-gate.ts, read by gate-controller.ts. */
export const GATE_AFTER_ID = 'gate-after';
