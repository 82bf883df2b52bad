import type { Paginated, Plan } from '@testament/contracts';
import { type Command, InvalidArgumentError } from 'commander';
import { clientOf, globalsOf, parseId, planUrlOf, printJson } from '../context.ts';
import type { ApiClient } from '../http/client.ts';
import { operations } from '../http/operations.ts';
import { projectIdOf } from '../projects.ts';
import { table } from '../text.ts';

const DAY_MS = 24 * 3_600_000;
/** A plan made without `--due` is due this many days after it starts. */
const DEFAULT_PLAN_DAYS = 7;

const CREATE_EXAMPLES = `
Examples:
  $ testament plans create --project Shop --name "Release 2.4"
  $ testament plans create --project 3 --name "Smoke" --parent 12 --case 101 102 103
  $ testament plans create --project 3 --name "Nightly" --due 2030-01-31 --json | jq '.[0].id'`;

const LIST_EXAMPLES = `
Examples:
  $ testament plans list --project Shop
  $ testament plans list --project 3 --parent root --json | jq '.[].name'`;

interface CreateOptions {
  project: string;
  name: string;
  parent?: number;
  case?: number[];
  description?: string;
  start?: Date;
  due?: Date;
}

interface ListOptions {
  project: string;
  parent?: string;
  search?: string;
  archived?: boolean;
}

export function registerPlans(program: Command): void {
  const plans = program.command('plans').summary('create and list test plans').description('Test plans of a project.');
  plans
    .command('create')
    .summary('create a test plan, with a test for each case named')
    .description('Creates a test plan (under --parent, else as a root plan) with a test for each case given with --case.')
    .requiredOption('--project <id|name>', 'the project, by id or name')
    .requiredOption('--name <name>', "the plan's name")
    .option('--parent <id>', 'the plan to create it under', parseId)
    .option('--case <ids...>', 'the cases to test in it, by id (space- or comma-separated, or --case repeated)', collectIds)
    .option('--description <text>', "the plan's description (Markdown)")
    .option('--start <date>', 'when it starts, an ISO date or date-time (default: now)', parseDate)
    .option('--due <date>', `when it is due, an ISO date or date-time (default: ${DEFAULT_PLAN_DAYS} days after it starts)`, parseDate)
    .addHelpText('after', CREATE_EXAMPLES)
    .action(async (options: CreateOptions, command: Command) => {
      const { json } = globalsOf(command);
      const client = await clientOf(command);
      const project = await projectIdOf(client, options.project);
      const start = options.start ?? new Date();
      const due = options.due ?? new Date(start.getTime() + DEFAULT_PLAN_DAYS * DAY_MS);
      const created = await client.call(operations.createPlan, {
        body: {
          project,
          name: options.name,
          parent: options.parent ?? null,
          test_cases: options.case ?? [],
          description: options.description,
          started_at: start.toISOString(),
          due_date: due.toISOString(),
        },
      });
      if (json) printJson(created);
      else
        for (const plan of created)
          console.log(`Created plan ${plan.id} "${plan.name}": ${planUrlOf(client.server, plan.project, plan.id)}`);
    });

  plans
    .command('list')
    .summary("list a project's test plans")
    .description('Lists the test plans of a project: all of them, or the children of one plan (--parent), archived ones with --archived.')
    .requiredOption('--project <id|name>', 'the project, by id or name')
    .option('--parent <id|root>', 'only the plans directly under this plan ("root": the root plans)')
    .option('--search <text>', 'only plans whose name contains the text')
    .option('--archived', 'list archived plans as well')
    .addHelpText('after', LIST_EXAMPLES)
    .action(async (options: ListOptions, command: Command) => {
      const { json } = globalsOf(command);
      const client = await clientOf(command);
      const project = await projectIdOf(client, options.project);
      const plans = await allPlans(client, project, options);
      if (json) printJson(plans);
      else if (plans.length === 0) console.log(`No plans in project ${project}.`);
      else console.log(describePlans(plans));
    });
}

function parseDate(value: string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new InvalidArgumentError('Not a date: give it as 2030-01-31 or 2030-01-31T09:00:00Z.');
  return date;
}

function collectIds(value: string, previous: number[] = []): number[] {
  return [...previous, ...value.split(',').filter(Boolean).map(parseId)];
}

const PAGE_SIZE = 1000;

/** Every page of the list. */
async function allPlans(client: ApiClient, project: number, options: ListOptions): Promise<Plan[]> {
  const parent = options.parent === undefined ? undefined : options.parent === 'root' ? 'null' : String(parseId(options.parent));
  const plans: Plan[] = [];
  for (let page: number | null = 1; page !== null; ) {
    const answer: Paginated<Plan> = await client.call(operations.plans, {
      query: { project, parent, search: options.search, is_archive: options.archived ? true : undefined, page, page_size: PAGE_SIZE },
    });
    plans.push(...answer.results);
    page = answer.pages.next;
  }
  return plans;
}

function describePlans(plans: readonly Plan[]): string {
  const rows = plans.map((plan) => [
    String(plan.id),
    plan.parent === null ? '-' : String(plan.parent.id),
    plan.started_at.slice(0, 10),
    plan.due_date.slice(0, 10),
    `${plan.name}${plan.is_archive ? ' (archived)' : ''}`,
  ]);
  return table(['ID', 'PARENT', 'STARTED', 'DUE', 'NAME'], rows);
}
