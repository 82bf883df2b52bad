import { isCurrentPassword } from '@testament/commands';
import { topics } from '@testament/contracts';
import type { EventStore, ReadStore } from '@testament/infra';
import { findUserByUsername } from '@testament/projections/users/queries';
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { ProjectionProgress } from '../live/projection-progress.ts';

/** The superuser a new data directory starts with (§4.2). */
export const FIRST_ADMIN = 'admin';

/** Where the first admin's generated password waits in the data directory until it is changed. */
export const GENERATED_PASSWORD_FILE = 'admin-password';

/** The first admin's generated password, while it is still theirs. */
export interface GeneratedAdminPassword {
  password: string;
  /** The file in the data directory that keeps it until the admin's password changes. */
  file: string;
  /** This start created the admin with it. */
  created: boolean;
}

export const generatedPasswordFile = (dataDir: string) => join(dataDir, GENERATED_PASSWORD_FILE);

/** Meets the spec's password rules so the generated one can be changed back to itself. */
export function generatePassword(): string {
  return `${randomBytes(12).toString('base64url')}aA1!`;
}

/** A new generated password for the first admin, in its file before anything is created with it. */
export function newGeneratedPassword(dataDir: string): string {
  const password = generatePassword();
  writeGeneratedPassword(dataDir, password);
  return password;
}

export function readGeneratedPassword(dataDir: string): string | undefined {
  try {
    return readFileSync(generatedPasswordFile(dataDir), 'utf8').trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Written before the admin is created with it, so no failure after can lose it: whole or not
 * at all (a temporary file, flushed, renamed over, and the rename flushed with its directory),
 * readable by the server's user alone.
 */
export function writeGeneratedPassword(dataDir: string, password: string): void {
  const file = generatedPasswordFile(dataDir);
  const temporary = `${file}.tmp`;
  // What a write cut short left behind, whatever its mode: `wx` below creates the file anew with 0600.
  rmSync(temporary, { force: true });
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    writeSync(fd, `${password}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
  const directory = openSync(dataDir, 'r');
  try {
    fsyncSync(directory);
  } finally {
    closeSync(directory);
  }
}

export function removeGeneratedPassword(dataDir: string): void {
  rmSync(generatedPasswordFile(dataDir), { force: true });
}

/**
 * The generated password in the data directory while it is still the admin's; once the admin's
 * password has changed (their own change, a superuser's, a reset), or the admin is gone, the
 * file is removed and there is none.
 */
export async function keptGeneratedPassword(store: EventStore, dataDir: string): Promise<string | undefined> {
  const password = readGeneratedPassword(dataDir);
  if (password === undefined) return undefined;
  if (await isCurrentPassword(store, FIRST_ADMIN, password)) return password;
  removeGeneratedPassword(dataDir);
  return undefined;
}

/**
 * While the server runs: the file goes as soon as the read models have folded a change of the
 * admin that ended its password. Returns the stop.
 */
export async function removeGeneratedPasswordOnceChanged(
  progress: ProjectionProgress,
  store: EventStore,
  readStore: ReadStore,
  dataDir: string,
): Promise<() => void> {
  const admin = await findUserByUsername(readStore, FIRST_ADMIN);
  if (!admin) return () => {};
  const adminTopic = topics.user(admin._id);
  const stop = progress.onTopic((topic) => {
    if (topic !== adminTopic) return;
    keptGeneratedPassword(store, dataDir).then(
      (password) => password === undefined && stop(),
      (error: unknown) => console.error('could not check whether the generated admin password is still current', error),
    );
  });
  return stop;
}
