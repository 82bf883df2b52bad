import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { GENERATED_PASSWORD_FILE } from '../admin/generated-password.ts';
import { AGGREGATE_SNAPSHOTS_FILE, AUDIT_TRAIL_FILE, EVENT_LOG_FILE, READ_MODELS_FILE } from '../config.ts';
import { FOLD_YOUNG_GENERATION_MB } from '../read-models/fold-heap.ts';
import { serverNodeArgs } from '../server-command.ts';

export {
  AGGREGATE_SNAPSHOTS_FILE,
  AUDIT_TRAIL_FILE,
  EVENT_LOG_FILE,
  FOLD_YOUNG_GENERATION_MB,
  GENERATED_PASSWORD_FILE,
  READ_MODELS_FILE,
  serverNodeArgs,
};

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

export interface ServerProcess {
  url: string;
  output: string[];
  child: ChildProcess;
  /** Sends the signal and waits for the process to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts the real server exactly as `npm start` does, on a free port, and waits until it listens. */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  return startListening(await serverNodeArgs(), env, timeoutMs);
}

/**
 * Starts the server's bundle in another role of a deployment (TESTAMENT_ROLE in `env`), and waits until its
 * output matches `ready` (a role that serves no HTTP says so otherwise); its `url` is then empty.
 */
export async function startRoleProcess(env: Record<string, string>, ready: RegExp, timeoutMs = 60_000): Promise<ServerProcess> {
  return startListening(await serverNodeArgs(), env, timeoutMs, ready);
}

/**
 * Starts a TypeScript entry point (a path from the repository root, or absolute) the same way,
 * and waits until it prints `listening on <url>` (benchmarks start their reference servers so).
 */
export function startListeningProcess(entry: string, env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  return startListening(['--import', 'tsx', entry], env, timeoutMs);
}

/** `ready`: the output that says the process is up (`listening on <url>` by default). */
function startListening(
  nodeArgs: string[],
  env: Record<string, string>,
  timeoutMs: number,
  ready = /listening on (http:\/\/[^\s]+)/,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, nodeArgs, {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop('SIGKILL');
      reject(new Error(`server did not start within ${timeoutMs} ms:\n${output.join('')}`));
    }, timeoutMs);
    const collect = (chunk: Buffer) => {
      output.push(chunk.toString());
      const up = ready.exec(output.join(''));
      if (up) {
        clearTimeout(timer);
        resolve({ url: up[1] ?? '', output, child, stop });
      }
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output.join('')}`));
    });
  });
}
