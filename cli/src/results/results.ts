import { type Command, InvalidArgumentError } from 'commander';
import { clientOf, globalsOf, idIn, parseId, printJson } from '../context.ts';
import { CliError } from '../exit-codes.ts';
import type { ApiClient } from '../http/client.ts';
import { operations } from '../http/operations.ts';

const EXAMPLES = `
Examples:
  $ testament results add --test 57 --status Passed
  $ testament results add --test 57 --status failed --comment "Times out on login" --time 12.5
  $ testament results add --test 57 --status 2 --json | jq .id`;

interface AddOptions {
  test: number;
  status: string;
  comment?: string;
  time?: number;
}

export function registerResults(program: Command): void {
  const results = program.command('results').summary('record results of tests').description('Results of the tests of a plan.');
  results
    .command('add')
    .summary('record a result of a test')
    .description("Records a result of a test: a status (by id, or by name among the test's project's statuses), a comment, a time.")
    .requiredOption('--test <id>', 'the test (a case in a plan), by id', parseId)
    .requiredOption('--status <id|name>', 'the status, by id or name (Passed, Failed, Skipped, Broken, Blocked, Retest, or a custom one)')
    .option('--comment <text>', 'a comment (Markdown)')
    .option('--time <seconds>', 'how long the test took, in seconds (kept as whole seconds)', parseSeconds)
    .addHelpText('after', EXAMPLES)
    .action(async (options: AddOptions, command: Command) => {
      const { json } = globalsOf(command);
      const client = await clientOf(command);
      const status = await statusIdOf(client, options.test, options.status);
      const result = await client.call(operations.createResult, {
        body: { test: options.test, status, comment: options.comment, execution_time: options.time ?? null },
      });
      if (json) printJson(result);
      else console.log(`Recorded result ${result.id} on test ${result.test}: ${result.status_text}.`);
    });
}

function parseSeconds(value: string): number {
  const seconds = Number(value);
  if (value.trim() === '' || !Number.isFinite(seconds) || seconds < 0) throw new InvalidArgumentError('Not a number of seconds.');
  return Math.round(seconds);
}

/** A status id as given, or the id of the status of that name (any case) that the test's project uses. */
async function statusIdOf(client: ApiClient, test: number, reference: string): Promise<number> {
  const id = idIn(reference);
  if (id !== undefined) return id;
  const { project } = await client.call(operations.test, { params: { id: test } });
  const statuses = await client.call(operations.statuses, { query: { project } });
  const wanted = reference.trim().toLowerCase();
  const found = statuses.find((status) => status.name.toLowerCase() === wanted);
  if (!found) {
    const names = statuses.map((status) => status.name).join(', ');
    throw new CliError(`project ${project} has no status named "${reference}"; it has: ${names}`);
  }
  return found.id;
}
