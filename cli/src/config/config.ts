import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { CliError, EXIT } from '../exit-codes.ts';

/** What `testament login` keeps: a token per server, and the server commands use when none is named. */
export interface CliConfig {
  servers: Record<string, { token: string }>;
  default?: string;
}

type Environment = Record<string, string | undefined>;

/** `$XDG_CONFIG_HOME/testament/config.json` (`~/.config` without it), or `%APPDATA%\testament\config.json` on Windows. */
export function configFile(env: Environment = process.env, platform: NodeJS.Platform = process.platform): string {
  const base =
    platform === 'win32'
      ? (env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'))
      : env.XDG_CONFIG_HOME || join(env.HOME ?? homedir(), '.config');
  return join(base, 'testament', 'config.json');
}

export async function readConfig(file: string): Promise<CliConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { servers: {} };
    throw error;
  }
  try {
    const config = JSON.parse(text) as Partial<CliConfig>;
    return { ...config, servers: config.servers ?? {} };
  } catch {
    throw new CliError(`${file} is not valid JSON: fix it or remove it and log in again`, EXIT.noAccess);
  }
}

/** Written whole to a file beside it first, readable by its owner only (it holds tokens), then renamed over the old one. */
export async function saveConfig(file: string, config: CliConfig): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const written = `${file}.${process.pid}.tmp`;
  await writeFile(written, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  // The mode given to writeFile passes through the umask; the file must end up 0600 whatever it is.
  await chmod(written, 0o600);
  await rename(written, file);
}

/** A server's URL as the config keys it: absolute http(s), without a trailing slash (a path prefix behind a proxy is kept). */
export function normaliseServer(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CliError(`"${url}" is not a server URL: give it as http://host:port or https://host`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new CliError(`"${url}" is not an http or https URL`);
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

/** The server and token a command uses: `--server`, else TESTAMENT_SERVER, else the default; TESTAMENT_TOKEN before the stored one. */
export async function connectionOf(
  serverOption: string | undefined,
  env: Environment = process.env,
): Promise<{ server: string; token: string }> {
  const config = await readConfig(configFile(env));
  const named = serverOption ?? env.TESTAMENT_SERVER ?? config.default;
  if (!named) throw new CliError('no server: run `testament login --server URL` first, or set TESTAMENT_SERVER', EXIT.noAccess);
  const server = normaliseServer(named);
  const token = env.TESTAMENT_TOKEN || config.servers[server]?.token;
  if (!token) {
    throw new CliError(`not logged in to ${server}: run \`testament login --server ${server}\`, or set TESTAMENT_TOKEN`, EXIT.noAccess);
  }
  return { server, token };
}
