import type { CaseContent } from '@testament/contracts';
import { MemoryReadStore } from '@testament/infra';
import { describe, expect, it } from 'vitest';
import { casesProjection } from '../cases/cases-projection.ts';
import { plansProjection } from '../plans/plans-projection.ts';
import { findPlanTree } from '../plans/queries.ts';
import { caseContent as content } from '../testing/cases.ts';
import { foldInto, recorded, type TestEvent } from '../testing/fold.ts';
import { findTest, listTests, planTestCounts, resultsOfTest, testSort, type TestFilters } from './queries.ts';
import { testsProjection } from './tests-projection.ts';

const PROJECT = 3;
const PLAN_STREAM = `plans-project-${PROJECT}`;

interface ModelResult {
  id: number;
  status: number;
  createdAt: string;
  deleted: boolean;
}
interface ModelTest {
  id: number;
  caseId: number;
  planId: number;
  assigneeId: number | null;
  isArchive: boolean;
  deleted: boolean;
  results: ModelResult[];
}


/** D6, worked out from scratch: the newest live result by time, then id. */
function lastStatus(test: ModelTest): number | null {
  const live = test.results.filter((result) => !result.deleted).sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id - b.id));
  return live.at(-1)?.status ?? null;
}

/** Plans 1 ─ 2 and 3, cases that change, and a random life of tests and their results, with a plan move on the way. */
function randomHistory(seed: number, steps: number) {
  let state = seed;
  const next = (n: number) => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) % n;
  const planParents = new Map<number, number | null>([[1, null], [2, 1], [3, null]]);
  const plan = (id: number, parentId: number | null): TestEvent => ({
    type: 'PlanCreated',
    stream: PLAN_STREAM,
    data: { id, projectId: PROJECT, parentId, name: `P${id}`, description: '', startedAt: '2026-01-01T00:00:00.000Z', dueDate: '2026-02-01T00:00:00.000Z', finishedAt: null, attributes: {}, attachmentIds: [], parameterIds: [], isArchive: false },
  });
  const randomContent = () => content(`Case ${String.fromCharCode(65 + next(26))}`, 1 + next(4), next(3) === 0 ? null : 60 * next(500), next(2) === 0 ? [] : [1 + next(3)]);
  const cases = new Map<number, CaseContent>();
  const events: TestEvent[] = [...[...planParents].map(([id, parentId]) => plan(id, parentId))];
  for (let caseId = 1; caseId <= 8; caseId++) {
    cases.set(caseId, randomContent());
    events.push({ type: 'CaseCreated', stream: `case-${caseId}`, data: { caseId, projectId: PROJECT, historyId: 100 + caseId, userId: 5, content: cases.get(caseId) } });
  }
  const tests = new Map<number, ModelTest>();
  let resultId = 1;
  let minute = 0;
  for (let step = 0, testId = 1; step < steps; step++) {
    if (step === steps / 2) {
      planParents.set(3, 2);
      events.push({ type: 'PlanMoved', stream: PLAN_STREAM, data: { id: 3, parentId: 2 } });
    }
    const roll = next(20);
    const known = [...tests.values()];
    const target = known[next(Math.max(1, known.length))];
    const ref = target && { testId: target.id, projectId: PROJECT };
    const stream = target && `test-${target.id}`;
    // Results are made at shuffled times, so the newest is not always the last one made.
    const time = new Date(Date.UTC(2026, 0, 1, 0, (minute += 1 + next(3)) - next(4) * 2)).toISOString();
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
        events.push({ type: 'TestRemoved', stream: stream!, data: ref });
      }
    } else if (roll < 12) {
      const added: ModelResult = { id: resultId++, status: 1 + next(4), createdAt: time, deleted: false };
      target.results.push(added);
      events.push({
        type: 'ResultAdded',
        stream: stream!,
        data: { ...ref, resultId: added.id, userId: 5, createdAt: time, caseHistoryId: 101, caseVersion: 1, status: added.status, comment: '', executionTime: null, attributes: {}, attachmentIds: [], stepResults: [], isArchive: false, lastStatus: lastStatus(target) },
      });
    } else if (roll < 14 && target.results.some((result) => !result.deleted)) {
      const live = target.results.filter((result) => !result.deleted);
      const result = live[next(live.length)]!;
      if (next(2) === 0) {
        result.status = 1 + next(4);
        events.push({ type: 'ResultEdited', stream: stream!, data: { ...ref, resultId: result.id, status: result.status, lastStatus: lastStatus(target) } });
      } else {
        result.deleted = true;
        events.push({ type: 'ResultDeleted', stream: stream!, data: { ...ref, resultId: result.id, lastStatus: lastStatus(target) } });
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
  return { events, tests, cases, planParents };
}

describe('tests read model', () => {
  it.each([
    [3, 300],
    [17, 300],
    [256, 300],
    [9001, 6_000],
  ])('keeps every test, its case’s fields, last status and results equal to a recomputation from scratch (seed %i, %i steps)', async (seed, steps) => {
    const { events, tests, cases, planParents } = randomHistory(seed, steps);
    const readStore = new MemoryReadStore();
    await foldInto(readStore, [casesProjection, plansProjection, testsProjection], recorded(events), [1, 9, 64, 2]);

    for (const model of tests.values()) {
      const found = await findTest(readStore, model.id);
      if (model.deleted) {
        expect(found).toBeNull();
        continue;
      }
      const { name, suiteId, labelIds, estimate } = cases.get(model.caseId)!;
      expect(found, `test ${model.id}`).toMatchObject({ name, suiteId, labelIds, estimate, planId: model.planId, assigneeId: model.assigneeId, isArchive: model.isArchive, lastStatus: lastStatus(model) });
      expect((await resultsOfTest(readStore, model.id)).map((result) => [result._id, result.status])).toEqual(
        model.results
          .filter((result) => !result.deleted)
          .sort((a, b) => (a.createdAt > b.createdAt ? -1 : a.createdAt < b.createdAt ? 1 : b.id - a.id))
          .map((result) => [result.id, result.status]),
      );
    }

    // Each plan's own counts, kept as tests came, moved, changed case and went.
    const counts = await planTestCounts(readStore, PROJECT);
    for (const planId of planParents.keys()) {
      const held = [...tests.values()].filter((test) => !test.deleted && test.planId === planId);
      const sum = (list: ModelTest[]) => list.reduce((total, test) => total + (cases.get(test.caseId)!.estimate ?? 0), 0);
      const [live, archived] = [held.filter((test) => !test.isArchive), held.filter((test) => test.isArchive)];
      expect(counts.get(planId) ?? { tests: 0, estimate: 0, archivedTests: 0, archivedEstimate: 0 }, `plan ${planId}`).toEqual({ tests: live.length, estimate: sum(live), archivedTests: archived.length, archivedEstimate: sum(archived) });
    }

    const tree = await findPlanTree(readStore, PROJECT);
    for (const [id, parentId] of planParents) expect(tree.node(id)?.parentId).toBe(parentId);
    expect(tree.subtreeIds(1).sort()).toEqual([1, 2, 3]);

    // Filtered, sorted pages: status (untested included) + label + assignee, by name then id.
    const filters: Array<[TestFilters, (test: ModelTest) => boolean]> = [
      [{ statuses: [1, null], labels: [1, 2], assigneeIds: [5, 6], unassigned: true }, (t) => [1, null].includes(lastStatus(t)) && cases.get(t.caseId)!.labelIds.some((l) => [1, 2].includes(l))],
      [{ planIds: [2, 3], notLabels: [1], includeArchived: true }, (t) => [2, 3].includes(t.planId) && !cases.get(t.caseId)!.labelIds.includes(1)],
      [{ assigneeIds: [6], statuses: [2, 3] }, (t) => t.assigneeId === 6 && [2, 3].includes(lastStatus(t) ?? 0)],
    ];
    for (const [filter, passes] of filters) {
      const expected = [...tests.values()]
        .filter((t) => !t.deleted && (filter.includeArchived || !t.isArchive) && passes(t))
        .map((t) => ({ id: t.id, key: cases.get(t.caseId)!.name.toLowerCase() }))
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id - b.id));
      const page = await listTests(readStore, PROJECT, filter, testSort('name'), { skip: 1, limit: 6 });
      expect(page.count, JSON.stringify(filter)).toBe(expected.length);
      expect(page.items.map((t) => t._id)).toEqual(expected.slice(1, 7).map((t) => t.id));
    }
  });
});
