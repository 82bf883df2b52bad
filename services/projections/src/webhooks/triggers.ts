import {
  streams,
  SYSTEM_STATUSES,
  WEBHOOK_FAILING_STATUSES,
  WEBHOOK_IMPORT_KINDS,
  type BulkJobEvent,
  type TestEvent,
  type WebhookEventName,
} from '@testament/contracts';
import { BULK_JOBS, type BulkJobDocument } from '../bulk-jobs/bulk-jobs-projection.ts';
import { reportSummaryOf } from '../bulk-jobs/report-summary.ts';
import { PLANS, type PlanDocument } from '../plans/plan-document.ts';
import { PROJECTS, type ProjectDocument } from '../projects/project-document.ts';
import type { DocumentKey, EventOf, ProjectionView } from '../runner/projection.ts';
import { PLAN_TEST_COUNTS, UNTESTED_KEY, type PlanTestCountDocument } from '../tests/plan-counts.ts';
import { TESTS, type TestDocument } from '../tests/test-document.ts';
import { deliveryIdOf, WEBHOOK_DELIVERIES, WEBHOOK_SUBSCRIPTIONS, type SubscriptionsDocument } from './webhook-documents.ts';

type ResultAdded = Extract<TestEvent, { type: 'ResultAdded' }>;
type BulkJobEnded = Extract<BulkJobEvent, { type: 'BulkJobFinished' | 'BulkJobFailed' }>;
export type TriggerEvent = ResultAdded | BulkJobEnded;
export const TRIGGER_EVENTS = ['ResultAdded', 'BulkJobFinished', 'BulkJobFailed'] as const;

/** One thing a project's event tells its webhooks: which event, and its payload's `data`. */
export interface Occurrence {
  event: WebhookEventName;
  data: Record<string, unknown>;
}

type View = Pick<ProjectionView, 'get'>;

/** What an event may tell, before its documents are read: whom to ask for them. */
function candidates(event: EventOf<TriggerEvent>): WebhookEventName[] {
  if (event.type !== 'ResultAdded') return ['bulk_job.finished', 'import.finished'];
  return WEBHOOK_FAILING_STATUSES.includes(event.data.status) ? ['result.failed', 'plan.finished'] : ['plan.finished'];
}

const subscriptionsOf = (event: EventOf<TriggerEvent>, view: View) =>
  view.get<SubscriptionsDocument>(WEBHOOK_SUBSCRIPTIONS, event.data.projectId);

/** Whether some active webhook of the project listens to something this event may tell: only then are its documents read. */
function listened(event: EventOf<TriggerEvent>, view: View): boolean {
  const wanted = candidates(event);
  return subscriptionsOf(event, view)?.webhooks.some((webhook) => webhook.events.some((name) => wanted.includes(name))) ?? false;
}

/** The documents a trigger's payload reads, named once the subscriptions say someone listens (and once the test names its plan). */
export function triggerDependents(event: EventOf<TriggerEvent>, view: View): DocumentKey[] {
  if (!listened(event, view)) return [];
  const project: DocumentKey = [PROJECTS, event.data.projectId];
  if (event.type !== 'ResultAdded') return [project, [BULK_JOBS, event.data.jobId]];
  const test = view.get<TestDocument>(TESTS, event.data.testId);
  const plan: DocumentKey[] = test
    ? [
        [PLANS, test.planId],
        [PLAN_TEST_COUNTS, test.planId],
      ]
    : [];
  return [project, [TESTS, event.data.testId], ...plan];
}

function resultFailed(event: EventOf<ResultAdded>, test: TestDocument, plan: PlanDocument | undefined): Occurrence[] {
  if (!WEBHOOK_FAILING_STATUSES.includes(event.data.status)) return [];
  const { resultId, status, comment, userId, createdAt } = event.data;
  const statusName = SYSTEM_STATUSES.find((system) => system.id === status)?.name ?? String(status);
  const data = {
    result: { id: resultId, status: { id: status, name: statusName }, comment, user_id: userId, created_at: createdAt },
    test: { id: test._id, name: test.name, case_id: test.caseId },
    plan: { id: test.planId, name: plan?.name ?? '' },
  };
  return [{ event: 'result.failed', data }];
}

