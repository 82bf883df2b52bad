import { DEFAULT_PROJECT_SETTINGS, emptyReportSummary, WEBHOOK_FAILING_STATUSES, type WebhookEventName } from '@testament/contracts';
import { SqliteReadStore, type RecordedEvent } from '@testament/infra';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bulkJobsProjection } from '../bulk-jobs/bulk-jobs-projection.ts';
import { casesProjection } from '../cases/cases-projection.ts';
import { plansProjection } from '../plans/plans-projection.ts';
import { projectsProjection } from '../projects/projects-projection.ts';
import { batchSizes } from '../testing/arbitraries.ts';
import { foldInto, recorded, type TestEvent } from '../testing/fold.ts';
import { livesArbitrary, PROJECT, testLives, type Lives } from '../testing/test-lives.ts';
import { testsProjection } from '../tests/tests-projection.ts';
import { deliveryIdOf, WEBHOOK_DELIVERIES, type DeliveryDocument } from './webhook-documents.ts';
import { webhooksProjection } from './webhooks-projection.ts';

const WEBHOOK_STREAM = `webhooks-project-${PROJECT}`;
/** Two webhooks: one told of failures and finished plans, one of finished plans only, turned off for the middle third. */
const WEBHOOKS: Array<{ id: number; uid: string; events: WebhookEventName[] }> = [
  { id: 1, uid: 'uid-one', events: ['result.failed', 'plan.finished'] },
  { id: 2, uid: 'uid-two', events: ['plan.finished'] },
];

/** The lives' events, with the project and its webhooks first, and the second webhook off from a third of the way to two thirds. */
function history(lives: Lives): TestEvent[] {
  const { events } = testLives(lives);
  const project: TestEvent = {
    type: 'ProjectCreated',
    stream: `project-${PROJECT}`,
    data: {
      projectId: PROJECT,
      name: 'Hooked',
      description: '',
      isPrivate: false,
      isArchive: false,
      settings: DEFAULT_PROJECT_SETTINGS,
      icon: null,
    },
  };
  const created = WEBHOOKS.map(
    ({ id, uid, events: subscribed }): TestEvent => ({
      type: 'WebhookCreated',
      stream: WEBHOOK_STREAM,
      data: {
        id,
        projectId: PROJECT,
        name: `W${id}`,
        url: 'https://example.com/',
        events: subscribed,
        isActive: true,
        sealedSecret: 's',
        uid,
      },
    }),
  );
  const toggle = (isActive: boolean): TestEvent => ({ type: 'WebhookChanged', stream: WEBHOOK_STREAM, data: { id: 2, isActive } });
  const third = Math.floor(events.length / 3);
  return [
    project,
    ...created,
    ...events.slice(0, third),
    toggle(false),
    ...events.slice(third, 2 * third),
    toggle(true),
    ...events.slice(2 * third),
  ];
}

/**
 * The deliveries the log asks for, worked out from the events alone: a result with a failing status for every active
 * webhook told of failures, and the moment a plan's last untested live test gets a result for those told of finished plans.
 */
function expectedDeliveries(events: readonly RecordedEvent[]): string[] {
  const tests = new Map<number, { planId: number; lastStatus: number | null; isArchive: boolean; deleted: boolean }>();
  const active = new Map(WEBHOOKS.map((webhook) => [webhook.id, true]));
  const ids: string[] = [];
  const tell = (event: WebhookEventName, position: number) => {
    for (const webhook of WEBHOOKS)
      if (active.get(webhook.id) && webhook.events.includes(event)) ids.push(deliveryIdOf(webhook.uid, position, event));
  };
  const untested = (test: { lastStatus: number | null; isArchive: boolean; deleted: boolean }) =>
    test.lastStatus === null && !test.isArchive && !test.deleted;
  for (const { type, data, position } of events) {
    const fields = data as { testId: number; planId: number; id: number; isActive: boolean; status: number; lastStatus: number | null };
    const test = tests.get(fields.testId);
    if (type === 'WebhookChanged') active.set(fields.id, fields.isActive);
    else if (type === 'TestCreated')
      tests.set(fields.testId, { planId: fields.planId, lastStatus: null, isArchive: false, deleted: false });
    else if (!test) continue;
    else if (type === 'ResultAdded') {
      if (WEBHOOK_FAILING_STATUSES.includes(fields.status)) tell('result.failed', position);
      const lastUntested =
        untested(test) && [...tests.values()].filter((other) => other.planId === test.planId && untested(other)).length === 1;
      if (lastUntested && fields.lastStatus !== null) tell('plan.finished', position);
      test.lastStatus = fields.lastStatus;
    } else if (type === 'ResultEdited' || type === 'ResultDeleted') test.lastStatus = fields.lastStatus;
    else if (type === 'TestMoved') test.planId = fields.planId;
    else if (type === 'TestArchived' || type === 'TestUnarchived') test.isArchive = type === 'TestArchived';
    else if (type === 'TestDeleted' || type === 'TestRecovered') test.deleted = type === 'TestDeleted';
    else if (type === 'TestRemoved') tests.delete(fields.testId);
  }
  return ids.sort();
}

