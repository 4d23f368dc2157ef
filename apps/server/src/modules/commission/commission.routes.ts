import { contracts } from '@dwellscape/shared';
import { route } from '../../contract-route';
import { requireAccount, signInRequiredResponse } from '../../plugins/require-account';
import type { AppInstance } from '../../types';
import { getEarnings } from './commission.service';

export default async function commissionRoutes(app: AppInstance) {
  route(app, contracts.getEarnings, { responses: signInRequiredResponse }, async (request) =>
    getEarnings(app.db, requireAccount(request)),
  );
}
