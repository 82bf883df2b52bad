import { signingKeyId, trustedKeyFrom } from '@testament/infra/event-store/export-seal';
import { verifyExportLines } from '@testament/infra/event-store/verify';
import type { Command } from 'commander';
import type { KeyObject } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { clientOf, globalsOf, printJson } from '../context.ts';
import { CliError, EXIT } from '../exit-codes.ts';
import { operations } from '../http/operations.ts';

const EXAMPLES = `
Examples:
  $ testament verify audit.ndjson
  $ testament verify audit.csv --key signing-key.pem
  $ curl -H "Authorization: Token $TESTAMENT_TOKEN" https://testament.example.com/api/v2/audit/signing-key/ > key.json
  $ testament verify audit.ndjson --key key.json --json`;

export function registerVerify(program: Command): void {
  program
    .command('verify')
    .summary('check an audit export: hashes, links, seals and signatures')
    .description(
      "Checks an audit export (NDJSON or CSV from `testament audit export` or the Audit page) offline: every event's hash, " +
        "the links between each stream's events, each line's readable fields against its seal, and the server's Ed25519 " +
        "signatures of the seals, against --key or else the server's published key (GET /api/v2/audit/signing-key/). " +
        `Exits with ${EXIT.broken} at the first line that does not hold, naming it.`,
    )
    .argument('<file>', 'the export')
    .option('--key <file>', "the server's public key: PEM, or the JSON that audit/signing-key/ answers (default: ask the server)")
    .addHelpText('after', EXAMPLES)
    .action(async (file: string, options: { key?: string }, command: Command) => {
      const { json } = globalsOf(command);
      if (!(await stat(file).catch(() => undefined))?.isFile()) throw new CliError(`${file}: no such file`);
      const key = options.key ? await keyFromFile(options.key) : await keyFromServer(command);
      const verification = await verifyExportLines(createInterface({ input: createReadStream(file), crlfDelay: Infinity }), key);
      const keyId = signingKeyId(key);
      if (json) {
        const { eventsChecked, streamsChecked, head, firstBreak } = verification;
        printJson({
          ok: verification.ok,
          file,
          key_id: keyId,
          events_checked: eventsChecked,
          streams_checked: streamsChecked,
          head,
          first_break: firstBreak,
        });
      } else if (verification.ok) {
        console.log(
          `OK: ${file} holds: ${verification.eventsChecked} events in ${verification.streamsChecked} streams, every hash and link, ` +
            `every line's readable fields against its seal, and the signatures of key ${keyId}.`,
        );
      } else {
        const broken = verification.firstBreak!;
        console.log(
          `BROKEN: ${file}, ${broken.reason} (position ${broken.position}, stream ${broken.stream}, revision ${broken.revision}).`,
        );
      }
      if (!verification.ok) process.exitCode = EXIT.broken;
    });
}

async function keyFromFile(file: string): Promise<KeyObject> {
  const text = await readFile(file, 'utf8').catch(() => {
    throw new CliError(`${file}: cannot read the key`);
  });
  try {
    return trustedKeyFrom(text.trimStart().startsWith('{') ? (JSON.parse(text) as { public_key: string }).public_key : text);
  } catch {
    throw new CliError(`${file} holds no public key: give the PEM (public_key of GET /api/v2/audit/signing-key/) or that answer`);
  }
}

async function keyFromServer(command: Command): Promise<KeyObject> {
  const client = await clientOf(command);
  const published = await client.call(operations.signingKey);
  return trustedKeyFrom(published.public_key);
}
