import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the read store’s checkpoint thread', () => {
  it('holds a process open while the store closes: a script that writes and closes at its end exits 0, its close settled', async () => {
    dir = await mkdtemp(join(tmpdir(), 'testament-checkpointer-'));
    const script = [
      `import { SqliteReadStore } from ${JSON.stringify(new URL('./sqlite-read-store.ts', import.meta.url).pathname)};`,
      `const store = new SqliteReadStore({ file: ${JSON.stringify(join(dir, 'read-models.sqlite'))} });`,
      `await store.collection('things').bulkWrite([{ insertOne: { document: { _id: 1, name: 'one' } } }]);`,
      `await store.close();`,
      `console.log('closed');`,
    ].join('\n');
    // Nothing else keeps the script's process alive while it awaits the close (a server's socket would): an unsettled await ends it with
    // code 13.
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: new URL('.', import.meta.url).pathname,
    });
    expect(stdout.trim()).toBe('closed');
  }, 30_000);
});
