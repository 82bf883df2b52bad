import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../exit-codes.ts';
import { ADMIN_PASSWORD, CLI_TEST_TIMEOUT_MS, type CliWorld, runCli, runCliOnTerminal, startCliWorld } from '../testing/cli-e2e.ts';

let world: CliWorld;
beforeAll(async () => {
  world = await startCliWorld();
});
afterAll(() => world?.close());

const configOf = async (configHome: string) => JSON.parse(await readFile(join(configHome, 'testament', 'config.json'), 'utf8'));

describe('testament login', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('gets a token with the password from stdin, keeps it for the server in a file only its owner reads, and uses it', async () => {
    const run = await world.cli(['login', '--server', `${world.url}/`, '--username', 'admin', '--password-stdin', '--json'], {
      input: `${ADMIN_PASSWORD}\n`,
    });
    expect(run.code, run.stderr).toBe(EXIT.ok);
    const said = JSON.parse(run.stdout);
    expect(said).toMatchObject({ server: world.url, username: 'admin', scopes: ['read', 'write', 'import'], project: null });
    expect(run.stdout).not.toContain(ADMIN_PASSWORD);

    const file = join(world.configHome, 'testament', 'config.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const config = await configOf(world.configHome);
    expect(config.default).toBe(world.url);
    const token = config.servers[world.url].token as string;
    expect(token).toMatch(/^[0-9a-f]{32,}$/);
    expect(run.stdout).not.toContain(token);

    // The token is the one the server issued, with the scopes asked for, and the CLI now reaches the server with it.
    const tokens = await world.api<Array<{ id: string; scopes: string[] }>>('GET', '/api/token/obtain/');
    expect(tokens.find((issued) => issued.id === said.token_id)?.scopes).toEqual(['read', 'write', 'import']);
    const project = (await world.api<{ id: number }>('POST', '/api/v2/projects/', { name: 'Logged in' })).id;
    const plans = await world.cli(['plans', 'list', '--project', String(project)]);
    expect(plans.code, plans.stderr).toBe(EXIT.ok);
    expect(plans.stdout).toContain(`No plans in project ${project}.`);
  });

  it('asks for the username and, without echoing it, the password on a terminal', async () => {
    const configHome = await mkdtemp(join(tmpdir(), 'testament-cli-config-'));
    try {
      const { code, screen } = await runCliOnTerminal(['login', '--server', world.url], configHome, [
        { prompt: 'Username: ', reply: 'admin' },
        { prompt: 'Password: ', reply: ADMIN_PASSWORD },
      ]);
      expect(code, screen).toBe(EXIT.ok);
      expect(screen).toContain(`Logged in to ${world.url} as admin.`);
      expect(screen).not.toContain(ADMIN_PASSWORD);
      expect((await configOf(configHome)).default).toBe(world.url);
    } finally {
      await rm(configHome, { recursive: true, force: true });
    }
  });

  it('keeps a token given with --token once the server knows it, and says who it is', async () => {
    const issued = await world.api<{ token: string }>('POST', '/api/token/obtain/', {
      username: 'admin',
      password: ADMIN_PASSWORD,
      scopes: ['read'],
    });
    const configHome = await mkdtemp(join(tmpdir(), 'testament-cli-config-'));
    try {
      const run = await runCli(['login', '--server', world.url, '--token', issued.token], configHome);
      expect(run.code, run.stderr).toBe(EXIT.ok);
      expect(run.stdout).toContain(`Logged in to ${world.url} as admin.`);
      expect((await configOf(configHome)).servers[world.url].token).toBe(issued.token);

      const refused = await runCli(['login', '--server', world.url, '--token', 'not-a-token'], configHome);
      expect(refused.code).toBe(EXIT.noAccess);
      expect(refused.stderr).toContain('Invalid token.');
    } finally {
      await rm(configHome, { recursive: true, force: true });
    }
  });

  it('restricts the token to the scopes and the project asked for', async () => {
    const project = (await world.api<{ id: number }>('POST', '/api/v2/projects/', { name: 'Scoped' })).id;
    const configHome = await mkdtemp(join(tmpdir(), 'testament-cli-config-'));
    try {
      const run = await runCli(
        [
          'login',
          '--server',
          world.url,
          '--username',
          'admin',
          '--password-stdin',
          '--scopes',
          'read',
          '--project',
          String(project),
          '--json',
        ],
        configHome,
        { input: ADMIN_PASSWORD },
      );
      expect(run.code, run.stderr).toBe(EXIT.ok);
      expect(JSON.parse(run.stdout)).toMatchObject({ scopes: ['read'], project });

      // Without the write scope the server refuses a plan, and the CLI exits as for no access.
      const create = await runCli(['plans', 'create', '--project', String(project), '--name', 'Nope'], configHome);
      expect(create.code).toBe(EXIT.noAccess);
      expect(create.stderr).toContain('This token does not have the "write" scope.');
    } finally {
      await rm(configHome, { recursive: true, force: true });
    }
  });

  it('says what is wrong with the credentials, and exits non-zero', async () => {
    const configHome = await mkdtemp(join(tmpdir(), 'testament-cli-config-'));
    try {
      const wrong = await runCli(['login', '--server', world.url, '--username', 'admin', '--password-stdin'], configHome, {
        input: 'not the password',
      });
      expect(wrong.code).toBe(EXIT.error);
      expect(wrong.stderr).toContain('POST /api/token/obtain/ answered 400');
      expect(wrong.stderr).toContain('Unable to log in with provided credentials.');

      // No terminal to ask on, and no password given: a usage error, before any request.
      const noPassword = await runCli(['login', '--server', world.url, '--username', 'admin'], configHome);
      expect(noPassword.code).toBe(EXIT.error);
      expect(noPassword.stderr).toContain('--password-stdin');
    } finally {
      await rm(configHome, { recursive: true, force: true });
    }
  });

  it('exits with the no-access code when not logged in or when the server cannot be reached', async () => {
    const configHome = await mkdtemp(join(tmpdir(), 'testament-cli-config-'));
    try {
      const notLoggedIn = await runCli(['plans', 'list', '--project', '1', '--server', world.url], configHome);
      expect(notLoggedIn.code).toBe(EXIT.noAccess);
      expect(notLoggedIn.stderr).toContain(`not logged in to ${world.url}`);

      const nowhere = await runCli(['plans', 'list', '--project', '1'], configHome, {
        env: { TESTAMENT_SERVER: 'http://127.0.0.1:9', TESTAMENT_TOKEN: 'anything' },
      });
      expect(nowhere.code).toBe(EXIT.noAccess);
      expect(nowhere.stderr).toContain('cannot reach http://127.0.0.1:9');
    } finally {
      await rm(configHome, { recursive: true, force: true });
    }
  });

  it('takes the server and the token from TESTAMENT_SERVER and TESTAMENT_TOKEN, as CI sets them', async () => {
    const issued = await world.api<{ token: string }>('POST', '/api/token/obtain/', { username: 'admin', password: ADMIN_PASSWORD });
    const configHome = await mkdtemp(join(tmpdir(), 'testament-cli-config-'));
    try {
      const project = (await world.api<{ id: number }>('POST', '/api/v2/projects/', { name: 'From the environment' })).id;
      const run = await runCli(['plans', 'list', '--project', String(project), '--json'], configHome, {
        env: { TESTAMENT_SERVER: world.url, TESTAMENT_TOKEN: issued.token },
      });
      expect(run.code, run.stderr).toBe(EXIT.ok);
      expect(JSON.parse(run.stdout)).toEqual([]);
    } finally {
      await rm(configHome, { recursive: true, force: true });
    }
  });
});
