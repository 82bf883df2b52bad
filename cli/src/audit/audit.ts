import { type Command, Option } from 'commander';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { clientOf, globalsOf, printJson } from '../context.ts';
import { CliError } from '../exit-codes.ts';
import { operations } from '../http/operations.ts';
import { projectIdOf } from '../projects.ts';

const EXAMPLES = `
Examples:
  $ testament audit export --project Shop --since 2030-01-01 --output audit.ndjson
  $ testament audit export --project 3 --since 2030-01-01T00:00:00Z --until 2030-02-01 --format csv > january.csv
  $ testament verify audit.ndjson`;

interface ExportOptions {
  project?: string;
  since?: string;
  until?: string;
  format?: 'ndjson' | 'csv';
  output?: string;
}

export function registerAudit(program: Command): void {
  const audit = program.command('audit').summary('export the audit trail').description('The audit trail: every change, who made it, when.');
  audit
    .command('export')
    .summary('export the audit trail as signed NDJSON or CSV, for `testament verify`')
    .description(
      "Streams the audit trail's events (oldest first) of a project, or of the whole system for an administrator, to a file or " +
        'to stdout. Each line carries its event with its hash and a seal, and the server signs the seals, so the file can be ' +
        'checked offline with `testament verify`.',
    )
    .option('--project <id|name>', 'the project, by id or name (administrators: leave out for the whole system)')
    .option('--since <date>', 'events at or after this ISO date or date-time')
    .option('--until <date>', 'events at or before this ISO date or date-time')
    .addOption(new Option('--format <format>', 'ndjson, or csv (default: csv for an --output named *.csv)').choices(['ndjson', 'csv']))
    .option('--output <file>', 'write it to this file (whole, or not at all) instead of stdout')
    .addHelpText('after', EXAMPLES)
    .action(async (options: ExportOptions, command: Command) => {
      const { json } = globalsOf(command);
      const client = await clientOf(command);
      const project = options.project === undefined ? undefined : await projectIdOf(client, options.project);
      const format = options.format ?? (options.output?.toLowerCase().endsWith('.csv') ? 'csv' : 'ndjson');
      const response = await client.download(operations.auditExport, {
        query: { project: project === undefined ? undefined : String(project), since: options.since, until: options.until, format },
      });
      if (!response.body) throw new CliError('the server answered the export without a body');
      const body = Readable.fromWeb(response.body as ReadableStream<Uint8Array>);
      if (options.output === undefined) {
        await pipeline(body, process.stdout);
        return;
      }
      const bytes = await writeWhole(body, options.output);
      if (json) printJson({ file: options.output, format, bytes });
      else process.stderr.write(`Exported ${bytes.toLocaleString('en')} bytes of ${format.toUpperCase()} to ${options.output}.\n`);
    });
}

/** Streams to a file beside the target and renames it once complete, so a broken connection leaves no half export behind. */
async function writeWhole(body: Readable, file: string): Promise<number> {
  const partial = `${file}.partial`;
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(body, counter, createWriteStream(partial));
  } catch (error) {
    await rm(partial, { force: true });
    throw new CliError(`the export broke off: ${(error as Error).message}`);
  }
  await rename(partial, file);
  return bytes;
}
