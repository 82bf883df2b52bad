import { DEFAULT_PROJECT_SETTINGS, type CaseContent } from '@testament/contracts';
import { SqliteReadStore } from '@testament/infra';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROJECTS, type ProjectDocument } from '../projects/project-document.ts';
import { plansProjection } from '../plans/plans-projection.ts';
import { testsProjection } from '../tests/tests-projection.ts';
import { projectsProjection } from '../projects/projects-projection.ts';
import { findSuiteTree } from '../suites/queries.ts';
import { suitesProjection } from '../suites/suites-projection.ts';
import { batchSizes, caseFacts, nth, pick, type CaseFacts } from '../testing/arbitraries.ts';
import { caseContent } from '@testament/contracts/testing/case-content';
import { foldInto, recorded, type TestEvent } from '../testing/fold.ts';
import { casesProjection } from './cases-projection.ts';
import { findCase, findCaseVersion, listCases, type LabelFilter } from './queries.ts';

const PROJECT = 3;

interface ModelCase {
  id: number;
  versions: Array<{ content: CaseContent; isArchive: boolean }>;
  /** How often the latest version was overwritten in place. */
  amendments: number;
  deleted: boolean;
}

/** A case created; a live case versioned, amended, archived or unarchived, deleted; a deleted case recovered or removed. */
type Step =
  | { kind: 'create'; content: CaseFacts }
  | { kind: 'version' | 'amend'; case: number; content: CaseFacts }
  | { kind: 'archive' | 'delete' | 'recover' | 'remove'; case: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('create' as const), content: caseFacts }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('version' as const), case: pick, content: caseFacts }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('amend' as const), case: pick, content: caseFacts }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constantFrom('archive' as const, 'delete' as const), case: pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('recover' as const, 'remove' as const), case: pick }) },
);

const content = ({ name, suiteId, estimate, labelIds }: CaseFacts) => caseContent(name, suiteId, estimate, labelIds);

/** Suites 1 ─ 2 ─ 3 and 4, then a life of cases in them, with suite 3 moved under 4 half-way. */
function history(steps: readonly Step[]) {
  const parents = new Map<number, number | null>([
    [1, null],
    [2, 1],
    [3, 2],
    [4, null],
  ]);
  const suiteStream = `suites-project-${PROJECT}`;
  const events: TestEvent[] = [
    {
      type: 'ProjectCreated',
      stream: `project-${PROJECT}`,
      data: {
        projectId: PROJECT,
        name: 'P',
        description: '',
        isPrivate: false,
        isArchive: false,
        settings: DEFAULT_PROJECT_SETTINGS,
        icon: null,
      },
    },
    ...[...parents].map(
      ([id, parentId]): TestEvent => ({
        type: 'SuiteCreated',
        stream: suiteStream,
        data: { id, projectId: PROJECT, parentId, name: `S${id}`, description: '', attributes: {} },
      }),
    ),
  ];
  const cases = new Map<number, ModelCase>();
  let historyId = 1000;
  let nextId = 1;
  for (const [index, done] of steps.entries()) {
    if (index === Math.floor(steps.length / 2)) {
      parents.set(3, 4);
      events.push({ type: 'SuiteMoved', stream: suiteStream, data: { id: 3, parentId: 4 } });
    }
    if (done.kind === 'create') {
      const id = nextId++;
      const made = content(done.content);
      cases.set(id, { id, versions: [{ content: made, isArchive: false }], amendments: 0, deleted: false });
      events.push({
        type: 'CaseCreated',
        stream: `case-${id}`,
        data: { caseId: id, projectId: PROJECT, historyId: historyId++, userId: 5, content: made },
      });
      continue;
    }
    const trashed = done.kind === 'recover' || done.kind === 'remove';
    const target = nth(
      [...cases.values()].filter((c) => c.deleted === trashed),
      done.case,
    );
    if (!target) continue;
    const base = { caseId: target.id, projectId: PROJECT };
    const stream = `case-${target.id}`;
    if (done.kind === 'recover') {
      target.deleted = false;
      events.push({ type: 'CaseRecovered', stream, data: base });
    } else if (done.kind === 'remove') {
      cases.delete(target.id);
      events.push({ type: 'CaseRemoved', stream, data: base });
    } else if (done.kind === 'version') {
      const made = content(done.content);
      target.versions.push({ content: made, isArchive: target.versions.at(-1)!.isArchive });
      target.amendments = 0;
      events.push({ type: 'CaseVersioned', stream, data: { ...base, historyId: historyId++, userId: 5, content: made } });
    } else if (done.kind === 'amend') {
      const made = content(done.content);
      target.versions[target.versions.length - 1] = { ...target.versions.at(-1)!, content: made };
      target.amendments++;
      events.push({ type: 'CaseAmended', stream, data: { ...base, content: made } });
    } else if (done.kind === 'archive') {
      const archive = !target.versions.at(-1)!.isArchive;
      target.versions.push({ ...target.versions.at(-1)!, isArchive: archive });
      target.amendments = 0;
      events.push({
        type: archive ? 'CaseArchived' : 'CaseUnarchived',
        stream,
        data: { ...base, historyId: historyId++, userId: 5 },
      });
    } else {
      target.deleted = true;
      events.push({ type: 'CaseDeleted', stream, data: base });
    }
  }
  return { events, cases, parents };
}

