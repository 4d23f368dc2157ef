import type { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/**
 * A real S3 server for the storage tests (s3rver, an npm devDependency: nothing to install beyond npm ci):
 * in this process, on a free port of 127.0.0.1, keeping its objects in a temporary directory.
 */
export interface TestBucketServer {
  endpoint: string;
  /** The environment that points a server at `bucket` on it (STORAGE=s3 and the S3_ variables). */
  envFor(bucket: string): Record<string, string>;
  /** Makes another empty bucket. */
  createBucket(bucket: string): Promise<void>;
  /** Called with each key an object was written under, once the store holds it whole. */
  onObjectCreated(listener: (key: string) => void): () => void;
  close(): Promise<void>;
}

// s3rver accepts any key pair that is configured; these are its documented defaults
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

interface S3Event {
  Records?: { eventName?: string; s3?: { object?: { key?: string } } }[];
}

export async function startTestBucketServer(buckets: readonly string[] = ['media']): Promise<TestBucketServer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'dwellscape-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const { address, port } = await server.run();
  const endpoint = `http://${address}:${port}`;
  const listeners = new Set<(key: string) => void>();
  // s3rver is a Koa app: it emits an event for each object written (its S3 event notifications)
  (server as unknown as EventEmitter).on('event', (event: S3Event) => {
    for (const record of event.Records ?? []) {
      const key = record.s3?.object?.key;
      if (key && record.eventName?.startsWith('ObjectCreated')) for (const listener of listeners) listener(key);
    }
  });
  const envFor = (bucket: string) => ({
    STORAGE: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    S3_FORCE_PATH_STYLE: 'true',
  });
  return {
    endpoint,
    envFor,
    async createBucket(bucket) {
      const client = new S3Client({
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
      });
      try {
        await client.send(new CreateBucketCommand({ Bucket: bucket }));
      } finally {
        client.destroy();
      }
    },
    onObjectCreated(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
