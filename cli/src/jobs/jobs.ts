import type { Command } from 'commander';
import { clientOf, globalsOf, parseId, planUrlOf, printJson } from '../context.ts';
import { EXIT } from '../exit-codes.ts';
import { operations } from '../http/operations.ts';
import { DEFAULT_POLL_MS, describeJob, followJob } from './follow.ts';
import { describeReportSummary, statusNamesOf } from './report-summary.ts';

const EXAMPLES = `
Examples:
  $ testament jobs watch 42
  $ testament jobs watch 42 --json | jq .status`;

export function registerJobs(program: Command): void {
  const jobs = program.command('jobs').summary('follow bulk jobs (imports, bulk updates)').description('Bulk jobs of yours.');
  jobs
    .command('watch')
    .summary('follow a bulk job until it ends, with a progress bar')
    .description(
      'Polls the job until it ends, showing a progress bar on a terminal (a line per step otherwise) and then how it ended; ' +
        `a report import's job also says what it imported. Exits with ${EXIT.jobFailed} when the job failed.`,
    )
    .argument('<id>', "the job's id (an import prints it; GET /api/v2/bulk-jobs/ lists yours)", parseId)
    .option('--interval <ms>', 'how often to ask, in milliseconds', (value) => Math.max(100, parseId(value)), DEFAULT_POLL_MS)
    .addHelpText('after', EXAMPLES)
    .action(async (id: number, options: { interval: number }, command: Command) => {
      const { json } = globalsOf(command);
      const client = await clientOf(command);
      const started = await client.call(operations.bulkJob, { params: { id } });
      const job = await followJob(client, started, { json, intervalMs: options.interval });
      if (json) printJson(job);
      else {
        console.log(describeJob(job));
        if (job.summary) {
          const names = await statusNamesOf(client, job.project);
          console.log(describeReportSummary(job.summary, names, planUrlOf(client.server, job.project, job.summary.plan)).join('\n'));
        }
      }
      if (job.status === 'failed') process.exitCode = EXIT.jobFailed;
    });
}