/**
 * `plan.finished`: the result gave the last untested live test of its plan (its own tests, not its sub-plans') a
 * result. Told once per such moment: a plan that gets an untested test again (a new test, a result deleted) finishes again.
 */
function planFinished(event: EventOf<ResultAdded>, test: TestDocument, plan: PlanDocument | undefined, view: View): Occurrence[] {
  const counts = view.get<PlanTestCountDocument>(PLAN_TEST_COUNTS, test.planId);
  const wasLastUntested =
    test.lastStatus === null && !test.isArchive && !test.isDeleted && counts?.statuses[UNTESTED_KEY]?.tests === 1 && plan !== undefined;
  if (!wasLastUntested || event.data.lastStatus === null) return [];
  const tallies = new Map(Object.entries(counts.statuses).map(([key, tally]) => [key, tally.tests]));
  tallies.delete(UNTESTED_KEY);
  const finishedWith = String(event.data.lastStatus);
  tallies.set(finishedWith, (tallies.get(finishedWith) ?? 0) + 1);
  const statuses = [...tallies].map(([id, tests]) => ({ id: Number(id), tests })).sort((a, b) => a.id - b.id);
  return [{ event: 'plan.finished', data: { plan: { id: plan._id, name: plan.name }, tests: counts.tests, statuses } }];
}

/** `bulk_job.finished` for every job's end; `import.finished` too for an import's (`WEBHOOK_IMPORT_KINDS`). */
function jobEnded(event: EventOf<BulkJobEnded>, view: View): Occurrence[] {
  const job = view.get<BulkJobDocument>(BULK_JOBS, event.data.jobId);
  if (!job) return [];
  const failed = event.type === 'BulkJobFailed';
  const data = {
    job: {
      id: job._id,
      operation: job.kind,
      status: failed ? 'failed' : 'finished',
      total: job.total,
      done: event.data.done,
      reason: failed ? event.data.reason : null,
      user_id: job.userId,
      // A report import's plan, run key and counts, as `bulk-jobs/{id}/` shows them: what a CI chat message says.
      summary: job.report ? reportSummaryOf(job.report) : null,
    },
  };
  const ended: Occurrence[] = [{ event: 'bulk_job.finished', data }];
  return WEBHOOK_IMPORT_KINDS.includes(job.kind) ? [...ended, { event: 'import.finished', data }] : ended;
}

/** What the event tells the project's webhooks. */
export function occurrencesOf(event: EventOf<TriggerEvent>, view: View): Occurrence[] {
  if (!listened(event, view)) return [];
  if (event.type !== 'ResultAdded') return jobEnded(event, view);
  const test = view.get<TestDocument>(TESTS, event.data.testId);
  if (!test) return [];
  const plan = view.get<PlanDocument>(PLANS, test.planId);
  return [...resultFailed(event, test, plan), ...planFinished(event, test, plan, view)];
}

/** The project's name as the event found it, for the payload. */
export function projectNameOf(projectId: number, view: View): string {
  return view.get<ProjectDocument>(PROJECTS, projectId)?.name ?? '';
}

/** The deliveries an event may make: named up front so a replayed event finds them made and skips them. */
export function deliveryKeys(event: EventOf<TriggerEvent>, view: View): DocumentKey[] {
  const wanted = candidates(event);
  return (subscriptionsOf(event, view)?.webhooks ?? []).flatMap((webhook) =>
    webhook.events
      .filter((name) => wanted.includes(name))
      .map((name) => [WEBHOOK_DELIVERIES, deliveryIdOf(webhook.uid, event.position, name)] as const),
  );
}

export const projectOfWebhookStream = (stream: string): number => streams.catalogue.of(stream)?.projectId ?? 0;
