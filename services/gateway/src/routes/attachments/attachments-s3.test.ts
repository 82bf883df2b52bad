import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { S3_SERVER, suiteServer } from '@testament/infra/testing/suite-server';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, startTestServer, type TestServer } from '../../testing/harness.ts';
import { createProject } from '../../testing/people.ts';

// TESTAMENT_BLOB_STORE=s3 end to end: what a gateway on one host uploads, a gateway on another reads from the bucket.
const s3 = await suiteServer(S3_SERVER);
const BUCKET = process.env.S3_BUCKET || 'testament-suite';
if (s3.skipped) console.warn(`The attachments' S3 suite skipped: ${s3.skipped}`);

let uploader: TestServer | undefined;
let reader: TestServer | undefined;
let admin: S3Client | undefined;
const prefix = `attachments-${randomUUID()}/`;

beforeAll(async () => {
  if (!s3.url) return;
  const url = new URL(s3.url);
  // The product takes its credentials from the AWS SDK's environment, as a deployment gives them.
  if (url.username) {
    process.env.AWS_ACCESS_KEY_ID = decodeURIComponent(url.username);
    process.env.AWS_SECRET_ACCESS_KEY = decodeURIComponent(url.password);
  }
  const endpoint = url.origin;
  admin = new S3Client({ endpoint, forcePathStyle: true, region: 'us-east-1' });
  await admin.send(new CreateBucketCommand({ Bucket: BUCKET })).catch((error: Error) => {
    if (error.name !== 'BucketAlreadyOwnedByYou') throw error;
  });
  const blobs = { blobStore: 's3', s3: { bucket: BUCKET, endpoint, prefix } } as const;
  uploader = await startTestServer(blobs);
  // Another installation's process (its own data directory) on the same bucket: a gateway of another host.
  reader = await startTestServer(blobs);
});
afterAll(async () => {
  await uploader?.close();
  await reader?.close();
  admin?.destroy();
});

describe.skipIf(!s3.url)('attachments in an S3 bucket (TESTAMENT_BLOB_STORE=s3)', () => {
  it('keeps the uploaded bytes in the bucket, under the prefix, and none in the data directory', async () => {
    const browser = await uploader!.signedIn('admin');
    const project = (await createProject(browser, { name: 'Bucketed' })).id;
    const body = multipart(
      { project: String(project) },
      { field: 'file', filename: 'run.log', bytes: Buffer.from('all green\n'), type: 'text/plain' },
    );
    const created = await browser.post('/api/v2/attachments/', body.payload, body.headers);
    expect(created.statusCode, created.body).toBe(201);
    const [attachment] = created.json() as Array<{ id: number }>;

    const download = await browser.get(`/attachments/${attachment!.id}/`);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.body).toBe('all green\n');
    const listed = await admin!.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
    expect(listed.Contents?.map((object) => object.Key)).toEqual([expect.stringMatching(new RegExp(`^${prefix}attachments/${project}/`))]);
    expect(existsSync(join(uploader!.config.dataDir, 'blobs', 'blobs'))).toBe(false);

    // The blob key the read model holds names the object another host's process reads.
    const key = listed.Contents![0]!.Key!.slice(prefix.length);
    expect((await reader!.system.blobs.get(key))?.bytes.toString()).toBe('all green\n');
  });
});
