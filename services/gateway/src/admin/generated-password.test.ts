import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDirEach } from '@testament/infra/testing/temp-dir';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { GENERATED_PASSWORD_FILE, writeGeneratedPassword } from './generated-password.ts';

const dataDir = tempDirEach('first-admin');
let passwordFile: string;
const running: TestServer[] = [];

beforeEach(() => {
  passwordFile = join(dataDir(), GENERATED_PASSWORD_FILE);
});
afterEach(async () => {
  for (const server of running.splice(0)) await server.close();
});

/** A server on `dataDir` as `npm start` runs it: no configured admin password unless given. */
async function start(adminPassword?: string): Promise<TestServer> {
  const server = await startTestServer({ dataDir: dataDir(), adminPassword });
  running.push(server);
  return server;
}

async function stop(server: TestServer): Promise<void> {
  running.splice(running.indexOf(server), 1);
  await server.close();
}

describe("the first admin's generated password", () => {
  it('is kept in a file only its owner may read, and the admin signs in with it', async () => {
    const server = await start();
    const generated = server.system.adminPassword!;
    expect(generated).toMatchObject({ created: true, file: passwordFile });
    expect((await readFile(passwordFile, 'utf8')).trim()).toBe(generated.password);
    expect(statSync(passwordFile).mode & 0o777).toBe(0o600);
    await server.signIn('admin', generated.password);
  });

  it('is used, not replaced, by the start after one that wrote it and stopped before the admin was created', async () => {
    // What a start leaves when it fails between writing the file and creating the admin.
    writeGeneratedPassword(dataDir(), 'Written-before1!');
    const server = await start();
    expect(server.system.adminPassword).toEqual({ password: 'Written-before1!', file: passwordFile, created: true });
    await server.signIn('admin', 'Written-before1!');
  });

  it('stays, and each start says where it is, until the password is changed: then the file goes at once', async () => {
    const first = await start();
    const { password } = first.system.adminPassword!;
    await stop(first);

    const second = await start();
    expect(second.system.adminPassword).toEqual({ password, file: passwordFile, created: false });
    const admin = await second.signIn('admin', password);
    expect((await admin.post('/api/v2/users/change-password/', { password: 'Chosen-pass2!' })).statusCode).toBe(200);
    await expect.poll(() => existsSync(passwordFile), { timeout: 10_000 }).toBe(false);
    await stop(second);

    const third = await start();
    expect(third.system.adminPassword).toBeUndefined();
    await third.signIn('admin', 'Chosen-pass2!');
  });

  it("goes when a superuser sets the admin's password, or finds at start that it changed while the file stayed", async () => {
    const first = await start();
    await first.createUser('root2', 'Root-pass1!', { isSuperuser: true });
    const root = await first.signIn('root2', 'Root-pass1!');
    const users = (await root.get('/api/v2/users/')).json().results as Array<{ id: number; username: string }>;
    const admin = users.find((user) => user.username === 'admin')!;
    expect((await root.patch(`/api/v2/users/${admin.id}/`, { password: 'Set-by-root3!' })).statusCode).toBe(200);
    await expect.poll(() => existsSync(passwordFile), { timeout: 10_000 }).toBe(false);
    await stop(first);

    // The file back (a restored backup, say) with a password that is no longer the admin's: the next start removes it.
    writeGeneratedPassword(dataDir(), 'Stale-pass4!');
    const second = await start();
    expect(second.system.adminPassword).toBeUndefined();
    expect(existsSync(passwordFile)).toBe(false);
  });

  it('is not written when TESTAMENT_ADMIN_PASSWORD chooses the password, and one left by an earlier start is removed', async () => {
    writeGeneratedPassword(dataDir(), 'Never-used5!');
    const server = await start('Chosen-pass6!');
    expect(server.system.adminPassword).toBeUndefined();
    expect(existsSync(passwordFile)).toBe(false);
    await server.signIn('admin', 'Chosen-pass6!');
  });
});
