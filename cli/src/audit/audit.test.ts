import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../exit-codes.ts';
import { CLI_TEST_TIMEOUT_MS, type CliWorld, projectWithCases, startCliWorld } from '../testing/cli-e2e.ts';

let world: CliWorld;
let project: number;
let files: string;
beforeAll(async () => {
  world = await startCliWorld();
  ({ project } = await projectWithCases(world, 'Audited', 2));
  // The administrator is no member of the project: what lets them read its trail is the admin scope.
  await world.login('read,admin');
  files = await mkdtemp(join(tmpdir(), 'testament-cli-audit-'));
});
afterAll(async () => {
  await world?.close();
  if (files) await rm(files, { recursive: true, force: true });
});

interface ExportLine {
  position: number;
  summary: string;
  signature: string | null;
}

describe('testament audit export and verify', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it("exports a project's trail as NDJSON to a file, which verifies against the server's published key", async () => {
    const file = join(files, 'audit.ndjson');
    const run = await world.cli(['audit', 'export', '--project', 'Audited', '--since', '2000-01-01', '--output', file]);
    expect(run.code, run.stderr).toBe(EXIT.ok);
    expect(run.stderr).toMatch(/^Exported [\d,]+ bytes of NDJSON to .*audit\.ndjson\.\n$/);
    const lines = (await readFile(file, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as ExportLine);
    // The project, its suite and its two cases, at least; the last line closes the export with the server's signature.
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expect(lines.at(-1)!.signature).toMatch(/^ed25519 \S+ end /);
    expect(existsSync(`${file}.partial`)).toBe(false);

    const verified = await world.cli(['verify', file]);
    expect(verified.code, verified.stderr).toBe(EXIT.ok);
    expect(verified.stdout).toMatch(new RegExp(`^OK: .*audit\\.ndjson holds: ${lines.length} events in \\d+ streams`));

    const json = await world.cli(['verify', file, '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: true, events_checked: lines.length, first_break: null });
  });

  it('finds a changed summary, naming its line, and exits with the broken code', async () => {
    const file = join(files, 'tampered.ndjson');
    const exported = await world.cli(['audit', 'export', '--project', String(project), '--output', file]);
    expect(exported.code, exported.stderr).toBe(EXIT.ok);
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    const second = JSON.parse(lines[1]!) as ExportLine;
    lines[1] = JSON.stringify({ ...second, summary: `${second.summary} (and nothing else happened)` });
    await writeFile(file, `${lines.join('\n')}\n`);

    const run = await world.cli(['verify', file]);
    expect(run.code).toBe(EXIT.broken);
    expect(run.stdout).toMatch(/^BROKEN: .*tampered\.ndjson, line 2: its readable fields .* do not match its seal/);

    const cut = join(files, 'cut.ndjson');
    await writeFile(cut, `${lines.slice(0, 1).join('\n')}\n`);
    const cutRun = await world.cli(['verify', cut, '--json']);
    expect(cutRun.code).toBe(EXIT.broken);
    expect(JSON.parse(cutRun.stdout).first_break.reason).toContain('the export ends without its closing signature');
  });

  it('exports CSV to stdout, and verifies it offline against a key file: the PEM or the JSON the server answers', async () => {
    const run = await world.cli(['audit', 'export', '--project', String(project), '--format', 'csv']);
    expect(run.code, run.stderr).toBe(EXIT.ok);
    expect(run.stdout.startsWith('position,')).toBe(true);
    const file = join(files, 'audit.csv');
    await writeFile(file, run.stdout);

    const key = await world.api<{ public_key: string }>('GET', '/api/v2/audit/signing-key/');
    const pem = join(files, 'key.pem');
    await writeFile(pem, key.public_key);
    const answer = join(files, 'key.json');
    await writeFile(answer, JSON.stringify(key));
    for (const keyFile of [pem, answer]) {
      // No server and no token: the key file is all it needs.
      const verified = await world.cli(['verify', file, '--key', keyFile], { env: { XDG_CONFIG_HOME: files } });
      expect(verified.code, verified.stderr).toBe(EXIT.ok);
      expect(verified.stdout).toMatch(/^OK: /);
    }

    const otherKey = join(files, 'other.pem');
    const { generateKeyPairSync } = await import('node:crypto');
    await writeFile(otherKey, generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }));
    const wrongKey = await world.cli(['verify', file, '--key', otherKey]);
    expect(wrongKey.code).toBe(EXIT.broken);
    expect(wrongKey.stdout).toContain('not with the trusted key');
  });

  it("says why the server refuses an export, in the API's words", async () => {
    const run = await world.cli(['audit', 'export', '--project', String(project), '--since', 'yesterday']);
    expect(run.code).toBe(EXIT.error);
    expect(run.stderr).toContain('GET /api/v2/audit/export/ answered 400');
    expect(run.stderr).toMatch(/ {2}since: /);
  });
});
