import type { BulkJob } from '@testament/contracts';
import { type Command, Option } from 'commander';
import { clientOf, globalsOf, parseId, planUrlOf, printJson } from '../context.ts';
import { CliError, EXIT } from '../exit-codes.ts';
import type { ApiClient } from '../http/client.ts';
import { operations } from '../http/operations.ts';
import { describeJob, followJob } from '../jobs/follow.ts';
import { describeReportSummary, statusNamesOf } from '../jobs/report-summary.ts';
import { projectIdOf } from '../projects.ts';
import { counted } from '../text.ts';
import { appendFiles, type ReportFormat, reportFilesOf } from './report-files.ts';
import { ciRunKey } from './run-key.ts';

interface ImportOptions {
  project: string;
  plan?: number;
  planName?: string;
  suiteRoot?: number;
  runKey?: string | false;
  async?: boolean;
  wait: boolean;
  failOnFailures?: boolean;
}

const FORMATS: Record<ReportFormat, { what: string; paths: string; examples: string }> = {
  junit: {
    what: 'JUnit XML reports (also xUnit.net v2 and NUnit 3 XML; gzipped ones too)',
    paths: 'report files, or directories whose *.xml and *.xml.gz files are sent',
    examples: `
Examples:
  $ testament import junit build/test-results/test --project Shop --plan-name "CI {run_key}"
  $ testament import junit report.xml --project 3 --plan 12 --fail-on-failures
  $ testament import junit target/surefire-reports --project Shop --plan-name "Nightly {date}" --suite-root 40 --json`,
  },
  allure: {
    what: 'Allure results (the *-result.json files with their containers and attachments, or a zip of the directory)',
    paths: 'allure-results directories (every file in them is sent), result files, or zips',
    examples: `
Examples:
  $ testament import allure allure-results --project Shop --plan-name "CI {run_key}" --fail-on-failures
  $ testament import allure results.zip --project 3 --plan 12 --run-key "build-$BUILD_NUMBER" --async`,
  },
};

export function registerImport(program: Command): void {
  const imports = program
    .command('import')
    .summary('import JUnit or Allure test reports into a test plan')
    .description('Imports test reports into a test plan; see `testament import junit --help` and `testament import allure --help`.');
  for (const format of ['junit', 'allure'] as const) registerFormat(imports, format);
}

function registerFormat(imports: Command, format: ReportFormat): void {
  const { what, paths, examples } = FORMATS[format];
  imports
    .command(format)
    .summary(`import ${what.split(' (')[0]}`)
    .description(
      `Imports ${what} into a test plan: the report's suites become suites under --suite-root (else the project's ` +
        '"Automated tests" suite), each test a case (found by classname and name, or by its testament_case_id property; made ' +
        "when missing), a test of the plan and a result with the status the project's import settings give its outcome. " +
        'The same --run-key again changes nothing. Then follows the import job and prints what it did. ' +
        `Exits with ${EXIT.failures} under --fail-on-failures when tests failed or errored, with ${EXIT.jobFailed} when the job failed.`,
    )
    .argument('<paths...>', paths)
    .requiredOption('--project <id|name>', 'the project, by id or name')
    .addOption(new Option('--plan <id>', 'the test plan to add the tests to, by id').argParser(parseId).conflicts('planName'))
    .option('--plan-name <name>', 'a root plan found by this name, or made; {run_key} and {date} (UTC) in it are filled in')
    .option('--suite-root <id>', "the suite to put the report's suites under", parseId)
    .option('--run-key <key>', "the CI run's key (default: from GitHub Actions, GitLab CI or Jenkins variables)")
    .option('--no-run-key', 'send no run key, even in CI')
    .option('--async', 'have the server run the import in the background at once (it does so anyway over 1,000 tests)')
    .addOption(
      new Option('--no-wait', 'do not follow the job: print it and exit once the server has the files').conflicts('failOnFailures'),
    )
    .option('--fail-on-failures', `exit with ${EXIT.failures} when the run has failed or error tests`)
    .addHelpText('after', examples)
    .action(async (pathsGiven: string[], options: ImportOptions, command: Command) => {
      if (options.plan === undefined && !options.planName) throw new CliError('give the plan: --plan <id> or --plan-name <name>');
      const { json } = globalsOf(command);
      const files = await reportFilesOf(format, pathsGiven);
      const client = await clientOf(command);
      const project = await projectIdOf(client, options.project);
      const runKey = runKeyOf(options);
      const form = new FormData();
      form.set('project', String(project));
      if (options.plan !== undefined) form.set('plan', String(options.plan));
      else form.set('plan_name', options.planName!);
      if (options.suiteRoot !== undefined) form.set('suite', String(options.suiteRoot));
      if (runKey) form.set('run_key', runKey.key);
      if (options.async || !options.wait) form.set('is_async', 'true');
      await appendFiles(form, files);
      if (!json) process.stderr.write(`Sending ${counted(files.length, 'file')}${describeRunKey(runKey)}…\n`);
      const answer =
        format === 'junit' ? await client.call(operations.importJunit, { form }) : await client.call(operations.importAllure, { form });
      const { already_imported: alreadyImported, ...accepted } = answer;
      if (!options.wait && accepted.status === 'running') {
        if (json) printJson(answer);
        else console.log(`Job ${accepted.id} is importing; follow it with: testament jobs watch ${accepted.id}`);
        return;
      }
      // A small import answers once it has ended (and a run imported before, with that run's job): nothing to follow.
      const job = accepted.status === 'running' ? await followJob(client, accepted, { json }) : accepted;
      if (json) printJson({ ...job, already_imported: alreadyImported });
      else await reportImport(client, job, alreadyImported);
      process.exitCode = exitCodeOf(job, options.failOnFailures === true);
      if (process.exitCode === EXIT.failures && !json) {
        process.stderr.write(`The run has ${counted(failuresOf(job), 'failed or error test')}.\n`);
      }
    });
}

/** `--run-key`, else the CI's unless `--no-run-key` (commander gives `false` for it). */
function runKeyOf(options: ImportOptions): { key: string; from: string } | undefined {
  if (options.runKey === false) return undefined;
  if (options.runKey !== undefined) return { key: options.runKey, from: '--run-key' };
  return ciRunKey();
}

function describeRunKey(runKey: { key: string; from: string } | undefined): string {
  return runKey ? ` as run "${runKey.key}" (from ${runKey.from})` : ' without a run key';
}

async function reportImport(client: ApiClient, job: BulkJob, alreadyImported: boolean): Promise<void> {
  const lines = alreadyImported
    ? [`Run "${job.summary?.run_key}" was imported before, by job ${job.id}: nothing was changed. That import:`]
    : [describeJob(job)];
  if (job.summary) {
    const names = await statusNamesOf(client, job.project);
    lines.push(...describeReportSummary(job.summary, names, planUrlOf(client.server, job.project, job.summary.plan)));
  }
  console.log(lines.join('\n'));
}

function failuresOf(job: BulkJob): number {
  return job.summary ? job.summary.outcomes.failed + job.summary.outcomes.error : 0;
}

function exitCodeOf(job: BulkJob, failOnFailures: boolean): number {
  if (job.status === 'failed') return EXIT.jobFailed;
  return failOnFailures && failuresOf(job) > 0 ? EXIT.failures : EXIT.ok;
}
