import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpSession } from '@testament/gateway/testing/http-session';
import { GENERATED_PASSWORD_FILE, startServerProcess, type ServerProcess } from '@testament/gateway/testing/server-process';
import { tempDirEach } from '@testament/infra/testing/temp-dir';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const ADMIN_PASSWORD = 'Admin-Pass1!';
const dataDir = tempDirEach('admin-command');
const running: ServerProcess[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop('SIGKILL')));
});

async function start(env: Record<string, string> = { TESTAMENT_ADMIN_PASSWORD: ADMIN_PASSWORD }): Promise<ServerProcess> {
  const server = await startServerProcess({ TESTAMENT_DATA_DIR: dataDir(), ...env });
  running.push(server);
  return server;
}

async function stop(server: ServerProcess): Promise<void> {
  running.splice(running.indexOf(server), 1);
  await server.stop();
}

/** `npm run admin -- <args>` as an operator types it, on this test's data directory. */
function admin(args: string[], stdin = ''): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn('npm', ['run', '--silent', 'admin', '--', ...args, '--data', dataDir()], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(stdin);
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

async function createUser(server: ServerProcess, username: string, password: string): Promise<void> {
  const session = new HttpSession(server.url);
  await session.login('admin', ADMIN_PASSWORD);
  const created = await session.request('POST', '/api/v2/users/', { username, password, email: `${username}@example.test` });
  expect(created.status).toBe(201);
}

const status = async (session: HttpSession, path: string) => (await session.request('GET', path)).status;

describe('npm run admin -- reset-password', () => {
  it('gives a user a new password while the server is stopped: it ' +
    "signs in over HTTP; the old one and the user's sessions do not", async () => {
    const first = await start();
    await createUser(first, 'alice', 'Alice-pass1!');
    const alice = new HttpSession(first.url);
    await alice.login('alice', 'Alice-pass1!');
    expect(await status(alice, '/api/v2/users/me/')).toBe(200);
    await stop(first);

    const reset = await admin(['reset-password', 'alice']);
    expect(reset).toMatchObject({ code: 0, stderr: '' });
    const password = /New password of "alice": (\S+)/.exec(reset.stdout)?.[1];
    expect(password).toBeDefined();

    // Same address, so alice's cookies still apply: her session ended with the reset.
    const second = await start({ TESTAMENT_ADMIN_PASSWORD: ADMIN_PASSWORD, PORT: new URL(first.url).port });
    expect(await status(alice, '/api/v2/users/me/')).toBe(401);
    await expect(new HttpSession(second.url).login('alice', 'Alice-pass1!')).rejects.toThrow(/login failed: 400/);
    await new HttpSession(second.url).login('alice', password!);

    // The audit trail shows the change, made by the system rather than by a user.
    const auditor = new HttpSession(second.url);
    await auditor.login('admin', ADMIN_PASSWORD);
    const changes = async () =>
      (await (await auditor.request('GET', '/api/v2/audit/events/?event_type=UserPasswordChanged')).json()) as {
        results: Array<{ actor: unknown; object: { name: string } }>;
      };
    await expect
      .poll(async () => (await changes()).results, { timeout: 30_000 })
      .toMatchObject([{ actor: null, object: { name: 'alice' } }]);
  }, 180_000);

  it("takes the admin's new password from standard input, and removes the generated password's file", async () => {
    const first = await start({});
    expect(existsSync(join(dataDir(), GENERATED_PASSWORD_FILE))).toBe(true);
    await stop(first);

    const reset = await admin(['reset-password', 'admin', '--password-stdin'], 'Typed-pass2!\n');
    expect(reset).toMatchObject({ code: 0, stdout: expect.stringContaining('The password of "admin" is changed.') });
    expect(reset.stdout).not.toContain('Typed-pass2!');
    expect(existsSync(join(dataDir(), GENERATED_PASSWORD_FILE))).toBe(false);

    const second = await start({});
    expect(second.output.join('')).not.toMatch(/password/);
    await new HttpSession(second.url).login('admin', 'Typed-pass2!');
  }, 180_000);

  it('refuses, with exit code 1, while the server runs on the data directory, for a user nobody is, and for a weak password', async () => {
    const server = await start();
    const whileRunning = await admin(['reset-password', 'admin']);
    expect(whileRunning.code).toBe(1);
    expect(whileRunning.stderr).toContain(`the data directory ${dataDir()} is in use by another process`);
    expect(whileRunning.stderr).toContain('Stop the server first');
    await stop(server);

    const unknown = await admin(['reset-password', 'nobody']);
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toContain(`Cannot reset the password of "nobody": there is no such user in ${dataDir()}.`);

    const weak = await admin(['reset-password', 'admin', '--password-stdin'], 'short');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('Password must have at least 8 characters.');

    // Nothing of that changed the admin's password.
    const after = await start();
    await new HttpSession(after.url).login('admin', ADMIN_PASSWORD);
  }, 180_000);

  it('explains itself: help, and a wrong use with exit code 2', async () => {
    expect(await admin(['help'])).toMatchObject({ code: 0, stdout: expect.stringContaining('reset-password USER') });
    const wrong = await admin(['reset-password']);
    expect(wrong).toMatchObject({ code: 2, stderr: expect.stringContaining('reset-password takes one user name') });
  }, 60_000);
});
