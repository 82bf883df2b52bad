import { HttpSession } from '@testament/gateway/testing/http-session';
import { type ServerProcess, startServerProcess } from '@testament/gateway/testing/server-process';
import { buildSync } from 'esbuild';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ADMIN_PASSWORD = 'Admin-Pass1!';
/** Each test runs the CLI a few times as a process of its own (about a second each, several on a busy machine). */
export const CLI_TEST_TIMEOUT_MS = 120_000;
/** The CLI as `npx testament` runs it in the repository (its TypeScript through tsx). */
export const CLI_BIN = fileURLToPath(new URL('../../bin/testament.mjs', import.meta.url));

let bundled: string | undefined;
/**
 * The CLI bundled as `npm pack` ships it, built once per test process beside the package (so its two dependencies
 * resolve): most runs take it, a tenth of a second each instead of a second or more through tsx.
 */
function bundledCli(): string {
  if (bundled) return bundled;
  const outfile = fileURLToPath(new URL(`../../.scratch/testament-${process.pid}.mjs`, import.meta.url));
  buildSync({
    entryPoints: [fileURLToPath(new URL('../main.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['commander', 'cli-progress'],
    outfile,
    logLevel: 'warning',
  });
  bundled = outfile;
  return outfile;
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliRunOptions {
  /** Written to the CLI's standard input, which is then closed. */
  input?: string;
  env?: Record<string, string>;
  /** Another executable than the bundle of the repository's source (an installed package's bin, the repository's bin). */
  bin?: string;
}

/** Variables of the test's own environment that would change what the CLI does: a CI's run key, a server or token set outside. */
const OUTSIDE_VARIABLES = [
  'TESTAMENT_SERVER',
  'TESTAMENT_TOKEN',
  'GITHUB_RUN_ID',
  'GITHUB_RUN_ATTEMPT',
  'GITHUB_JOB',
  'CI_PIPELINE_ID',
  'CI_JOB_ID',
  'BUILD_TAG',
];

/** Runs the CLI as a child process, as a person or a CI job would, with `configHome` as its XDG_CONFIG_HOME. */
export function runCli(args: readonly string[], configHome: string, options: CliRunOptions = {}): Promise<CliRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_CONFIG_HOME: configHome, ...options.env };
  for (const name of OUTSIDE_VARIABLES) if (!options.env?.[name]) delete env[name];
  const child = spawn(process.execPath, [options.bin ?? bundledCli(), ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
  child.stdin.end(options.input ?? '');
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) =>
      resolve({ code, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') }),
    );
  });
}

/** A real server process (as `npm start` runs it) on a free port with a fresh data directory, and a CLI user's config directory. */
export interface CliWorld {
  server: ServerProcess;
  url: string;
  /** The superuser `admin`, signed in through the browser's flow, for what the CLI has no command for. */
  admin: HttpSession;
  configHome: string;
  cli(args: readonly string[], options?: CliRunOptions): Promise<CliRun>;
  /** Logs the CLI in as `admin` (with the default scopes unless others are given), failing when it cannot. */
  login(scopes?: string): Promise<void>;
  /** An API call as `admin` that must succeed; answers its JSON. */
  api<T>(method: string, path: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

export async function startCliWorld(): Promise<CliWorld> {
  const dataDir = await mkdtemp(join(tmpdir(), 'testament-cli-data-'));
  const configHome = await mkdtemp(join(tmpdir(), 'testament-cli-config-'));
  const server = await startServerProcess({
    TESTAMENT_DATA_DIR: dataDir,
    TESTAMENT_ADMIN_PASSWORD: ADMIN_PASSWORD,
    TESTAMENT_CHECK_RESPONSES: '1',
  });
  const admin = new HttpSession(server.url);
  await admin.login('admin', ADMIN_PASSWORD);
  const cli = (args: readonly string[], options?: CliRunOptions) => runCli(args, configHome, options);
  return {
    server,
    url: server.url,
    admin,
    configHome,
    cli,
    async login(scopes?: string) {
      const args = ['login', '--server', server.url, '--username', 'admin', '--password-stdin', ...(scopes ? ['--scopes', scopes] : [])];
      const run = await cli(args, { input: `${ADMIN_PASSWORD}\n` });
      if (run.code !== 0) throw new Error(`login failed (${run.code}): ${run.stderr}`);
    },
    async api<T>(method: string, path: string, body?: unknown) {
      const response = await admin.request(method, path, body);
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    },
    async close() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
      await rm(configHome, { recursive: true, force: true });
    },
  };
}

/** A project with a suite of `cases` cases, made through the API. */
export async function projectWithCases(world: CliWorld, name: string, cases: number): Promise<{ project: number; cases: number[] }> {
  const project = (await world.api<{ id: number }>('POST', '/api/v2/projects/', { name })).id;
  const suite = (await world.api<{ id: number }>('POST', '/api/v2/suites/', { project, name: 'Checkout', parent: null })).id;
  const made: number[] = [];
  for (let n = 1; n <= cases; n++) {
    const body = { project, suite, name: `Pay ${n}`, scenario: 'Pay with a card', expected: 'Paid' };
    made.push((await world.api<{ id: number }>('POST', '/api/v2/cases/', body)).id);
  }
  return { project, cases: made };
}

/** A word as the shell reads it back unchanged. */
const shellWord = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/**
 * Runs the CLI on a pseudo-terminal (util-linux's `script`), as a person at a terminal would, typing each reply once its
 * prompt has appeared; answers the exit code and everything the terminal showed.
 */
export function runCliOnTerminal(
  args: readonly string[],
  configHome: string,
  replies: ReadonlyArray<{ prompt: string; reply: string }> = [],
): Promise<{ code: number | null; screen: string }> {
  const command = `stty cols 120 rows 40; exec ${[process.execPath, CLI_BIN, ...args].map(shellWord).join(' ')}`;
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_CONFIG_HOME: configHome };
  for (const name of OUTSIDE_VARIABLES) delete env[name];
  const child = spawn('script', ['-qefc', command, '/dev/null'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let screen = '';
  let answered = 0;
  let seenUpTo = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    screen += chunk.toString('utf8');
    const next = replies[answered];
    const at = next ? screen.indexOf(next.prompt, seenUpTo) : -1;
    if (next && at >= 0) {
      seenUpTo = at + next.prompt.length;
      answered++;
      child.stdin.write(`${next.reply}\r`);
    }
  });
  child.once('exit', () => child.stdin.end());
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, screen }));
  });
}
