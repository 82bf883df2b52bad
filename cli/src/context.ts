import { type Command, InvalidArgumentError } from 'commander';
import { connectionOf } from './config/config.ts';
import { ApiClient } from './http/client.ts';

/** The options every command takes (the program's own, recognised before or after the command's name). */
export interface GlobalOptions {
  server?: string;
  json?: boolean;
}

export function globalsOf(command: Command): GlobalOptions {
  return command.optsWithGlobals<GlobalOptions>();
}

/** The API as the command's server and token reach it (config.ts says where they come from). */
export async function clientOf(command: Command): Promise<ApiClient> {
  const { server, token } = await connectionOf(globalsOf(command).server);
  return new ApiClient(server, token);
}

/** Where a plan is in the browser app. */
export function planUrlOf(server: string, project: number, plan: number): string {
  return `${server}/projects/${project}/plans/${plan}`;
}

/** Machine-readable output: the only thing `--json` writes to stdout. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Digits only: an id; anything else is a name to look up. */
export function idIn(reference: string): number | undefined {
  return /^\d+$/.test(reference.trim()) ? Number(reference) : undefined;
}

/** `<id>` values: positive whole numbers, else commander's usage error. */
export function parseId(value: string): number {
  const id = idIn(value);
  if (id === undefined || id < 1) throw new InvalidArgumentError('Not an id (a positive whole number).');
  return id;
}
