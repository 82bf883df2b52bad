import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** Runs a TypeScript file in a fresh Node process (with `nodeArgs` before it) and parses the JSON of its last stdout line. */
export async function runChild<T>(file: string, args: string[], nodeArgs: string[] = []): Promise<T> {
  const { stdout } = await promisify(execFile)(process.execPath, [...nodeArgs, '--import', 'tsx', file, ...args], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as T;
}
