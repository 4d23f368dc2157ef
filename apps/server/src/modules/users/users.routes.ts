import {
  designSchema,
  errorResponseSchema,
  listOf,
  meResponseSchema,
  userIdParamsSchema,
  userSchema,
} from '@dwellscape/shared';
import type { AppInstance } from '../../types';
import { getMe, getUserProfile, listUserDesigns } from './users.service';

export default async function usersRoutes(app: AppInstance) {
  app.get('/api/me', { schema: { response: { 200: meResponseSchema, 404: errorResponseSchema } } }, async (request) =>
    getMe(app.db, request.viewer.viewerId),
  );

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
