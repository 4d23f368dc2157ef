import {
  apiPaths,
  designPageQuerySchema,
  designPageResponseSchema,
  errorResponseSchema,
  followParamsSchema,
  followResponseSchema,
} from '@dwellscape/shared';
import { requireAccount, signInRequiredResponse } from '../../plugins/require-account';
import type { AppInstance } from '../../types';
import { followUser, listFollowingFeed, unfollowUser } from './follows.service';

const followPath = '/api/users/:id/follow';

const followSchema = {
  params: followParamsSchema,
  response: {
    200: followResponseSchema,
    400: errorResponseSchema,
    404: errorResponseSchema,
    ...signInRequiredResponse,
  },
};

export default async function followsRoutes(app: AppInstance) {
  app.put(followPath, { schema: followSchema }, async (request) =>
    followUser(app.db, requireAccount(request), request.params.id),
  );

  app.delete(followPath, { schema: followSchema }, async (request) =>
    unfollowUser(app.db, requireAccount(request), request.params.id),
  );

  // a static path: find-my-way matches it before GET /api/designs/:id, whatever the order of registration
  app.get(
    apiPaths.designsFollowing,
    {
      schema: {
        querystring: designPageQuerySchema,
        response: { 200: designPageResponseSchema, 400: errorResponseSchema, ...signInRequiredResponse },
      },
    },
    async (request) => {
      const accountId = requireAccount(request);
      return listFollowingFeed(app.db, { ...request.viewer, accountId }, request.query);
    },
  );
}
