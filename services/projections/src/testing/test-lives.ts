import type { ActivityType, CaseContent } from '@testament/contracts';
import fc from 'fast-check';
import { caseFacts, nth, pick, type CaseFacts } from './arbitraries.ts';
import { caseContent } from '@testament/contracts/testing/case-content';
import type { TestEvent } from './fold.ts';

export const PROJECT = 3;
const PLAN_STREAM = `plans-project-${PROJECT}`;
const STATUS_STREAM = `statuses-project-${PROJECT}`;

export interface ModelResult {
  id: number;
  status: number;
  createdAt: string;
  isArchive: boolean;
  deleted: boolean;
}
export interface ModelTest {
  id: number;
  caseId: number;
  planId: number;
  assigneeId: number | null;
  isArchive: boolean;
  deleted: boolean;
  results: ModelResult[];
}
/** A change of a result as the activity shows it, with the status named as it was then. */
export interface ModelRow {
  position: number;
  testId: number;
  resultId: number;
  type: ActivityType;
  userId: number;
  at: string;
  status: number;
  statusName: string;
  isArchive: boolean;
}

/** D6, worked out from scratch: the newest live result by time, then id. */
export function lastStatus(test: ModelTest): number | null {
  const live = test.results
    .filter((result) => !result.deleted)
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id - b.id));
  return live.at(-1)?.status ?? null;
}

/** When a result changes, and who changes it: `later` steps of 20 minutes after the last change, then `earlier` twice as many back. */
interface At {
  userId: number;
  later: number;
  earlier: number;
}

/**
 * One step of the tests' lives: a case versioned or amended; a test made; a live test's result added or changed,
 * the test assigned, moved, archived or unarchived, deleted; a deleted test recovered or removed. The numbers
 * `test` and `result` pick among the live (or, for recover and remove, deleted) tests and live results then.
 */
export type LifeStep =
  | { kind: 'changeCase'; caseId: number; content: CaseFacts; versioned: boolean }
  | { kind: 'createTest'; caseId: number; planId: number }
  | ({ kind: 'addResult'; test: number; status: number; isArchive: boolean } & At)
  | ({ kind: 'editResult'; test: number; result: number; change: 'status' | 'archive' | 'delete'; status: number } & At)
  | { kind: 'assign'; test: number; assigneeId: number | null }
  | { kind: 'move'; test: number; planId: number }
  | { kind: 'archive' | 'delete' | 'recover' | 'remove'; test: number };

/** The eight cases the lives start with, and the steps. */
export interface Lives {
  cases: CaseFacts[];
  steps: LifeStep[];
}

const caseId = fc.integer({ min: 1, max: 8 });
const planId = fc.integer({ min: 1, max: 3 });
const status = fc.integer({ min: 1, max: 4 });
const at = { userId: fc.integer({ min: 5, max: 7 }), later: fc.integer({ min: 1, max: 5 }), earlier: fc.nat(3) };
const lifeStep: fc.Arbitrary<LifeStep> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('changeCase' as const), caseId, content: caseFacts, versioned: fc.boolean() }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('createTest' as const), caseId, planId }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('addResult' as const),
      test: pick,
      status,
      // One result in eight archived.
      isArchive: fc.nat(7).map((n) => n === 7),
      ...at,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('editResult' as const),
      test: pick,
      result: pick,
      change: fc.constantFrom('status' as const, 'archive' as const, 'delete' as const),
      status,
      ...at,
    }),
  },
  fc.record({
    kind: fc.constant('assign' as const),
    test: pick,
    assigneeId: fc.option(fc.integer({ min: 5, max: 7 }), { freq: 3, nil: null }),
  }),
  fc.record({ kind: fc.constant('move' as const), test: pick, planId }),
  { weight: 4, arbitrary: fc.record({ kind: fc.constantFrom('archive' as const, 'delete' as const), test: pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('recover' as const, 'remove' as const), test: pick }) },
);

