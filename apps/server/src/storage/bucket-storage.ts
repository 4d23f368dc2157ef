import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  type HeadObjectCommandOutput,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import type { StorageConfig } from '../config';
import { DOWNLOAD_CONTENT_TYPE, rasterContentTypeOf } from './content-types';
import {
  assertSafeKey,
  mediaUrls,
  type BucketReadResult,
  type BucketStorage,
  type ReadConditions,
} from './file-storage';

/**
 * The bucket STORAGE=s3 and the S3_ variables name (config.ts). `forcePathStyle` puts the bucket in the path
 * (http://host/bucket/key) rather than the host name: s3rver, MinIO and most self-hosted stores.
 */
export type BucketStorageOptions = Omit<Extract<StorageConfig, { kind: 's3' }>, 'kind'>;

/** Files as objects of one S3-compatible bucket, under the same keys as on disk (docs/decisions/0050). */
export function createBucketStorage(options: BucketStorageOptions): BucketStorage {
  const { bucket } = options;
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    forcePathStyle: options.forcePathStyle,
    maxAttempts: 3,
    // a stalled store fails the request instead of holding it until the client gives up; the connection wait
    // includes the wait for one of the 50 sockets, which a burst (the seed's 426 checks) queues for
    requestHandler: { connectionTimeout: 15_000, requestTimeout: 30_000 },
    // the CRC32 checksums newer SDKs add to every request by default are refused by some S3-compatible stores
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  async function open(key: string, conditions: ReadConditions, head: boolean): Promise<BucketReadResult> {
    assertSafeKey(key);
    // a weak ETag never matches for If-Range (RFC 9110 §13.1.5): the whole object
    const range = conditions.ifRange?.startsWith('W/') ? undefined : conditions.range;
    const input = {
      Bucket: bucket,
      Key: key,
      IfNoneMatch: conditions.ifNoneMatch,
      IfModifiedSince: conditions.ifModifiedSince,
      Range: range,
    };
    try {
      const answer: HeadObjectCommandOutput & { Body?: unknown } = head
        ? await client.send(new HeadObjectCommand(input))
        : await client.send(new GetObjectCommand(input));
      // If-Range, judged here: not every S3-compatible store honours If-Match beside a range
      if (answer.ContentRange && conditions.ifRange && !stillTheSame(conditions.ifRange, answer)) {
        (answer.Body as Readable | undefined)?.destroy();
        return open(key, { ...conditions, range: undefined, ifRange: undefined }, head);
      }
      return {
        status: answer.ContentRange ? 'partial' : 'ok',
        bytes: answer.ContentLength ?? 0,
        etag: answer.ETag,
        lastModified: answer.LastModified,
        contentRange: answer.ContentRange,
        body: head ? null : (answer.Body as Readable),
      };
    } catch (err) {
      const status = httpStatusOf(err);
      if (status === 404) return { status: 'missing' };
      if (status === 304) return { status: 'not-modified', etag: undefined, lastModified: undefined };
      if (status === 416) return { status: 'range-not-satisfiable', bytes: undefined };
      throw err;
    }
  }

  return {
    kind: 's3',
    bucket,
    async put(key, bytes) {
      assertSafeKey(key);
      // one PUT: S3 shows an object whole once the request succeeds, never part of one
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: rasterContentTypeOf(key) ?? DOWNLOAD_CONTENT_TYPE,
        }),
      );
    },
    async read(key) {
      assertSafeKey(key);
      return unlessMissing(async () => {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      }, null);
    },
    async exists(key) {
      assertSafeKey(key);
      // only "no such key" is an answer; an unreachable store must not read as an empty one
      return unlessMissing(async () => {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      }, false);
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async *list(prefix) {
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix })) {
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          yield { key: object.Key, bytes: object.Size ?? 0, lastModified: object.LastModified ?? new Date(0) };
        }
      }
    },
    open,
    async checkBucket() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
    ...mediaUrls,
    close() {
      client.destroy();
    },
  };
}

/** The HTTP status a bucket's refusal came with; undefined for a failure that never got an answer. */
export function httpStatusOf(err: unknown): number | undefined {
  if (err instanceof S3ServiceException) return err.$metadata.httpStatusCode;
  return (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

/** What `request` answers, or `missing` when the bucket says there is no such key (404); any other failure throws. */
async function unlessMissing<T>(request: () => Promise<T>, missing: T): Promise<T> {
  try {
    return await request();
  } catch (err) {
    if (httpStatusOf(err) === 404) return missing;
    throw err;
  }
}

/** Whether the object is still the one an If-Range names: its ETag, or not modified since its date (as `send` judges). */
function stillTheSame(
  ifRange: string,
  object: { ETag?: string | undefined; LastModified?: Date | undefined },
): boolean {
  if (ifRange.startsWith('"')) return object.ETag === ifRange;
  const since = Date.parse(ifRange);
  return !Number.isNaN(since) && object.LastModified !== undefined && object.LastModified.getTime() <= since;
}
