import { apiPaths, earningsResponseSchema } from '@dwellscape/shared';
import { requireAccount, signInRequiredResponse } from '../../plugins/require-account';
import type { AppInstance } from '../../types';
import { getEarnings } from './commission.service';

export default async function commissionRoutes(app: AppInstance) {
  app.get(
    apiPaths.meEarnings,
    { schema: { response: { 200: earningsResponseSchema, ...signInRequiredResponse } } },
    async (request) => getEarnings(app.db, requireAccount(request)),
  );
}
