import { designSchema, errorResponseSchema, listOf, userIdParamsSchema, userSchema } from '@dwellscape/shared';
import type { AppInstance } from '../../types';
import { getUserProfile, listUserDesigns } from './users.service';

export default async function usersRoutes(app: AppInstance) {
  // GET /api/me is the accounts module's: who the viewer is, signed in or not
  app.get(
    '/api/users/:id',
    {
      schema: {
        params: userIdParamsSchema,
        response: { 200: userSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => getUserProfile(app.db, request.params.id, request.viewer),
  );

  app.get(
    '/api/users/:id/designs',
    {
      schema: {
        params: userIdParamsSchema,
        response: { 200: listOf(designSchema), 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => ({ items: await listUserDesigns(app.db, request.params.id, request.viewer) }),
  );
}
