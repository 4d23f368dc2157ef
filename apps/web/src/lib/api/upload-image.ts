import { contracts, type UploadResponse } from '@dwellscape/shared';
import { callApi } from '@/lib/api-client';

/** Stores one photo on the server; the app keeps its /media/ URL, never the bytes (docs/product.md §3 drafts). */
export function uploadImage(file: File, signal?: AbortSignal): Promise<UploadResponse> {
  return callApi(contracts.uploadImage, { body: { file }, signal });
}
