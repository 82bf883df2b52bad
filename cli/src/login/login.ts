import { type Command, Option } from 'commander';
import { hostname } from 'node:os';
import { configFile, normaliseServer, readConfig, saveConfig } from '../config/config.ts';
import { globalsOf, parseId, printJson } from '../context.ts';
import { CliError } from '../exit-codes.ts';
import { ApiClient } from '../http/client.ts';
import { operations } from '../http/operations.ts';
import { ApiRefusal } from '../http/refusal.ts';
import { ask, askHidden, canAsk, readStandardInput } from './prompt.ts';

interface LoginOptions {
  username?: string;
  passwordStdin?: boolean;
  token?: string;
  scopes: string;
  project?: number;
  description: string;
}

/** What a login keeps and says: the key itself is never printed. */
interface Login {
  server: string;
  username: string | null;
  token_id: string | null;
  scopes: string[] | null;
  project: number | null;
  expiration_date: string | null;
  config_file: string;
}

const EXAMPLES = `
Examples:
  $ testament login --server https://testament.example.com
  $ testament login --server http://127.0.0.1:8000 --username ci --password-stdin < password.txt
  $ testament login --server https://testament.example.com --scopes import,read --project 12
  $ testament login --server https://testament.example.com --token "$TESTAMENT_TOKEN"`;

export function registerLogin(program: Command): void {
  program
    .command('login')
    .summary('get an API token for a server and keep it in your config directory')
    .description(
      'Asks the server (--server, else TESTAMENT_SERVER, else the last one) for an API token with your username and ' +
        'password, or takes one you have (--token), and keeps it for that server in your config directory ' +
        '($XDG_CONFIG_HOME/testament/config.json, readable by you only); that server becomes the default.',
    )
    .option('--username <name>', 'whose token; asked for on a terminal when not given')
    .option('--password-stdin', 'read the password from standard input (for CI); otherwise asked for, without echo')
    .addOption(new Option('--token <key>', 'keep this API token instead of asking for one').conflicts(['username', 'passwordStdin']))
    .option('--scopes <list>', 'what the token may do, comma-separated: read, write, import, admin', 'read,write,import')
    .option('--project <id>', 'keep the token to this one project (by id)', parseId)
    .option('--description <text>', 'how your profile names the token', `testament CLI on ${hostname()}`)
    .addHelpText('after', EXAMPLES)
    .action(async (options: LoginOptions, command: Command) => {
      const globals = globalsOf(command);
      const file = configFile();
      const config = await readConfig(file);
      const named = globals.server ?? process.env.TESTAMENT_SERVER ?? config.default;
      if (!named) throw new CliError('which server? Give --server URL');
      const server = normaliseServer(named);
      const login = options.token ? await checkToken(server, options.token) : await obtainToken(server, options);
      config.servers[server] = { token: login.token };
      config.default = server;
      await saveConfig(file, config);
      const done: Login = { ...login.said, server, config_file: file };
      if (globals.json) printJson(done);
      else console.log(describeLogin(done));
    });
}

async function obtainToken(server: string, options: LoginOptions): Promise<{ token: string; said: Omit<Login, 'server' | 'config_file'> }> {
  const username = options.username ?? (canAsk() && !options.passwordStdin ? await ask('Username: ') : undefined);
  if (!username) throw new CliError('give --username: there is no terminal to ask on');
  const password = options.passwordStdin ? await readStandardInput() : canAsk() ? await askHidden('Password: ') : undefined;
  if (!password) throw new CliError('no password: give it on standard input with --password-stdin, or run on a terminal');
  const scopes = options.scopes
    .split(',')
    .map((scope) => scope.trim())
    .filter(Boolean);
  // The credentials are the authority here: no token and no session is sent.
  const issued = await new ApiClient(server, undefined).call(operations.obtainToken, {
    body: { username, password, description: options.description, scopes, project: options.project ?? null },
  });
  if (!issued.token) throw new CliError(`${server} issued a token without its key`);
  return {
    token: issued.token,
    said: {
      username,
      token_id: issued.id,
      scopes: issued.scopes,
      project: issued.project,
      expiration_date: issued.expiration_date,
    },
  };
}

/** A token given is kept once the server knows it; one without the read scope is kept unread (403 proves it is valid). */
async function checkToken(server: string, token: string): Promise<{ token: string; said: Omit<Login, 'server' | 'config_file'> }> {
  let username: string | null = null;
  try {
    username = (await new ApiClient(server, token).call(operations.me)).username;
  } catch (error) {
    if (!(error instanceof ApiRefusal && error.status === 403)) throw error;
  }
  return { token, said: { username, token_id: null, scopes: null, project: null, expiration_date: null } };
}

function describeLogin(login: Login): string {
  const who = login.username ? ` as ${login.username}` : '';
  const lines = [`Logged in to ${login.server}${who}.`];
  if (login.token_id) {
    const reach = login.project === null ? 'every project you may reach' : `project ${login.project} only`;
    const until = login.expiration_date ? `, valid until ${login.expiration_date.slice(0, 10)}` : '';
    lines.push(`Token ${login.token_id}: ${login.scopes?.join(', ')}; ${reach}${until}.`);
  }
  lines.push(`Kept in ${login.config_file}.`);
  return lines.join('\n');
}