/** The history folded in batches of the sizes given: cases, versions and every count equal a recomputation from scratch. */
async function expectFoldedAsRecomputed(steps: readonly Step[], batches: number[]) {
  const { events, cases, parents } = history(steps);
  const readStore = new SqliteReadStore();
  await foldInto(
    readStore,
    [projectsProjection, suitesProjection, casesProjection, plansProjection, testsProjection],
    recorded(events),
    batches,
  );

  const counted = [...cases.values()].filter((c) => !c.deleted && !c.versions.at(-1)!.isArchive).map((c) => c.versions.at(-1)!.content);
  const subtree = (id: number): number[] => [
    id,
    ...[...parents].filter(([, parent]) => parent === id).flatMap(([child]) => subtree(child)),
  ];
  const tree = await findSuiteTree(readStore, PROJECT);
  for (const suiteId of parents.keys()) {
    const own = counted.filter((c) => c.suiteId === suiteId);
    const all = counted.filter((c) => subtree(suiteId).includes(c.suiteId));
    const sum = (items: CaseContent[]) => items.reduce((total, c) => total + (c.estimate ?? 0), 0);
    expect(tree.node(suiteId), `suite ${suiteId}`).toMatchObject({
      cases: own.length,
      estimate: sum(own),
      totalCases: all.length,
      totalEstimate: sum(all),
    });
  }
  expect((await readStore.collection<ProjectDocument>(PROJECTS).findOne({ _id: PROJECT }))?.counts.cases).toBe(counted.length);

  for (const model of cases.values()) {
    const found = await findCase(readStore, model.id);
    if (model.deleted) {
      expect(found).toBeNull();
      continue;
    }
    expect(found).toMatchObject({ ...model.versions.at(-1)!.content, isArchive: model.versions.at(-1)!.isArchive });
    expect(found!.history).toHaveLength(model.versions.length);
    expect(found!.amendments, `case ${model.id} amendments`).toBe(model.amendments);
    const version = 1 + (model.id % model.versions.length);
    expect((await findCaseVersion(readStore, found!, version))?.content, `case ${model.id} v${version}`).toEqual(
      model.versions[version - 1]!.content,
    );
  }

  // Filtered, sorted pages of suite 1's subtree by name then id, under label filters counted directly and by complement.
  const labelFilters: Array<[LabelFilter, (labelIds: number[]) => boolean]> = [
    [{ labels: [1], notLabels: [2], condition: 'or' }, (ids) => ids.includes(1) || !ids.includes(2)],
    [{ labels: [1], notLabels: [2], condition: 'and' }, (ids) => ids.includes(1) && !ids.includes(2)],
    [{ notLabels: [2, 3], condition: 'and' }, (ids) => !ids.includes(2) && !ids.includes(3)],
    [{ labels: [2, 3], condition: 'or' }, (ids) => ids.includes(2) || ids.includes(3)],
  ];
  for (const [labelFilter, passes] of labelFilters) {
    const expected = [...cases.values()]
      .filter((c) => !c.deleted && !c.versions.at(-1)!.isArchive)
      .map((c) => ({ id: c.id, ...c.versions.at(-1)!.content }))
      .filter((c) => subtree(1).includes(c.suiteId) && passes(c.labelIds))
      .sort((a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name.toLowerCase() > b.name.toLowerCase() ? 1 : a.id - b.id));
    const page = await listCases(readStore, PROJECT, { suiteIds: subtree(1), ...labelFilter }, { skip: 2, limit: 5 });
    expect(page.count, JSON.stringify(labelFilter)).toBe(expected.length);
    expect(page.items.map((c) => c._id)).toEqual(expected.slice(2, 7).map((c) => c.id));
  }
  await readStore.close();
}

describe('cases read model', () => {
  it('keeps cases, versions and every count equal to a recomputation from scratch', { timeout: 30_000 }, async () => {
    await fc.assert(fc.asyncProperty(fc.array(step, { maxLength: 250, size: 'max' }), batchSizes, expectFoldedAsRecomputed), {
      numRuns: 20,
      interruptAfterTimeLimit: 20_000,
    });
  });

  it('keeps them so through a long history: a few thousand cases, as a real project has', { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10_000, maxLength: 10_000 }), (steps) => expectFoldedAsRecomputed(steps, [1, 9, 64, 2])),
      // One run of 10 000 steps, in batches of a known cost (a few seconds); a failure's shrinking stops in time to report its seed.
      { numRuns: 1, interruptAfterTimeLimit: 40_000 },
    );
  });
});
