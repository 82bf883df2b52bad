import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { withTempDir } from '../testing/temp-dir.ts';

const CHILD_SCRIPT = fileURLToPath(new URL('./testing/signing-key-child.ts', import.meta.url));
const run = promisify(execFile);
const KEYS = 1_000;

describe("the server's signing key", () => {
  it('is found whole by a process that starts beside the one making it', async () => {
    await withTempDir('signing-key', async (dir) => {
      const child = async (mode: 'make' | 'find') =>
        (await run(process.execPath, ['--import', 'tsx', CHILD_SCRIPT, mode, dir, String(KEYS)], { timeout: 30_000 })).stdout;
      // The finder loads each key the moment its file appears: a file made first and written after was found empty.
      const [made, found] = await Promise.all([child('make'), child('find')]);
      expect(made.trim().split('\n')).toHaveLength(KEYS);
      expect(found).toBe(made);
      // No draft is left beside the keys.
      expect((await readdir(dir)).filter((name) => !/^key-\d+\.pem$/.test(name))).toEqual([]);
    });
  }, 60_000);
});
