import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes.ts';
import { CLI_TEST_TIMEOUT_MS, type CliWorld, projectWithCases, startCliWorld } from './testing/cli-e2e.ts';

const run = promisify(execFile);
const CLI_DIR = fileURLToPath(new URL('..', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface LockEntry {
  version: string;
  integrity: string;
  dependencies?: Record<string, string>;
}

/**
 * A lockfile for a project that depends on the packed tarball alone, with the CLI's dependencies at the versions the
 * repository's lockfile holds: so `npm install --offline` installs from npm's cache, which has their tarballs (by integrity)
 * but not always the registry's metadata an install without a lockfile would ask for.
 */
async function lockfileFor(
  tarball: string,
  { version, dependencies, bin }: { version: string; dependencies: Record<string, string>; bin: object },
) {
  const rootLock = JSON.parse(await readFile(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const integrity = `sha512-${createHash('sha512')
    .update(await readFile(tarball))
    .digest('base64')}`;
  const packages: Record<string, object> = {
    '': { dependencies: { '@testament/cli': `file:${tarball}` } },
    'node_modules/@testament/cli': { version, resolved: `file:${tarball}`, integrity, dependencies, bin },
  };
  const wanted = Object.keys(dependencies);
  for (let name = wanted.shift(); name !== undefined; name = wanted.shift()) {
    const key = `node_modules/${name}`;
    if (packages[key]) continue;
    const entry = rootLock.packages[key];
    if (!entry) throw new Error(`${key} is not hoisted in the repository's lockfile`);
    const file = `${name.split('/').at(-1)}-${entry.version}.tgz`;
    packages[key] = { ...entry, resolved: `https://registry.npmjs.org/${name}/-/${file}` };
    wanted.push(...Object.keys(entry.dependencies ?? {}));
  }
  return { name: 'install-probe', lockfileVersion: 3, requires: true, packages };
}

let world: CliWorld;
let scratch: string;
let installedBin: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'testament-cli-pack-'));
  world = await startCliWorld();
});
afterAll(async () => {
  await world?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('the packed CLI', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('packs into a tarball of the bin and the bundle, which installs offline and runs', async () => {
    // `npm pack` builds the bundle first (prepack).
    await run('npm', ['pack', '--pack-destination', scratch], { cwd: CLI_DIR });
    const [tarball] = (await readdir(scratch)).filter((name) => name.endsWith('.tgz'));
    expect(tarball).toBe('testament-cli-0.1.0.tgz');
    const { stdout: listing } = await run('tar', ['-tzf', join(scratch, tarball!)]);
    expect(listing.split('\n').filter(Boolean).sort()).toEqual([
      'package/bin/testament.mjs',
      'package/dist/testament.mjs',
      'package/package.json',
    ]);

    const project = join(scratch, 'project');
    await mkdir(project);
    const manifest = JSON.parse(await readFile(join(CLI_DIR, 'package.json'), 'utf8'));
    const lock = await lockfileFor(join(scratch, tarball!), manifest);
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'install-probe', private: true, ...lock.packages[''] }));
    await writeFile(join(project, 'package-lock.json'), JSON.stringify(lock));
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund'], { cwd: project });
    installedBin = join(project, 'node_modules', '@testament', 'cli', 'bin', 'testament.mjs');

    const help = await world.cli(['--help'], { bin: installedBin });
    expect(help.code, help.stderr).toBe(EXIT.ok);
    expect(help.stdout).toContain('Usage: testament [options] [command]');
    const version = await world.cli(['--version'], { bin: installedBin });
    expect(version.stdout.trim()).toBe(manifest.version);
  });

  it('works against a server from the installed bundle alone: login, plans, an audit export and its verification', async () => {
    expect(installedBin).toBeDefined();
    const { project } = await projectWithCases(world, 'Packed', 1);
    const installed = (args: string[], input?: string) => world.cli(args, { bin: installedBin, input });
    const login = await installed(
      ['login', '--server', world.url, '--username', 'admin', '--password-stdin', '--scopes', 'read,write,admin'],
      'Admin-Pass1!',
    );
    expect(login.code, login.stderr).toBe(EXIT.ok);
    const created = await installed(['plans', 'create', '--project', 'Packed', '--name', 'From the tarball']);
    expect(created.code, created.stderr).toBe(EXIT.ok);

    const file = join(scratch, 'audit.ndjson');
    const exported = await installed(['audit', 'export', '--project', String(project), '--output', file]);
    expect(exported.code, exported.stderr).toBe(EXIT.ok);
    const verified = await installed(['verify', file]);
    expect(verified.code, verified.stderr).toBe(EXIT.ok);
    expect(verified.stdout).toMatch(/^OK: /);
  });
});
