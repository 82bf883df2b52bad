import type { ImportStaging } from '@testament/commands';
import type { StagedImport } from '@testament/contracts';
import type { BlobStore } from '@testament/infra';
import { randomUUID } from 'node:crypto';

/** An accepted import's cases, kept in the BlobStore as JSON until its job ends: every process applying its chunks reads them there. */
export function blobImportStaging(blobs: BlobStore): ImportStaging & { stage(projectId: number, staged: StagedImport): Promise<string> } {
  return {
    async stage(projectId, staged) {
      const key = `imports/${projectId}/${randomUUID()}.json`;
      await blobs.put(key, { bytes: Buffer.from(JSON.stringify(staged)), contentType: 'application/json' });
      return key;
    },
    async read(key) {
      const blob = await blobs.get(key);
      return blob ? (JSON.parse(blob.bytes.toString('utf8')) as unknown) : null;
    },
    discard: (key) => blobs.delete(key),
  };
}
