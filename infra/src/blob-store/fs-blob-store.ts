/**
 * BlobStore on the local file system.
 *
 * Layout under `rootDir`:
 *   blobs/<segment>/.../<last segment>#blob   one file per key
 *   tmp/                                      files being written, renamed into place when complete
 *
 * Each blob file is a one-line JSON header (`{"contentType":"image/png"}\n`) followed by the
 * raw bytes. Keeping the content type in the same file as the bytes makes every put a single
 * rename: a reader sees the old blob or the new one, never new bytes with an old content
 * type, even with concurrent writers or a crash mid-put (a sidecar file could not promise that).
 *
 * The `#blob` suffix uses a character keys cannot contain, so a key (`a`) never collides with
 * the directory of a longer key (`a/b`).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Blob, BlobStore } from '../ports/blob-store.ts';

const BLOB_SUFFIX = '#blob';
const HEADER_END = 0x0a; // '\n': JSON.stringify never emits a raw newline, so the first one ends the header
const KEY_SEGMENT = /^[A-Za-z0-9._-]+$/;

interface BlobHeader {
  contentType: string;
}

export class FsBlobStore implements BlobStore {
  private readonly blobsDir: string;
  private readonly tmpDir: string;

  constructor(rootDir: string) {
    this.blobsDir = join(rootDir, 'blobs');
    this.tmpDir = join(rootDir, 'tmp');
  }

  async put(key: string, blob: Blob): Promise<void> {
    const target = this.pathOf(key);
    if (typeof blob.contentType !== 'string') throw new Error(`Blob ${key} needs a contentType string`);
    const header = Buffer.from(`${JSON.stringify({ contentType: blob.contentType } satisfies BlobHeader)}\n`);
    await mkdir(dirname(target), { recursive: true });
    await this.writeAtomically(target, [header, blob.bytes]);
  }

  async get(key: string): Promise<Blob | null> {
    const path = this.pathOf(key);
    let content: Buffer;
    try {
      content = await readFile(path);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    return parseBlobFile(content, path);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true }); // force: deleting a missing key is not an error
  }

  /** Nothing stays open between calls. */
  async close(): Promise<void> {}

  private pathOf(key: string): string {
    assertValidBlobKey(key);
    const segments = key.split('/');
    const last = segments.pop() as string;
    return join(this.blobsDir, ...segments, `${last}${BLOB_SUFFIX}`);
  }

  /** Write to a temporary file, fsync it, then rename over the target: never a half-written blob. */
  private async writeAtomically(target: string, chunks: Buffer[]): Promise<void> {
    await mkdir(this.tmpDir, { recursive: true });
    const temporary = join(this.tmpDir, randomUUID());
    try {
      const file = await open(temporary, 'wx');
      try {
        await file.writev(chunks);
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    await syncDirectory(dirname(target)); // make the rename itself survive a power loss
  }
}

/**
 * Keys are `/`-separated segments of [A-Za-z0-9._-]. Empty segments (hence absolute paths
 * and trailing slashes) and the path segments `.` and `..` are refused, so a key can only
 * ever name one file inside the store.
 */
export function assertValidBlobKey(key: string): void {
  const segments = typeof key === 'string' ? key.split('/') : [];
  const valid = segments.length > 0 && segments.every((segment) => KEY_SEGMENT.test(segment) && segment !== '.' && segment !== '..');
  if (!valid) {
    throw new Error(`Invalid blob key ${JSON.stringify(key)}: expected '/'-separated segments of [A-Za-z0-9._-]`);
  }
}

function parseBlobFile(content: Buffer, path: string): Blob {
  const headerEnd = content.indexOf(HEADER_END);
  const header = headerEnd < 0 ? undefined : parseHeader(content.subarray(0, headerEnd));
  if (!header) throw new Error(`Blob file ${path} is corrupt: no valid header`);
  return { bytes: content.subarray(headerEnd + 1), contentType: header.contentType };
}

function parseHeader(raw: Buffer): BlobHeader | undefined {
  try {
    const header = JSON.parse(raw.toString('utf8')) as Partial<BlobHeader>;
    return typeof header.contentType === 'string' ? { contentType: header.contentType } : undefined;
  } catch {
    return undefined;
  }
}

async function syncDirectory(path: string): Promise<void> {
  const directory = await open(path, 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}
