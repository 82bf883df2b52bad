/**
 * BlobStore in an S3-compatible object store (AWS S3, MinIO, Ceph, R2, ...): the uploads of a deployment whose gateways run
 * on several hosts, which share no directory. One object per key, under an optional prefix, so deployments can share a bucket.
 *
 * S3 replaces an object whole, so a reader sees the old blob or the new one; bytes and content type travel in the same PUT.
 * The content type is kept exactly as given in the object's metadata (percent-encoded: metadata is an HTTP header, and a
 * content type may hold characters a header cannot); the `Content-Type` header gets it too when a header can carry it, so
 * the bucket stays readable with other tools.
 */
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import type { Blob, BlobStore } from '../ports/blob-store.ts';
import { assertValidBlobKey } from './fs-blob-store.ts';

/** The metadata field that keeps the content type exactly (`x-amz-meta-testament-content-type`). */
const CONTENT_TYPE_METADATA = 'testament-content-type';
/** What an HTTP header value may hold (visible ASCII, spaces and tabs). */
const HEADER_SAFE = /^[\t\x20-\x7e]*$/;

export interface S3BlobStoreOptions {
  bucket: string;
  /** Keys are stored under it (`deployment-a` makes `deployment-a/projects/7/icon.png`); empty: the bucket's root. */
  prefix?: string;
  /** An S3-compatible server's address (MinIO: `http://minio:9000`), addressed path-style; unset: AWS S3 itself. */
  endpoint?: string;
  /** AWS_REGION when unset, else `us-east-1` (servers other than AWS ignore it, but the SDK signs with one). */
  region?: string;
  /** Unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, an instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(options: S3BlobStoreOptions) {
    const config: S3ClientConfig = {
      region: options.region ?? process.env.AWS_REGION ?? 'us-east-1',
      // A request that cannot connect fails in seconds instead of holding an upload's answer for the socket's lifetime.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
      // Only the checksums S3 requires: the SDK's default trailing checksums are not understood by every S3-compatible server.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    if (options.endpoint) Object.assign(config, { endpoint: options.endpoint, forcePathStyle: true });
    if (options.credentials) config.credentials = options.credentials;
    this.client = new S3Client(config);
    this.bucket = options.bucket;
    const prefix = options.prefix ?? '';
    this.prefix = prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`;
  }

  async put(key: string, blob: Blob): Promise<void> {
    const objectKey = this.objectKey(key);
    if (typeof blob.contentType !== 'string') throw new Error(`Blob ${key} needs a contentType string`);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: objectKey,
        Body: blob.bytes,
        ContentLength: blob.bytes.length,
        ContentType: HEADER_SAFE.test(blob.contentType) ? blob.contentType : 'application/octet-stream',
        Metadata: { [CONTENT_TYPE_METADATA]: encodeURIComponent(blob.contentType) },
      }),
    );
  }

  async get(key: string): Promise<Blob | null> {
    const objectKey = this.objectKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      const bytes = answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0);
      return {
        bytes,
        contentType: keptContentType(answer.Metadata?.[CONTENT_TYPE_METADATA]) ?? answer.ContentType ?? 'application/octet-stream',
      };
    } catch (error) {
      // Without s3:ListBucket on the bucket, AWS answers a missing key with AccessDenied instead: the permission is required.
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers a delete of a missing key with success, as the port asks.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  private objectKey(key: string): string {
    assertValidBlobKey(key);
    return `${this.prefix}${key}`;
  }
}

/** The content type as put, from the metadata; none when another tool wrote the object (or wrote the field otherwise). */
function keptContentType(kept: string | undefined): string | undefined {
  if (kept === undefined) return undefined;
  try {
    return decodeURIComponent(kept);
  } catch {
    return undefined;
  }
}
