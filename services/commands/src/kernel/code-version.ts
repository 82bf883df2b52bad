import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPOSITORY = fileURLToPath(new URL('../../../../', import.meta.url));
/** What folds an aggregate's state: the write side's code, the events' schemas and upcasters, and the logs' reading of events. */
const FOLDING_SOURCES = ['services/commands/src', 'contracts/src', 'infra/src/event-store'];

/** Set in the server's bundle to the version of the sources it was built from (server-bundle.ts). */
declare const TESTAMENT_COMMAND_CODE_VERSION: string | undefined;

let version: string | undefined;

/**
 * A hash of the sources that fold aggregate states, as a snapshot's version: any change to them makes every
 * snapshot stale, which costs the next loads a fold from the log and can never hand a command a state its code would
 * not have folded. A bundle carries the version of the sources it was built from (a process restarted from it after
 * the files changed still runs the old code); from sources, they are read once per process.
 */
export function commandCodeVersion(): string {
  if (typeof TESTAMENT_COMMAND_CODE_VERSION !== 'undefined') return TESTAMENT_COMMAND_CODE_VERSION;
  if (version) return version;
  const hash = createHash('sha256');
  for (const file of FOLDING_SOURCES.flatMap((source) => sourceFiles(join(REPOSITORY, source))).sort())
    hash.update(relative(REPOSITORY, file)).update('\0').update(readFileSync(file)).update('\0');
  version = hash.digest('hex').slice(0, 16);
  return version;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}
