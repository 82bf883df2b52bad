/**
 * Contract every BlobStore adapter must pass. `makeStore` returns an empty store.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BlobStore } from '../ports/blob-store.ts';
import { describeSkippedSuite } from '../testing/skipped-suite.ts';

export interface BlobStoreUnderTest {
  store: BlobStore;
  cleanup(): Promise<void>;
}

/** Every byte value, including runs of zero bytes and bytes that are not valid UTF-8. */
function allByteValues(): Buffer {
  const bytes = Buffer.alloc(512);
  for (let index = 0; index < 256; index++) bytes[index] = index;
  return bytes; // the second half stays zero
}

const BAD_KEYS = [
  '',
  '/',
  '/etc/passwd',
  'a//b',
  'a/',
  '..',
  '../outside',
  'a/../b',
  '.',
  'a/./b',
  'with space',
  'tab\there',
  'new\nline',
  'back\\slash',
  'colon:key',
  'question?',
  'percent%2F',
  'ümlaut',
  'nul\0byte',
];

/** What a server under test is known not to do, each with why: its cases then say they skipped, and why. */
export interface BlobServerLimits {
  /** Why concurrent puts to one key may leave one put's bytes beside another's content type there. */
  concurrentOverwrites?: string;
}

export function blobStoreContract(
  name: string,
  makeStore: (() => Promise<BlobStoreUnderTest>) | null,
  skipReason?: string,
  limits: BlobServerLimits = {},
): void {
  if (!makeStore) {
    describeSkippedSuite(`BlobStore contract: ${name}`, skipReason ?? 'no reason given');
    return;
  }
  describe(`BlobStore contract: ${name}`, () => {
    let subject: BlobStoreUnderTest;
    let store: BlobStore;

    beforeEach(async () => {
      subject = await makeStore();
      store = subject.store;
    });

    afterEach(async () => {
      await subject.cleanup();
    });

    it('round-trips binary bytes, zero bytes included, with their content type', async () => {
      await store.put('icons/logo.bin', { bytes: allByteValues(), contentType: 'application/octet-stream' });
      const blob = await store.get('icons/logo.bin');
      expect(blob?.contentType).toBe('application/octet-stream');
      expect(Buffer.compare(blob!.bytes, allByteValues())).toBe(0);
      expect(Buffer.isBuffer(blob!.bytes)).toBe(true);
    });

    it('round-trips an empty blob', async () => {
      await store.put('empty', { bytes: Buffer.alloc(0), contentType: 'text/plain' });
      const blob = await store.get('empty');
      expect(blob?.bytes.length).toBe(0);
      expect(blob?.contentType).toBe('text/plain');
    });

    it('round-trips a large blob', async () => {
      const bytes = Buffer.alloc(4 * 1024 * 1024);
      for (let index = 0; index < bytes.length; index += 4096) bytes[index] = index % 251;
      await store.put('attachments/big.dat', { bytes, contentType: 'application/octet-stream' });
      expect((await store.get('attachments/big.dat'))?.bytes.equals(bytes)).toBe(true);
    });

    it('keeps an unusual content type as given', async () => {
      const contentType = 'text/plain; charset="utf-8"\n; x=ü';
      await store.put('odd-type', { bytes: Buffer.from('x'), contentType });
      expect((await store.get('odd-type'))?.contentType).toBe(contentType);
    });

    it('is not affected by later changes to the buffer that was put', async () => {
      const bytes = Buffer.from('original');
      await store.put('copied', { bytes, contentType: 'text/plain' });
      bytes.write('mutated!');
      expect((await store.get('copied'))?.bytes.toString()).toBe('original');
    });

    it('returns null for a key never written', async () => {
      await expect(store.get('nothing/here')).resolves.toBeNull();
    });

    it('overwrites bytes and content type together', async () => {
      await store.put('avatars/3', { bytes: Buffer.from('first version, longer'), contentType: 'image/png' });
      await store.put('avatars/3', { bytes: Buffer.from('second'), contentType: 'image/jpeg' });
      const blob = await store.get('avatars/3');
      expect(blob?.bytes.toString()).toBe('second');
      expect(blob?.contentType).toBe('image/jpeg');
    });

    if (limits.concurrentOverwrites) console.warn(`BlobStore contract: ${name}: concurrent puts SKIPPED: ${limits.concurrentOverwrites}`);
    it.skipIf(limits.concurrentOverwrites)('ends with one complete blob after concurrent puts to one key', async () => {
      const versions = Array.from({ length: 10 }, (_, index) => ({
        bytes: Buffer.alloc(10_000 + index, index),
        contentType: `application/x-version-${index}`,
      }));
      await Promise.all(versions.map((version) => store.put('contended', version)));
      const blob = await store.get('contended');
      const winner = versions.find((version) => version.contentType === blob?.contentType);
      expect(winner).toBeDefined();
      expect(blob!.bytes.equals(winner!.bytes)).toBe(true);
    });

    it('deletes, and deleting a missing key is fine', async () => {
      await store.put('doomed', { bytes: Buffer.from('x'), contentType: 'text/plain' });
      await store.delete('doomed');
      await expect(store.get('doomed')).resolves.toBeNull();
      await expect(store.delete('doomed')).resolves.toBeUndefined();
      await expect(store.delete('never/existed')).resolves.toBeUndefined();
    });

    it('keeps nested keys apart, including a key that is the prefix of another', async () => {
      const keys = ['projects', 'projects/7', 'projects/7/icon.png', 'projects/8/icon.png', 'a.b/c_d/e-f/G.9'];
      for (const key of keys) await store.put(key, { bytes: Buffer.from(key), contentType: 'text/plain' });
      for (const key of keys) expect((await store.get(key))?.bytes.toString(), key).toBe(key);

      await store.delete('projects/7');
      await expect(store.get('projects/7')).resolves.toBeNull();
      expect((await store.get('projects/7/icon.png'))?.bytes.toString()).toBe('projects/7/icon.png');
      expect((await store.get('projects'))?.bytes.toString()).toBe('projects');
    });

    it('accepts keys made of every allowed character', async () => {
      const key = 'ABCXYZ/abcxyz/0123456789/._-/...x/-.-';
      await store.put(key, { bytes: Buffer.from('ok'), contentType: 'text/plain' });
      expect((await store.get(key))?.bytes.toString()).toBe('ok');
    });

    it.each(BAD_KEYS)('refuses the key %j for put, get and delete', async (key) => {
      const blob = { bytes: Buffer.from('x'), contentType: 'text/plain' };
      await expect(store.put(key, blob)).rejects.toThrow(/key/i);
      await expect(store.get(key)).rejects.toThrow(/key/i);
      await expect(store.delete(key)).rejects.toThrow(/key/i);
    });
  });
}
