import { contracts, errorResponseSchema } from '@dwellscape/shared';
import { route } from '../../contract-route';
import type { AppInstance } from '../../types';
import { getUserProfile, listUserDesigns } from './users.service';

const responses = { 400: errorResponseSchema, 404: errorResponseSchema };

export default async function usersRoutes(app: AppInstance) {
  // GET /api/me is the accounts module's: who the viewer is, signed in or not
  route(app, contracts.getUser, { responses }, async (request) =>
    getUserProfile(app.db, request.params.id, request.viewer),
  );

  route(app, contracts.listUserDesigns, { responses }, async (request) => ({
    items: await listUserDesigns(app.db, request.params.id, request.viewer),
  }));
}
