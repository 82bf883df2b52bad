import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

export interface ClusterProcess {
  child: ChildProcess;
  /** Everything the launcher and its processes printed so far. */
  output(): string;
  /** The matches of `pattern` in the output, in order. */
  lines(pattern: RegExp): RegExpMatchArray[];
  /** The pid of the last start of a process the launcher named (`cluster: <name> started (pid N)`). */
  pidOf(name: string): number;
  /** The pid of the projection service that took the lease last (its holder is host/pid/nonce). */
  activeProjections(): number;
  /** Resolves once `ready` holds of the output; fails with the output's end after `timeoutMs`. */
  until(what: string, ready: () => boolean, timeoutMs: number): Promise<number>;
  /** The address the gateways share, once one listens. */
  url(): string;
  /** Sends the signal to the launcher (which stops its processes; a SIGKILL goes to them too) and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** `npm run start:cluster` as an operator runs it (scripts/start-cluster.ts), its output kept. */
export function startClusterProcess(env: Record<string, string>): ClusterProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start-cluster.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own, with the processes it starts: a SIGKILL (a test that failed midway) ends them all.
    detached: true,
  });
  let output = '';
  const appendOutput = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout!.on('data', appendOutput);
  child.stderr!.on('data', appendOutput);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = (pattern: RegExp) => [...output.matchAll(new RegExp(pattern, 'g'))];
  return {
    child,
    output: () => output,
    lines,
    pidOf: (name) => Number(lines(new RegExp(`cluster: ${name} started \\(pid (\\d+)\\)`)).at(-1)![1]),
    activeProjections: () => Number(lines(/projections: active as [^/\s]+\/(\d+)\//).at(-1)![1]),
    async until(what, ready, timeoutMs) {
      const from = performance.now();
      while (!ready()) {
        if (performance.now() - from > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms\n${output.slice(-3_000)}`);
        if (child.exitCode !== null) throw new Error(`${what}: the launcher exited\n${output.slice(-3_000)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return performance.now() - from;
    },
    url: () => /listening on (http:\/\/\S+)/.exec(output)![1]!,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // An orderly stop is the launcher's to pass on; a killed launcher would leave its processes running, so they go with it.
      if (signal === 'SIGKILL') process.kill(-child.pid!, 'SIGKILL');
      else child.kill(signal);
      await exited;
    },
  };
}
