import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blobStoreContract } from './contract.ts';
import { FsBlobStore } from './fs-blob-store.ts';

async function temporaryRoot(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'testament-blobs-'));
}

blobStoreContract('FsBlobStore', async () => {
  const root = await temporaryRoot();
  return { store: new FsBlobStore(root), cleanup: () => rm(root, { recursive: true, force: true }) };
});

describe('FsBlobStore specifics', () => {
  it('keeps blobs under its root and leaves no temporary files behind', async () => {
    const root = await temporaryRoot();
    try {
      const store = new FsBlobStore(root);
      await store.put('projects/7/icon.png', { bytes: Buffer.from('png'), contentType: 'image/png' });
      await store.put('projects/7/icon.png', { bytes: Buffer.from('png2'), contentType: 'image/png' });
      expect(await readdir(join(root, 'blobs', 'projects', '7'))).toEqual(['icon.png#blob']);
      expect(await readdir(join(root, 'tmp'))).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('sees blobs written by another instance on the same directory', async () => {
    const root = await temporaryRoot();
    try {
      await new FsBlobStore(root).put('shared', { bytes: Buffer.from('hi'), contentType: 'text/plain' });
      expect((await new FsBlobStore(root).get('shared'))?.bytes.toString()).toBe('hi');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
