import multipart from '@fastify/multipart';
import { contracts, errorResponseSchema, messages } from '@dwellscape/shared';
import { route } from '../../contract-route';
import { badInput } from '../../errors';
import { readMultipartForm } from '../../media/multipart-form';
import type { WriteLimit } from '../rate-limits/write-limits';
import type { AppInstance } from '../../types';
import { storeUploadedImage } from './uploads.service';

/**
 * Every upload is a stored file of up to 10 MB: limited per person (account, or session signed out) and per address,
 * so that opening sessions does not open storage. A create flow takes a room photo and a few product pictures.
 */
export const uploadLimit = (perPerson: number): WriteLimit => ({
  name: 'upload',
  max: perPerson,
  perAddress: 3 * perPerson,
  windowMs: 10 * 60_000,
  message: 'You are uploading too fast. Please wait a few minutes and try again.',
});

export default async function uploadsRoutes(app: AppInstance) {
  // registered here, not app-wide: only the routes that take files parse multipart bodies
  await app.register(multipart, { throwFileSizeLimit: false });

  // a form contract: the multipart body is read here, not checked by Fastify (contract-route.ts)
  route(
    app,
    contracts.uploadImage,
    {
      limits: [uploadLimit(app.config.uploadsPerTenMinutes)],
      responses: {
        400: errorResponseSchema,
        413: errorResponseSchema,
        415: errorResponseSchema,
        429: errorResponseSchema,
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badInput(messages.upload.missingFile, { field: 'file' });
      const form = await readMultipartForm(request, { fileFields: ['file'] });
      const file = form.files.get('file');
      if (!file || file.length === 0) throw badInput(messages.upload.missingFile, { field: 'file' });
      const uploaded = await storeUploadedImage(app.db, app.storage, file, request.viewer);
      return reply.code(201).send(uploaded);
    },
  );
}
