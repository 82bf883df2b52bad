import { BucketAlreadyOwnedByYou, CreateBucketCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { S3_SERVER, suiteServer } from '../testing/suite-server.ts';
import { blobStoreContract } from './contract.ts';
import { S3BlobStore, type S3BlobStoreOptions } from './s3-blob-store.ts';

// S3_ENDPOINT (its credentials from the AWS environment), else s3rver on a free port, else MinIO wherever a container runtime answers.
const server = await suiteServer(S3_SERVER);
const BUCKET = process.env.S3_BUCKET || 'testament-suite';

/** The server's address, and the credentials when the URL carries them (the suite's own servers). */
function connection(url: string): Pick<S3BlobStoreOptions, 'endpoint' | 'credentials'> {
  const parsed = new URL(url);
  const credentials = parsed.username
    ? { accessKeyId: decodeURIComponent(parsed.username), secretAccessKey: decodeURIComponent(parsed.password) }
    : undefined;
  parsed.username = '';
  parsed.password = '';
  return { endpoint: parsed.origin, ...(credentials ? { credentials } : {}) };
}

async function bucketReady(options: Pick<S3BlobStoreOptions, 'endpoint' | 'credentials'>): Promise<S3Client> {
  const client = new S3Client({ ...options, forcePathStyle: true, region: process.env.AWS_REGION ?? 'us-east-1' });
  try {
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
  } catch (error) {
    if (!(error instanceof BucketAlreadyOwnedByYou)) throw error;
  }
  return client;
}

const target = server.url ? connection(server.url) : undefined;
const admin = target ? await bucketReady(target) : undefined;
afterAll(() => admin?.destroy());

blobStoreContract(
  'S3BlobStore',
  target
    ? async () => {
        // A prefix of its own for every store: runs and tests never see each other's blobs in the shared bucket.
        const store = new S3BlobStore({ ...target, bucket: BUCKET, prefix: `contract-${randomUUID()}/` });
        return { store, cleanup: () => store.close() };
      }
    : null,
  server.skipped,
  // The suite's own s3rver writes an object's bytes and then its metadata, each a file of its own, so concurrent puts interleave;
  // S3 and MinIO replace an object whole, and answer this case wherever S3_ENDPOINT names one or a container runtime answers.
  server.local ? { concurrentOverwrites: 's3rver writes bytes and metadata apart, so concurrent puts to one key interleave' } : {},
);

describe.skipIf(!target)('S3BlobStore specifics', () => {
  it('keeps every key under its prefix, so deployments can share a bucket', async () => {
    const prefix = `shared-${randomUUID()}/`;
    const first = new S3BlobStore({ ...target!, bucket: BUCKET, prefix });
    // Without its slash, the prefix still names a folder of its own.
    const second = new S3BlobStore({ ...target!, bucket: BUCKET, prefix: `${prefix.slice(0, -1)}-other` });
    try {
      await first.put('projects/7/icon.png', { bytes: Buffer.from('png'), contentType: 'image/png' });
      const listed = await admin!.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
      expect(listed.Contents?.map((object) => object.Key)).toEqual([`${prefix}projects/7/icon.png`]);
      await expect(second.get('projects/7/icon.png')).resolves.toBeNull();
      await second.put('projects/7/icon.png', { bytes: Buffer.from('other'), contentType: 'image/png' });
      const both = await admin!.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix.slice(0, -1) }));
      expect(both.Contents?.map((object) => object.Key).sort()).toEqual([
        `${prefix.slice(0, -1)}-other/projects/7/icon.png`,
        `${prefix}projects/7/icon.png`,
      ]);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('reads an object another tool wrote, by its Content-Type', async () => {
    const prefix = `foreign-${randomUUID()}/`;
    await admin!.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: `${prefix}imported/logo.svg`,
        Body: '<svg/>',
        ContentType: 'image/svg+xml',
        Metadata: { 'testament-content-type': '%E0%A4%A' },
      }),
    );
    const store = new S3BlobStore({ ...target!, bucket: BUCKET, prefix });
    try {
      expect(await store.get('imported/logo.svg')).toEqual({ bytes: Buffer.from('<svg/>'), contentType: 'image/svg+xml' });
    } finally {
      await store.close();
    }
  });

  it('sees blobs another gateway put (another client, the same bucket and prefix)', async () => {
    const prefix = `gateways-${randomUUID()}/`;
    const writer = new S3BlobStore({ ...target!, bucket: BUCKET, prefix });
    const reader = new S3BlobStore({ ...target!, bucket: BUCKET, prefix });
    try {
      await writer.put('attachments/1/report.txt', { bytes: Buffer.from('hello'), contentType: 'text/plain' });
      expect((await reader.get('attachments/1/report.txt'))?.bytes.toString()).toBe('hello');
    } finally {
      await writer.close();
      await reader.close();
    }
  });

  it('fails a put with the server unreachable within seconds, and the key stays absent', async () => {
    const local = server.local;
    if (!local) return; // Only a server this suite started may be stopped.
    const prefix = `outage-${randomUUID()}/`;
    const store = new S3BlobStore({ ...target!, bucket: BUCKET, prefix });
    try {
      await local.stop();
      const started = Date.now();
      await expect(store.put('during-outage', { bytes: Buffer.from('x'), contentType: 'text/plain' })).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(20_000);
      await local.start();
      await expect(store.get('during-outage')).resolves.toBeNull();
    } finally {
      await store.close();
    }
  });
});
