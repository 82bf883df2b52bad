import { correlations } from '@testament/contracts';
import { SqliteReadStore, type RecordedEvent } from '@testament/infra';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { batchSizes } from '../testing/arbitraries.ts';
import { foldInto, recorded, type TestEvent } from '../testing/fold.ts';
import { PROJECT, livesArbitrary, testLives, type Lives } from '../testing/test-lives.ts';
import { auditProjection, type AuditRowDocument } from './audit-projection.ts';
import { groupSizes, listAuditRows, objectHistory } from './queries.ts';

const USERS = [5, 6, 7];

/** Users who act in the lives, renamed half-way, so rows must name actors as they were; and the suites the cases are in. */
function withUsers(events: TestEvent[]): TestEvent[] {
  const suites = [1, 2, 3, 4].map(
    (id): TestEvent => ({
      type: 'SuiteCreated',
      stream: `suites-project-${PROJECT}`,
      data: { id, projectId: PROJECT, parentId: null, name: `Suite ${id}`, description: '', attributes: {} },
    }),
  );
  const registered = USERS.map(
    (userId): TestEvent => ({
      type: 'UserRegistered',
      stream: `user-${userId}`,
      data: {
        userId,
        username: `u${userId}`,
        email: '',
        firstName: '',
        lastName: '',
        passwordHash: 'secret',
        isSuperuser: false,
        isStaff: false,
        isActive: true,
      },
    }),
  );
  const middle = Math.floor(events.length / 2);
  const renamed: TestEvent = { type: 'UserProfileChanged', stream: 'user-6', data: { firstName: 'Renamed' } };
  return [...registered, ...suites, ...events.slice(0, middle), renamed, ...events.slice(middle)];
}

/**
 * Bulk jobs of user 5 among the lives: every 150th event from the 21st on (among the users, suites, plans, statuses and
 * cases every life starts with) starts one, the next 40 test events are its items, then its progress and end follow;
 * each of these carries the job's correlation id.
 */
function withJobs(events: TestEvent[]): TestEvent[] {
  const out: TestEvent[] = [];
  let job: { id: number; items: number } | null = null;
  let jobs = 0;
  const jobEvent = (type: string, data: Record<string, unknown>): TestEvent => ({
    type,
    stream: `bulk-jobs-${PROJECT}-5`,
    actorId: 5,
    correlationId: correlations.bulkJob(PROJECT, job!.id),
    data: { jobId: job!.id, projectId: PROJECT, ...data },
  });
  for (const [index, event] of events.entries()) {
    if (job === null && index % 150 === 20) {
      job = { id: ++jobs, items: 0 };
      out.push(
        jobEvent('BulkJobRequested', {
          userId: 5,
          operation: { kind: 'assign', assignee: null },
          itemIds: [1, 2, 3],
          chunkSize: 20,
          background: true,
          planId: null,
        }),
      );
    }
    if (job && event.stream.startsWith('test-')) {
      out.push({ ...event, actorId: 5, correlationId: correlations.bulkJob(PROJECT, job.id) });
      if (++job.items % 20 === 0) out.push(jobEvent('BulkJobProgressed', { done: job.items }));
      if (job.items === 40) {
        out.push(jobEvent('BulkJobFinished', { done: job.items }));
        job = null;
      }
    } else out.push(event);
  }
  return out;
}

const rowsOf = async (readStore: SqliteReadStore) => (await listAuditRows(readStore, {}, false, { skip: 0, limit: 100_000 })).items;

/** From scratch, event by event: each test's case, last status and the names of statuses and cases as they were at that event. */
function expectedTestRows(events: RecordedEvent[]) {
  const statusNames = new Map<number, string>();
  const caseNames = new Map<number, string>();
  const tests = new Map<number, { caseId: number; lastStatus: number | null }>();
  const expected = new Map<number, { name: string; lastStatus?: { before: string | null; after: string | null } }>();
  for (const event of events) {
    const data = event.data as Record<string, unknown>;
    if (event.type === 'StatusCreated' || (event.type === 'StatusChanged' && data.name))
      statusNames.set(data.id as number, data.name as string);
    if (event.type.startsWith('Case') && data.content) caseNames.set(data.caseId as number, (data.content as { name: string }).name);
    if (!event.stream.startsWith('test-')) continue;
    const testId = data.testId as number;
    if (event.type === 'TestCreated') tests.set(testId, { caseId: data.caseId as number, lastStatus: null });
    const test = tests.get(testId)!;
    const row: { name: string; lastStatus?: { before: string | null; after: string | null } } = { name: caseNames.get(test.caseId)! };
    if ('lastStatus' in data && data.lastStatus !== test.lastStatus) {
      const named = (id: number | null) => (id === null ? null : statusNames.get(id)!);
      row.lastStatus = { before: named(test.lastStatus), after: named(data.lastStatus as number | null) };
      test.lastStatus = data.lastStatus as number | null;
    }
    expected.set(event.position, row);
  }
  return expected;
}

