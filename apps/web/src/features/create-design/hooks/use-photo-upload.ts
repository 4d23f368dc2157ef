import type { UploadResponse } from '@dwellscape/shared';
import { useCallback, useState } from 'react';
import { toast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { uploadImage } from '@/lib/api/upload-image';

export interface UploadedPhoto extends UploadResponse {
  file: File;
  /** Position of the file in the batch the person picked. */
  index: number;
}

const uploadFailedMessage = 'Upload failed. Please try again.';

/** The server's own reason (too large, not an image) when it gave one. */
export function uploadErrorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : uploadFailedMessage;
}

/**
 * Sends picked photos to /api/uploads side by side. Each refused file gets its own toast with the
 * server's reason (413 too large, 415 not an image); the accepted ones come back in picking order.
 */
export function usePhotoUpload() {
  const [pendingCount, setPendingCount] = useState(0);

  const upload = useCallback(async (files: readonly File[]): Promise<UploadedPhoto[]> => {
    if (files.length === 0) return [];
    setPendingCount((count) => count + files.length);
    const results = await Promise.allSettled(
      files.map(async (file, index) => {
        try {
          return { ...(await uploadImage(file)), file, index };
        } finally {
          setPendingCount((count) => count - 1);
        }
      }),
    );
    const uploaded: UploadedPhoto[] = [];
    results.forEach((result, index) => {
      if (result.status === 'fulfilled') uploaded.push(result.value);
      else toast.error(uploadErrorMessage(result.reason), { description: files[index]?.name });
    });
    return uploaded;
  }, []);

  return { upload, pendingCount, isUploading: pendingCount > 0 };
}
