/**
 * `npm run admin -- <command>`: an operator's work on a data directory, through the same
 * command side the server uses. Arguments are read with node's `util.parseArgs`: two commands
 * and two options need no parsing library, and its strict mode already refuses unknown options
 * and missing values with a message.
 */
import { createCommandService, newCommandMeta, SYSTEM_ACTOR } from '@testament/commands';
import { NotFoundError, passwordProblems } from '@testament/contracts';
import { LogInUseError } from '@testament/infra';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { configFromEnv } from '../config.ts';
import { eventLogFile, lockEmbeddedLog, openEventStore, openIdAllocator } from '../system.ts';
import { generatePassword, keptGeneratedPassword } from './generated-password.ts';

export const ADMIN_HELP = `Usage: npm run admin -- <command> [options]

Commands:
  reset-password USER   Give USER a new password and end every session of theirs, as a
                        password change does (the audit trail shows it, made by the system).
                        Prints the new password, generated unless one is given.
  help                  Show this help.

Options:
  --data DIR            The data directory (default: TESTAMENT_DATA_DIR, else ./data).
  --password-stdin      Read the new password from standard input (up to its end) instead of
                        generating one; or set TESTAMENT_NEW_PASSWORD.

The server must be stopped first (Ctrl+C, or SIGTERM): while it runs it holds the data
directory, and this command refuses to touch it.
Exit codes: 0 done, 1 refused (unknown user, server running, password too weak), 2 wrong usage.`;

const OPTIONS = {
  data: { type: 'string' },
  'password-stdin': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function adminCommand(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: [...args], options: OPTIONS, allowPositionals: true });
  } catch (error) {
    return usageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [command, ...operands] = positionals;
  if (values.help || command === 'help' || command === undefined) {
    console.log(ADMIN_HELP);
    return command === undefined && !values.help ? 2 : 0;
  }
  if (command !== 'reset-password') return usageError(`unknown command "${command}"`);
  if (operands.length !== 1) return usageError('reset-password takes one user name');
  const dataDir = values.data ?? env.TESTAMENT_DATA_DIR;
  return resetPassword(operands[0]!, {
    env: { ...env, ...(dataDir ? { TESTAMENT_DATA_DIR: dataDir } : {}) },
    fromStdin: values['password-stdin'] ?? false,
  });
}

function usageError(message: string): number {
  console.error(`${message}\nSee: npm run admin -- help`);
  return 2;
}

async function resetPassword(username: string, { env, fromStdin }: { env: NodeJS.ProcessEnv; fromStdin: boolean }): Promise<number> {
  const config = configFromEnv(env);
  const refuse = (why: string) => {
    console.error(`Cannot reset the password of "${username}": ${why}`);
    return 1;
  };
  if (config.eventStore === 'sqlite' && !existsSync(eventLogFile(config)))
    return refuse(`there is no data directory with an event log at ${config.dataDir}.`);
  const given = fromStdin ? await readStdin() : env.TESTAMENT_NEW_PASSWORD;
  const password = given ?? generatePassword();
  const problems = passwordProblems(password);
  if (problems.length > 0) return refuse(problems.join(' '));

  let lock: ReturnType<typeof lockEmbeddedLog>;
  try {
    lock = lockEmbeddedLog(config);
  } catch (error) {
    if (error instanceof LogInUseError) return refuse(`${error.message}. Stop the server first (Ctrl+C, or SIGTERM), then run this again.`);
    throw error;
  }
  const store = await openEventStore(config);
  const ids = openIdAllocator(config, store);
  try {
    await createCommandService({ store, ids })['users.resetPassword']({ username, password }, newCommandMeta(SYSTEM_ACTOR));
    // The first admin's generated password is kept only while it is theirs.
    await keptGeneratedPassword(store, config.dataDir);
  } catch (error) {
    if (error instanceof NotFoundError) return refuse(`there is no such user in ${config.dataDir}.`);
    throw error;
  } finally {
    await ids.close();
    await store.close();
    await lock?.close();
  }
  console.log(given === undefined ? `New password of "${username}": ${password}` : `The password of "${username}" is changed.`);
  console.log('Every session of theirs has ended.');
  return 0;
}

/** Everything on standard input, less the line end a shell or `echo` puts after it. */
async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) console.error('Type the new password, then Ctrl+D:');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}
