/**
 * `npm run verify -- --data ./data` re-hashes every stream of the SQLite log
 * file; `npm run verify -- --file export.ndjson` (or `.csv`) checks an export. The
 * exit code is 0 when every link holds, 1 on a break, 2 when it cannot run.
 */
import { createReadStream, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { verifyExportLines, verifySqliteLog, type LogVerification } from '@testament/infra';

/** An exported NDJSON file, read line by line in constant memory. */
export function verifyExportFile(file: string): Promise<LogVerification> {
  return verifyExportLines(createInterface({ input: createReadStream(file), crlfDelay: Infinity }));
}

/** The event log of a data directory, as the server keeps it, on every core. */
export function verifyDataDirectory(dataDir: string): Promise<LogVerification> {
  const file = join(dataDir, 'events.sqlite');
  if (!existsSync(file)) return Promise.reject(new Error(`no event log at ${file}`));
  return verifySqliteLog(file);
}

function report(verification: LogVerification, seconds: number): string {
  const rate = Math.round(verification.eventsChecked / Math.max(seconds, 1e-6)).toLocaleString('en');
  const counted = `${verification.eventsChecked.toLocaleString('en')} events in ${verification.streamsChecked.toLocaleString('en')} streams, ${seconds.toFixed(2)} s (${rate} events/s)`;
  if (verification.ok) return `OK: every link holds — ${counted}`;
  const broken = verification.firstBreak!;
  return `BROKEN at position ${broken.position} (stream ${broken.stream}, revision ${broken.revision}): ${broken.reason} — after ${counted}`;
}

export async function verifyCommand(args: readonly string[]): Promise<number> {
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const exported = option('--file');
  const dataDir = option('--data') ?? process.env['TESTAMENT_DATA_DIR'] ?? './data';
  const started = performance.now();
  try {
    const verification = exported ? await verifyExportFile(resolve(exported)) : await verifyDataDirectory(resolve(dataDir));
    console.log(report(verification, (performance.now() - started) / 1000));
    return verification.ok ? 0 : 1;
  } catch (error) {
    console.error(`cannot verify: ${(error as Error).message}`);
    return 2;
  }
}