/** Lives of up to `maxSteps` steps (exactly `minSteps` or more). */
export function livesArbitrary({ minSteps = 0, maxSteps }: { minSteps?: number; maxSteps: number }): fc.Arbitrary<Lives> {
  return fc.record({
    cases: fc.array(caseFacts, { minLength: 8, maxLength: 8 }),
    steps: fc.array(lifeStep, { minLength: minSteps, maxLength: maxSteps, size: 'max' }),
  });
}

/** The same long lives on every run, for tests that need many tests rather than random ones. */
export const sampleLives = (steps: number, seed: number): Lives =>
  fc.sample(livesArbitrary({ minSteps: steps, maxSteps: steps }), { seed, numRuns: 1 })[0]!;

const content = ({ name, suiteId, estimate, labelIds }: CaseFacts) => caseContent(name, suiteId, estimate, labelIds);

/**
 * Plans 1 ─ 2 and 3, statuses 1–4 (one renamed half-way), cases that change,
 * and a life of tests and their results over some days — made, edited,
 * archived, deleted by users 5–7 — with a plan move half-way. The model is
 * what the events say, worked out without read models.
 */
export function testLives({ cases: initialCases, steps }: Lives) {
  const planParents = new Map<number, number | null>([
    [1, null],
    [2, 1],
    [3, null],
  ]);
  const plan = (id: number, parentId: number | null): TestEvent => ({
    type: 'PlanCreated',
    stream: PLAN_STREAM,
    data: {
      id,
      projectId: PROJECT,
      parentId,
      name: `P${id}`,
      description: '',
      startedAt: '2026-01-01T00:00:00.000Z',
      dueDate: '2026-02-01T00:00:00.000Z',
      finishedAt: null,
      attributes: {},
      attachmentIds: [],
      parameterIds: [],
      isArchive: false,
    },
  });
  const statusNames = new Map([1, 2, 3, 4].map((id) => [id, `S${id}`]));
  const events: TestEvent[] = [
    ...[...planParents].map(([id, parentId]) => plan(id, parentId)),
    ...[...statusNames].map(
      ([id, name]): TestEvent => ({
        type: 'StatusCreated',
        stream: STATUS_STREAM,
        data: { id, projectId: PROJECT, type: 1, name, color: `#00000${id}` },
      }),
    ),
  ];
  const cases = new Map<number, CaseContent>();
  for (const [index, facts] of initialCases.entries()) {
    const caseId = index + 1;
    cases.set(caseId, content(facts));
    events.push({
      type: 'CaseCreated',
      stream: `case-${caseId}`,
      data: { caseId, projectId: PROJECT, historyId: 100 + caseId, userId: 5, content: cases.get(caseId) },
    });
  }
  const tests = new Map<number, ModelTest>();
  const rows: ModelRow[] = [];
  let resultId = 1;
  let testId = 1;
  let minute = 0;
  const halfWay = Math.floor(steps.length / 2);
  for (let index = 0; index <= steps.length; index++) {
    if (index === halfWay) {
      planParents.set(3, 2);
      events.push({ type: 'PlanMoved', stream: PLAN_STREAM, data: { id: 3, parentId: 2 } });
      statusNames.set(2, 'S2 renamed');
      events.push({ type: 'StatusChanged', stream: STATUS_STREAM, data: { id: 2, name: 'S2 renamed' } });
    }
    const done = steps[index];
    if (!done) break;
    if (done.kind === 'changeCase') {
      const made = content(done.content);
      cases.set(done.caseId, made);
      events.push({
        type: done.versioned ? 'CaseVersioned' : 'CaseAmended',
        stream: `case-${done.caseId}`,
        data: { caseId: done.caseId, projectId: PROJECT, historyId: 200 + index, userId: 5, content: made },
      });
      continue;
    }
    if (done.kind === 'createTest') {
      const created: ModelTest = {
        id: testId++,
        caseId: done.caseId,
        planId: done.planId,
        assigneeId: null,
        isArchive: false,
        deleted: false,
        results: [],
      };
      tests.set(created.id, created);
      events.push({
        type: 'TestCreated',
        stream: `test-${created.id}`,
        data: { testId: created.id, projectId: PROJECT, planId: created.planId, caseId: created.caseId, assigneeId: null },
      });
      continue;
    }
    const trashed = done.kind === 'recover' || done.kind === 'remove';
    const candidates = [...tests.values()].filter(
      (test) => test.deleted === trashed && (done.kind !== 'editResult' || test.results.some((result) => !result.deleted)),
    );
    const target = nth(candidates, done.test);
    if (!target) continue;
    const ref = { testId: target.id, projectId: PROJECT };
    const stream = `test-${target.id}`;
    if (done.kind === 'addResult' || done.kind === 'editResult') {
      // Results are made at shuffled times over days, so the newest is not always the last one made.
      minute += done.later;
      const time = new Date(Date.UTC(2026, 0, 1, 0, 20 * (minute - done.earlier * 2))).toISOString();
      const { userId } = done;
      const row = (result: ModelResult, type: ActivityType) =>
        rows.push({
          position: events.length + 1,
          testId: target.id,
          resultId: result.id,
          type,
          userId,
          at: time,
          status: result.status,
          statusName: statusNames.get(result.status)!,
          isArchive: result.isArchive,
        });
      if (done.kind === 'addResult') {
        const added: ModelResult = { id: resultId++, status: done.status, createdAt: time, isArchive: done.isArchive, deleted: false };
        target.results.push(added);
        row(added, '+');
        events.push({
          type: 'ResultAdded',
          stream,
          time,
          actorId: userId,
          data: {
            ...ref,
            resultId: added.id,
            userId,
            createdAt: time,
            caseHistoryId: 101,
            caseVersion: 1,
            status: added.status,
            comment: '',
            executionTime: null,
            attributes: {},
            attachmentIds: [],
            stepResults: [],
            isArchive: added.isArchive,
            lastStatus: lastStatus(target),
          },
        });
        continue;
      }
      const result = nth(
        target.results.filter((live) => !live.deleted),
        done.result,
      )!;
      if (done.change === 'status') {
        result.status = done.status;
        row(result, '~');
        events.push({
          type: 'ResultEdited',
          stream,
          time,
          actorId: userId,
          data: { ...ref, resultId: result.id, status: result.status, lastStatus: lastStatus(target) },
        });
      } else if (done.change === 'archive') {
        result.isArchive = !result.isArchive;
        row(result, '~');
        events.push({
          type: 'ResultEdited',
          stream,
          time,
          actorId: userId,
          data: { ...ref, resultId: result.id, isArchive: result.isArchive, lastStatus: lastStatus(target) },
        });
      } else {
        result.deleted = true;
        row(result, '-');
        events.push({
          type: 'ResultDeleted',
          stream,
          time,
          actorId: userId,
          data: { ...ref, resultId: result.id, lastStatus: lastStatus(target) },
        });
      }
    } else if (done.kind === 'recover') {
      target.deleted = false;
      events.push({ type: 'TestRecovered', stream, data: ref });
    } else if (done.kind === 'remove') {
      tests.delete(target.id);
      rows.splice(0, rows.length, ...rows.filter((kept) => kept.testId !== target.id));
      events.push({ type: 'TestRemoved', stream, data: ref });
    } else if (done.kind === 'assign') {
      events.push({
        type: 'TestAssigned',
        stream,
        data: { ...ref, assigneeId: done.assigneeId, previousAssigneeId: target.assigneeId },
      });
      target.assigneeId = done.assigneeId;
    } else if (done.kind === 'move') {
      target.planId = done.planId;
      events.push({ type: 'TestMoved', stream, data: { ...ref, planId: target.planId } });
    } else if (done.kind === 'archive') {
      target.isArchive = !target.isArchive;
      events.push({ type: target.isArchive ? 'TestArchived' : 'TestUnarchived', stream, data: ref });
    } else {
      target.deleted = true;
      events.push({ type: 'TestDeleted', stream, data: ref });
    }
  }
  return { events, tests, cases, planParents, rows };
}
