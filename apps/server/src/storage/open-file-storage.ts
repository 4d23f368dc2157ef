import { ConfigError, type StorageConfig } from '../config';
import { createBucketStorage, httpStatusOf } from './bucket-storage';
import { createLocalDiskStorage, type FileStorage } from './file-storage';

/**
 * The file store STORAGE names. A bucket is asked once whether it is there and the keys may use it, so a
 * wrong endpoint, name or key stops the start-up with a message instead of failing every upload later.
 */
export async function openFileStorage(config: StorageConfig): Promise<FileStorage> {
  if (config.kind === 'disk') return createLocalDiskStorage(config.root);
  const storage = createBucketStorage(config);
  try {
    await storage.checkBucket();
  } catch (err) {
    storage.close();
    const status = httpStatusOf(err);
    const reason =
      status === 404
        ? 'it does not exist'
        : status === 403 || status === 401
          ? 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY may not use it'
          : `${err instanceof Error ? err.message || err.name : String(err)}`;
    throw new ConfigError(
      `Invalid environment:\n  S3_BUCKET: bucket "${config.bucket}" at ${config.endpoint} cannot be used: ${reason}`,
    );
  }
  return storage;
}