/** The lives with users and jobs, folded in batches of the sizes given: one row per event, equal to a recomputation. */
async function expectFoldedAsRecomputed(lives: Lives, batches: number[]) {
  const events = recorded(
    withJobs(withUsers(testLives(lives).events).map((event, i) => ({ ...event, actorId: event.actorId ?? USERS[i % 3]! }))),
  );
  const batched = new SqliteReadStore();
  await foldInto(batched, [auditProjection], events, batches);
  const rows = await rowsOf(batched);

  // One row per event, in log order, with the event's own facts.
  expect(rows.map((row) => [row._id, row.type, row.stream, row.revision, row.actorId])).toEqual(
    events.map((event) => [event.position, event.type, event.stream, event.revision, event.metadata.actorId]),
  );
  expect(rows.every((row) => row.projectId === (row.stream.startsWith('user-') ? null : PROJECT))).toBe(true);

  // Actors named as they were: the rename came half-way and changed no username.
  for (const row of rows) if (row.actorId !== null) expect(row.actorName).toBe(`u${row.actorId}`);

  // Test rows: the case's name then, and the last status's change named as the statuses were named then.
  const expected = expectedTestRows(events);
  for (const row of rows.filter((found) => found.objectType === 'test')) {
    const wanted = expected.get(row._id)!;
    expect(row.objectName, `row ${row._id}`).toBe(wanted.name);
    const change = row.changes.find((found) => found.field === 'last_status');
    expect(change && { before: change.before, after: change.after }, `row ${row._id} ${row.type}`).toEqual(wanted.lastStatus);
  }

  // Each test's history is exactly its stream's events.
  const testIds = new Set(events.filter((event) => event.stream.startsWith('test-')).map((event) => Number(event.stream.slice(5))));
  for (const testId of [...testIds].slice(0, 20)) {
    const history = await objectHistory(batched, 'test', testId, Number.MAX_SAFE_INTEGER, { skip: 0, limit: 10_000 });
    expect(history.items.map((row) => row._id)).toEqual(
      events.filter((event) => event.stream === `test-${testId}`).map((event) => event.position),
    );
  }

  // Batching changes nothing: folded one event at a time, every document is the same.
  const single = new SqliteReadStore();
  await foldInto(single, [auditProjection], events, [1]);
  const comparable = (found: AuditRowDocument[]) => found.map(({ _pos, ...row }) => row);
  expect(comparable(await rowsOf(single))).toEqual(comparable(rows));

  // Ids of other objects read as their names: every case row names its suite.
  for (const row of rows.filter((found) => found.type === 'CaseCreated'))
    expect(row.changes.find((change) => change.field === 'suite')?.after).toMatch(/^Suite \d$/);

  // Each bulk job as one row: its request's, standing for every other event of the job up to any anchor.
  const ofJob = (event: RecordedEvent) => correlations.isBulkJob(event.metadata.correlationId);
  expect(events.filter((event) => ofJob(event) && event.type === 'BulkJobRequested').length).toBeGreaterThan(0);
  for (const anchor of [events.length, Math.floor(events.length / 2)]) {
    const listed = await listAuditRows(batched, { jobsAsOneRow: true, positionLte: anchor }, true, { skip: 0, limit: 100_000 });
    const shown = events
      .filter((event) => event.position <= anchor && (!ofJob(event) || event.type === 'BulkJobRequested'))
      .map((event) => event.position)
      .reverse();
    expect(listed.items.map((row) => row._id)).toEqual(shown);
    expect(listed.count).toBe(shown.length);
    const sizes = await groupSizes(batched, listed.items, anchor);
    const heads = listed.items.filter((row) => row.type === 'BulkJobRequested');
    expect([...sizes.keys()]).toEqual(heads.map((row) => row.correlationId));
    for (const head of heads) {
      const members = events.filter(
        (event) => event.position <= anchor && event.metadata.correlationId === head.correlationId && event.position !== head._id,
      );
      expect(sizes.get(head.correlationId), head.correlationId).toBe(members.length);
    }
  }

  // Secrets never reach a row.
  expect(JSON.stringify(rows)).not.toContain('secret');
  await batched.close();
  await single.close();
}

describe('audit read model', () => {
  it('has one row per event, naming things as they were, equal to a recomputation from scratch', { timeout: 30_000 }, async () => {
    await fc.assert(fc.asyncProperty(livesArbitrary({ maxSteps: 300 }), batchSizes, expectFoldedAsRecomputed), {
      numRuns: 10,
      interruptAfterTimeLimit: 20_000,
    });
  });

  it('keeps them so through a long life of 1 200 steps', { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(livesArbitrary({ minSteps: 1_200, maxSteps: 1_200 }), (lives) => expectFoldedAsRecomputed(lives, [1, 17, 64, 5])),
      // One run, in batches of a known cost (a few seconds); a failure's shrinking stops in time to report its seed.
      { numRuns: 1, interruptAfterTimeLimit: 40_000 },
    );
  });
});
