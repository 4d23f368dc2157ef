import { gateBodySchema, type GateBody, contracts } from '@dwellscape/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** Opens a gate session: the server checks the password and answers 204 with a session cookie. */
export function unlockGate(body: GateBody): Promise<void> {
  return callApi(contracts.unlockGate, { body: gateBodySchema.parse(body) });
}

export function useUnlockGate() {
  return useMutation({ mutationFn: unlockGate });
}
