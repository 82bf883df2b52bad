import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir, removeTempDir, withTempDir } from '../testing/temp-dir.ts';
import { blobStoreContract } from './contract.ts';
import { FsBlobStore } from './fs-blob-store.ts';

blobStoreContract('FsBlobStore', async () => {
  const root = await makeTempDir('blobs');
  return { store: new FsBlobStore(root), cleanup: () => removeTempDir(root) };
});

describe('FsBlobStore specifics', () => {
  it('keeps blobs under its root and leaves no temporary files behind', async () => {
    await withTempDir('blobs', async (root) => {
      const store = new FsBlobStore(root);
      await store.put('projects/7/icon.png', { bytes: Buffer.from('png'), contentType: 'image/png' });
      await store.put('projects/7/icon.png', { bytes: Buffer.from('png2'), contentType: 'image/png' });
      expect(await readdir(join(root, 'blobs', 'projects', '7'))).toEqual(['icon.png#blob']);
      expect(await readdir(join(root, 'tmp'))).toEqual([]);
    });
  });

  it('sees blobs written by another instance on the same directory', async () => {
    await withTempDir('blobs', async (root) => {
      await new FsBlobStore(root).put('shared', { bytes: Buffer.from('hi'), contentType: 'text/plain' });
      expect((await new FsBlobStore(root).get('shared'))?.bytes.toString()).toBe('hi');
    });
  });
});
