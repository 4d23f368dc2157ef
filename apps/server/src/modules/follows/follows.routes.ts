import { contracts, errorResponseSchema } from '@dwellscape/shared';
import { route } from '../../contract-route';
import { requireAccount, signInRequiredResponse } from '../../plugins/require-account';
import type { AppInstance } from '../../types';
import { FOLLOW_LIMIT } from '../designs/design-write-limits';
import { followUser, listFollowingFeed, unfollowUser } from './follows.service';

const followResponses = {
  400: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
  ...signInRequiredResponse,
};

export default async function followsRoutes(app: AppInstance) {
  route(app, contracts.followUser, { limits: [FOLLOW_LIMIT], responses: followResponses }, async (request) =>
    followUser(app.db, requireAccount(request), request.params.id),
  );

  route(app, contracts.unfollowUser, { limits: [FOLLOW_LIMIT], responses: followResponses }, async (request) =>
    unfollowUser(app.db, requireAccount(request), request.params.id),
  );

  // a static path: find-my-way matches it before GET /api/designs/:id, whatever the order of registration
  route(
    app,
    contracts.listFollowingFeed,
    { responses: { 400: errorResponseSchema, ...signInRequiredResponse } },
    async (request) => {
      const accountId = requireAccount(request);
      return listFollowingFeed(app.db, { ...request.viewer, accountId }, request.query);
    },
  );
}
