import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { ExportSealer, loadOrCreateSigningKey, SqliteEventStore, verifyEventLog, type NewEvent } from '@testament/infra';
import { tempDirMakerAll } from '@testament/infra/testing/temp-dir';
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { AUDIT_SIGNING_KEY_FILE } from './config.ts';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = new URL('../../../', import.meta.url).pathname;
const newDataDir = tempDirMakerAll('verify');

const event = (n: number): NewEvent => ({
  type: 'SuiteChanged',
  schemaVersion: 1,
  data: { id: n, name: `Suite ${n}` },
  metadata: { actorId: 1, time: '2026-11-26T10:00:00.000Z', correlationId: `c${n}`, causationId: null, commandId: `k${n}` },
});

/** A data directory with a log of three streams, ten events each, interleaved. */
async function dataDirectory(): Promise<string> {
  const dir = await newDataDir();
  const store = SqliteEventStore.open(join(dir, 'events.sqlite'));
  for (let n = 0; n < 30; n++) await store.append(`suites-project-${n % 3}`, [event(n)], 'any');
  await store.close();
  return dir;
}

/** `npm run verify` as a user runs it: its exit code and what it printed. */
async function verify(...args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/verify.ts', ...args], { cwd: root });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

// Each check spawns `npm run verify` as a user runs it, tsx's start included: seconds each on a busy machine.
describe('npm run verify', { timeout: 120_000 }, () => {
  it('passes an untouched log, and finds a changed event, a deleted one and a broken export line', async () => {
    const dir = await dataDirectory();
    expect(await verify('--data', dir)).toMatchObject({
      code: 0,
      output: expect.stringContaining('OK: every link holds — 30 events in 3 streams'),
    });

    // Someone edits an event's data in the file: its hash no longer matches.
    const db = new Database(join(dir, 'events.sqlite'));
    db.prepare(`UPDATE events SET data = ? WHERE position = 14`).run(JSON.stringify({ id: 13, name: 'Forged' }));
    db.close();
    const edited = await verify('--data', dir);
    expect(edited.code).toBe(1);
    expect(edited.output).toContain(
      'BROKEN at position 14 (stream suites-project-1, revision 4): the hash does not match the event’s content',
    );
    const reopened = SqliteEventStore.open(join(dir, 'events.sqlite'));
    expect((await verifyEventLog(reopened)).firstBreak).toMatchObject({ position: 14, stream: 'suites-project-1' });
    await reopened.close();

    // Someone deletes an event: the next one of its stream follows a gap.
    const other = await dataDirectory();
    const gap = new Database(join(other, 'events.sqlite'));
    gap.prepare('DELETE FROM events WHERE position = 8').run();
    gap.close();
    expect((await verify('--data', other)).output).toContain(
      'BROKEN at position 11 (stream suites-project-1, revision 3): revision 2 of the stream is missing before it',
    );

    expect((await verify('--data', join(other, 'missing'))).code).toBe(2);
  });

  it('checks an exported file line by line, its readable fields against the server’s key', async () => {
    const dir = await dataDirectory();
    const store = SqliteEventStore.open(join(dir, 'events.sqlite'));
    const stored = await store.readAll(0, 100);
    await store.close();
    // Sealed and signed as the server's export does, with the key in its data directory.
    const sealer = new ExportSealer(loadOrCreateSigningKey(join(dir, AUDIT_SIGNING_KEY_FILE)), 'ndjson');
    const heads = new Map<string, string>();
    const lines = stored.map((found, index) => {
      const readable = {
        project: 1,
        object: { type: 'suite', id: found.position, name: `S${found.position}` },
        summary: `changed suite ${found.position}`,
      };
      const seal = sealer.seal(found.hash, readable);
      const line = {
        position: found.position,
        stream: found.stream,
        revision: found.revision,
        type: found.type,
        schema_version: found.schemaVersion,
        data: found.data,
        metadata: found.metadata,
        hash: found.hash,
        previous_hash: heads.get(found.stream) ?? null,
        ...readable,
        seal,
        signature: index === stored.length - 1 ? sealer.sign(true) : null,
      };
      heads.set(found.stream, found.hash);
      return JSON.stringify(line);
    });
    const file = join(dir, 'export.ndjson');
    await writeFile(file, lines.join('\n') + '\n');
    expect(await verify('--file', file, '--data', dir)).toMatchObject({
      code: 0,
      output: expect.stringContaining("OK: every link holds, every line's readable fields match its seal, and the signatures of key"),
    });
    const publicKey = join(dir, 'public.pem');
    await writeFile(
      publicKey,
      createPublicKey(loadOrCreateSigningKey(join(dir, AUDIT_SIGNING_KEY_FILE))).export({ type: 'spki', format: 'pem' }),
    );
    expect((await verify('--file', file, '--key', publicKey, '--data', join(dir, 'elsewhere'))).code).toBe(0);

    await writeFile(file, lines.join('\n').replace('"S20"}', '"S2O"}') + '\n');
    expect(await verify('--file', file, '--data', dir)).toMatchObject({
      code: 1,
      output: expect.stringContaining(
        'BROKEN at position 20 (stream suites-project-1, revision 6): line 20: its readable fields (project, object, summary)',
      ),
    });
    await writeFile(file, lines.join('\n').replace('"Suite 20"', '"Suite 2O"') + '\n');
    expect(await verify('--file', file, '--data', dir)).toMatchObject({
      code: 1,
      output: expect.stringContaining('BROKEN at position 21'),
    });

    // Another key, or none to check against.
    await writeFile(file, lines.join('\n') + '\n');
    await writeFile(publicKey, createPublicKey(generateKeyPairSync('ed25519').privateKey).export({ type: 'spki', format: 'pem' }));
    expect(await verify('--file', file, '--key', publicKey)).toMatchObject({
      code: 1,
      output: expect.stringContaining('not with the trusted key'),
    });
    expect(await verify('--file', file, '--data', join(dir, 'elsewhere'))).toMatchObject({
      code: 2,
      output: expect.stringContaining('--key'),
    });
  });
});
