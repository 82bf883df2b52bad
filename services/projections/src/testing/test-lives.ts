import type { ActivityType, CaseContent } from '@testament/contracts';
import { caseContent as content } from './cases.ts';
import type { TestEvent } from './fold.ts';
import { seededIntegers } from '@testament/infra';

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
  const live = test.results.filter((result) => !result.deleted).sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id - b.id));
  return live.at(-1)?.status ?? null;
}

/**
 * Plans 1 ─ 2 and 3, statuses 1–4 (one renamed half-way), cases that change,
 * and a random life of tests and their results over some days — made, edited,
 * archived, deleted by users 5–7 — with a plan move on the way. The model is
 * what the events say, worked out without read models.
 */
export function randomTestLives(seed: number, steps: number) {
  const next = seededIntegers(seed);
  const planParents = new Map<number, number | null>([[1, null], [2, 1], [3, null]]);
  const plan = (id: number, parentId: number | null): TestEvent => ({
    type: 'PlanCreated',
    stream: PLAN_STREAM,
    data: { id, projectId: PROJECT, parentId, name: `P${id}`, description: '', startedAt: '2026-01-01T00:00:00.000Z', dueDate: '2026-02-01T00:00:00.000Z', finishedAt: null, attributes: {}, attachmentIds: [], parameterIds: [], isArchive: false },
  });
  const statusNames = new Map([1, 2, 3, 4].map((id) => [id, `S${id}`]));
  const events: TestEvent[] = [
    ...[...planParents].map(([id, parentId]) => plan(id, parentId)),
    ...[...statusNames].map(([id, name]): TestEvent => ({ type: 'StatusCreated', stream: STATUS_STREAM, data: { id, projectId: PROJECT, type: 1, name, color: `#00000${id}` } })),
  ];
  const randomContent = () => content(`Case ${String.fromCharCode(65 + next(26))}`, 1 + next(4), next(3) === 0 ? null : 60 * next(500), next(2) === 0 ? [] : [1 + next(3)]);
  const cases = new Map<number, CaseContent>();
  for (let caseId = 1; caseId <= 8; caseId++) {
    cases.set(caseId, randomContent());
    events.push({ type: 'CaseCreated', stream: `case-${caseId}`, data: { caseId, projectId: PROJECT, historyId: 100 + caseId, userId: 5, content: cases.get(caseId) } });
  }
  const tests = new Map<number, ModelTest>();
  const rows: ModelRow[] = [];
  let resultId = 1;
  let minute = 0;
  for (let step = 0, testId = 1; step < steps; step++) {
    if (step === steps / 2) {
      planParents.set(3, 2);
      events.push({ type: 'PlanMoved', stream: PLAN_STREAM, data: { id: 3, parentId: 2 } });
      statusNames.set(2, 'S2 renamed');
      events.push({ type: 'StatusChanged', stream: STATUS_STREAM, data: { id: 2, name: 'S2 renamed' } });
    }
    const roll = next(20);
    const known = [...tests.values()];
    const target = known[next(Math.max(1, known.length))];
    const ref = target && { testId: target.id, projectId: PROJECT };
    const stream = target && `test-${target.id}`;
    // Results are made at shuffled times over days, so the newest is not always the last one made.
    const time = new Date(Date.UTC(2026, 0, 1, 0, 20 * ((minute += 1 + next(3)) - next(4) * 2))).toISOString();
    const userId = 5 + next(3);
    const row = (result: ModelResult, type: ActivityType) =>
      rows.push({ position: events.length + 1, testId: target!.id, resultId: result.id, type, userId, at: time, status: result.status, statusName: statusNames.get(result.status)!, isArchive: result.isArchive });
    if (roll < 2) {
      const caseId = 1 + next(8);
      const made = randomContent();
      cases.set(caseId, made);
      events.push({ type: next(2) === 0 ? 'CaseVersioned' : 'CaseAmended', stream: `case-${caseId}`, data: { caseId, projectId: PROJECT, historyId: 200 + step, userId: 5, content: made } });
    } else if (roll < 6 || !target) {
      const created: ModelTest = { id: testId++, caseId: 1 + next(8), planId: 1 + next(3), assigneeId: null, isArchive: false, deleted: false, results: [] };
      tests.set(created.id, created);
      events.push({ type: 'TestCreated', stream: `test-${created.id}`, data: { testId: created.id, projectId: PROJECT, planId: created.planId, caseId: created.caseId, assigneeId: null } });
    } else if (target.deleted) {
      if (roll < 15) {
        target.deleted = false;
        events.push({ type: 'TestRecovered', stream: stream!, data: ref });
      } else {
        tests.delete(target.id);
        rows.splice(0, rows.length, ...rows.filter((kept) => kept.testId !== target.id));
        events.push({ type: 'TestRemoved', stream: stream!, data: ref });
      }
    } else if (roll < 12) {
      const added: ModelResult = { id: resultId++, status: 1 + next(4), createdAt: time, isArchive: next(8) === 0, deleted: false };
      target.results.push(added);
      row(added, '+');
      events.push({
        type: 'ResultAdded',
        stream: stream!,
        time,
        actorId: userId,
        data: { ...ref, resultId: added.id, userId, createdAt: time, caseHistoryId: 101, caseVersion: 1, status: added.status, comment: '', executionTime: null, attributes: {}, attachmentIds: [], stepResults: [], isArchive: added.isArchive, lastStatus: lastStatus(target) },
      });
    } else if (roll < 14 && target.results.some((result) => !result.deleted)) {
      const live = target.results.filter((result) => !result.deleted);
      const result = live[next(live.length)]!;
      const change = next(3);
      if (change === 0) {
        result.status = 1 + next(4);
        row(result, '~');
        events.push({ type: 'ResultEdited', stream: stream!, time, actorId: userId, data: { ...ref, resultId: result.id, status: result.status, lastStatus: lastStatus(target) } });
      } else if (change === 1) {
        result.isArchive = !result.isArchive;
        row(result, '~');
        events.push({ type: 'ResultEdited', stream: stream!, time, actorId: userId, data: { ...ref, resultId: result.id, isArchive: result.isArchive, lastStatus: lastStatus(target) } });
      } else {
        result.deleted = true;
        row(result, '-');
        events.push({ type: 'ResultDeleted', stream: stream!, time, actorId: userId, data: { ...ref, resultId: result.id, lastStatus: lastStatus(target) } });
      }
    } else if (roll < 15) {
      const assigneeId = next(3) === 0 ? null : 5 + next(3);
      events.push({ type: 'TestAssigned', stream: stream!, data: { ...ref, assigneeId, previousAssigneeId: target.assigneeId } });
      target.assigneeId = assigneeId;
    } else if (roll < 16) {
      target.planId = 1 + next(3);
      events.push({ type: 'TestMoved', stream: stream!, data: { ...ref, planId: target.planId } });
    } else if (roll < 18) {
      target.isArchive = !target.isArchive;
      events.push({ type: target.isArchive ? 'TestArchived' : 'TestUnarchived', stream: stream!, data: ref });
    } else {
      target.deleted = true;
      events.push({ type: 'TestDeleted', stream: stream!, data: ref });
    }
  }
  return { events, tests, cases, planParents, rows };
}
