/**
 * `npm run verify -- --data ./data` re-hashes every stream of the SQLite log
 * file; `npm run verify -- --file export.ndjson` (or `.csv`) checks an export, its
 * readable fields against the server's public key: `--key key.pem` (as
 * `GET /api/v2/audit/signing-key/` serves it), or the data directory's own key.
 * The exit code is 0 when everything holds, 1 on a break, 2 when it cannot run.
 */
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { KeyObject } from 'node:crypto';
import { signingKeyId, trustedKeyFrom, verifyExportLines, verifySqliteLog, type LogVerification } from '@testament/infra';
import { AUDIT_SIGNING_KEY_FILE, EVENT_LOG_FILE } from './config.ts';

/** An exported NDJSON or CSV file, read line by line in constant memory. */
export function verifyExportFile(file: string, trustedKey: KeyObject): Promise<LogVerification> {
  return verifyExportLines(createInterface({ input: createReadStream(file), crlfDelay: Infinity }), trustedKey);
}

/** The key an export is checked against: a public key file given, else the key the data directory's server signs with. */
function trustedKey(keyFile: string | undefined, dataDir: string): KeyObject {
  const file = resolve(keyFile ?? join(dataDir, AUDIT_SIGNING_KEY_FILE));
  if (!existsSync(file)) {
    throw new Error(
      `no key at ${file} to check the export's signatures against: give the server's public ` +
        'key with --key (GET /api/v2/audit/signing-key/), or its data directory with --data',
    );
  }
  return trustedKeyFrom(readFileSync(file));
}

/** The event log of a data directory, as the server keeps it, on every core. */
export function verifyDataDirectory(dataDir: string): Promise<LogVerification> {
  const file = join(dataDir, EVENT_LOG_FILE);
  if (!existsSync(file)) return Promise.reject(new Error(`no event log at ${file}`));
  return verifySqliteLog(file);
}

function report(verification: LogVerification, seconds: number, signedBy: KeyObject | undefined): string {
  const rate = Math.round(verification.eventsChecked / Math.max(seconds, 1e-6)).toLocaleString('en');
  const counted =
    `${verification.eventsChecked.toLocaleString('en')} events ` +
    `in ${verification.streamsChecked.toLocaleString('en')} streams, ${seconds.toFixed(2)} s (${rate} events/s)`;
  const sealed = signedBy ? `, every line's readable fields match its seal, and the signatures of key ${signingKeyId(signedBy)} hold` : '';
  if (verification.ok) return `OK: every link holds${sealed} — ${counted}`;
  const broken = verification.firstBreak!;
  const where = `position ${broken.position} (stream ${broken.stream}, revision ${broken.revision})`;
  return `BROKEN at ${where}: ${broken.reason} — after ${counted}`;
}

export async function verifyCommand(args: readonly string[]): Promise<number> {
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const exported = option('--file');
  const dataDir = option('--data') ?? process.env.TESTAMENT_DATA_DIR ?? './data';
  const started = performance.now();
  try {
    const key = exported === undefined ? undefined : trustedKey(option('--key'), dataDir);
    const verification =
      exported === undefined || key === undefined
        ? await verifyDataDirectory(resolve(dataDir))
        : await verifyExportFile(resolve(exported), key);
    console.log(report(verification, (performance.now() - started) / 1000, key));
    return verification.ok ? 0 : 1;
  } catch (error) {
    console.error(`cannot verify: ${(error as Error).message}`);
    return 2;
  }
}