async function expectOutboxAsRecomputed(lives: Lives, batches: number[]) {
  const events = recorded(history(lives));
  const readStore = new SqliteReadStore();
  await foldInto(
    readStore,
    [projectsProjection, casesProjection, plansProjection, testsProjection, bulkJobsProjection, webhooksProjection],
    events,
    batches,
  );
  const outbox = await readStore.collection<DeliveryDocument>(WEBHOOK_DELIVERIES).find({}, { sort: { _id: 1 } });
  expect(outbox.map((delivery) => delivery._id)).toEqual(expectedDeliveries(events));
  for (const delivery of outbox) {
    expect(delivery).toMatchObject({
      state: 'pending',
      attempts: 0,
      payload: { id: delivery._id, event: delivery.event, project: { id: PROJECT, name: 'Hooked' } },
    });
  }
  await readStore.close();
}

describe('webhooks read model', () => {
  it('derives the outbox the log asks for, over random histories folded in random batches', { timeout: 60_000 }, async () => {
    await fc.assert(fc.asyncProperty(livesArbitrary({ maxSteps: 300 }), batchSizes, expectOutboxAsRecomputed), {
      numRuns: 15,
      interruptAfterTimeLimit: 40_000,
    });
  });
});

describe('webhooks read model, on bulk jobs', () => {
  it('tells every job’s end as bulk_job.finished, and an import’s as import.finished too', async () => {
    const subscribed: WebhookEventName[] = ['bulk_job.finished', 'import.finished'];
    const requested = (jobId: number, operation: object): TestEvent => ({
      type: 'BulkJobRequested',
      stream: `bulk-jobs-${PROJECT}-5`,
      data: { jobId, projectId: PROJECT, userId: 5, operation, itemIds: [1, 2], chunkSize: 500, background: true, planId: null },
    });
    const importing = { kind: 'import', source: 'zephyr', stagedKey: 'k', suites: [], labels: [] };
    const statuses = { passed: 2, failed: 1, error: 4, skipped: 3 };
    const reporting = {
      kind: 'report',
      source: 'junit',
      stagedKey: 'r',
      pageSize: 500,
      pages: 1,
      planId: 9,
      runKey: 'ci-7',
      statuses,
      suites: [],
    };
    const skipped = { file: 'TEST-a.xml', line: 4, name: 'a.b', reason: 'Named twice' };
    const outcomes = { passed: 1, failed: 0, error: 0, skipped: 0 };
    const chunk = {
      ...emptyReportSummary(),
      casesCreated: 1,
      testsCreated: 1,
      results: { '2': 1 },
      outcomes,
      skippedCount: 1,
      skipped: [skipped],
    };
    const job = (id: number, operation: string, status: string, done: number, reason: string | null, summary: object | null = null) => ({
      job: { id, operation, status, total: 2, done, reason, user_id: 5, summary },
    });
    const summary = {
      plan: 9,
      run_key: 'ci-7',
      cases_created: 1,
      tests_created: 1,
      results: [{ status: 2, count: 1 }],
      outcomes,
      skipped: 1,
      skipped_tests: [skipped],
    };
    const events = recorded([
      {
        type: 'WebhookCreated',
        stream: WEBHOOK_STREAM,
        data: {
          id: 1,
          projectId: PROJECT,
          name: 'W',
          url: 'https://example.com/',
          events: subscribed,
          isActive: true,
          sealedSecret: 's',
          uid: 'u',
        },
      },
      requested(1, importing),
      { type: 'BulkJobFinished', stream: `bulk-jobs-${PROJECT}-5`, data: { jobId: 1, projectId: PROJECT, done: 2 } },
      requested(2, { kind: 'delete' }),
      {
        type: 'BulkJobFailed',
        stream: `bulk-jobs-${PROJECT}-5`,
        data: { jobId: 2, projectId: PROJECT, done: 0, itemId: 1, reason: 'gone' },
      },
      requested(3, reporting),
      {
        type: 'BulkJobChunkApplied',
        stream: `bulk-jobs-${PROJECT}-5`,
        data: { jobId: 3, projectId: PROJECT, from: 0, count: 2, report: chunk },
      },
      { type: 'BulkJobFinished', stream: `bulk-jobs-${PROJECT}-5`, data: { jobId: 3, projectId: PROJECT, done: 2 } },
    ]);
    const readStore = new SqliteReadStore();
    await foldInto(
      readStore,
      [projectsProjection, casesProjection, plansProjection, testsProjection, bulkJobsProjection, webhooksProjection],
      events,
    );
    const outbox = await readStore.collection<DeliveryDocument>(WEBHOOK_DELIVERIES).find({}, { sort: { position: 1, event: 1 } });
    expect(outbox.map((delivery) => [delivery.position, delivery.event, delivery.payload.data])).toEqual([
      [3, 'bulk_job.finished', job(1, 'import', 'finished', 2, null)],
      [3, 'import.finished', job(1, 'import', 'finished', 2, null)],
      [5, 'bulk_job.finished', job(2, 'delete', 'failed', 0, 'gone')],
      // A report import's end says what it did, as its job does.
      [8, 'bulk_job.finished', job(3, 'report', 'finished', 2, null, summary)],
      [8, 'import.finished', job(3, 'report', 'finished', 2, null, summary)],
    ]);
    await readStore.close();
  });
});
