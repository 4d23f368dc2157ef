import { apiPaths, uploadResponseSchema, type UploadResponse } from '@dwellscape/shared';
import { apiRequest } from '@/lib/api-client';

/** Stores one photo on the server; the app keeps its /media/ URL, never the bytes (SPEC §3 drafts). */
export function uploadImage(file: File, signal?: AbortSignal): Promise<UploadResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest(apiPaths.uploads, uploadResponseSchema, { method: 'POST', body: form, signal });
}
