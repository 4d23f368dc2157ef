import type { UploadResponse } from '@dwellscape/shared';
import { useCallback, useState } from 'react';
import { toast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { uploadImage } from '@/lib/api/upload-image';

export interface UploadedImage extends UploadResponse {
  fileName: string;
}

const uploadFailedMessage = 'Upload failed. Please try again.';

/**
 * Sends picked photos to /api/uploads side by side. A refused file gets a toast with the server's
 * reason (too large, not an image); the accepted ones come back in picking order.
 */
export function useImageUploads() {
  const [pendingCount, setPendingCount] = useState(0);

  const upload = useCallback(async (files: readonly File[]): Promise<UploadedImage[]> => {
    if (files.length === 0) return [];
    setPendingCount((count) => count + files.length);
    const results = await Promise.allSettled(
      files.map(async (file) => {
        try {
          return { ...(await uploadImage(file)), fileName: file.name };
        } finally {
          setPendingCount((count) => count - 1);
        }
      }),
    );
    const uploaded: UploadedImage[] = [];
    results.forEach((result, index) => {
      if (result.status === 'fulfilled') uploaded.push(result.value);
      else
        toast.error(result.reason instanceof ApiError ? result.reason.message : uploadFailedMessage, {
          description: files[index]?.name,
        });
    });
    return uploaded;
  }, []);

  return { upload, pendingCount, isUploading: pendingCount > 0 };
}
