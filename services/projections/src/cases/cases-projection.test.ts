import { DEFAULT_PROJECT_SETTINGS, type CaseContent } from '@testament/contracts';
import { SqliteReadStore } from '@testament/infra';
import { describe, expect, it } from 'vitest';
import { PROJECTS, type ProjectDocument } from '../projects/project-document.ts';
import { plansProjection } from '../plans/plans-projection.ts';
import { testsProjection } from '../tests/tests-projection.ts';
import { projectsProjection } from '../projects/projects-projection.ts';
import { findSuiteTree } from '../suites/queries.ts';
import { suitesProjection } from '../suites/suites-projection.ts';
import { caseContent as content } from '../testing/cases.ts';
import { foldInto, recorded, type TestEvent } from '../testing/fold.ts';
import { casesProjection } from './cases-projection.ts';
import { findCase, findCaseVersion, listCases, type LabelFilter } from './queries.ts';
import { seededIntegers } from '@testament/infra';

const PROJECT = 3;

interface ModelCase {
  id: number;
  versions: Array<{ content: CaseContent; isArchive: boolean }>;
  /** How often the latest version was overwritten in place. */
  amendments: number;
  deleted: boolean;
}


/** Suites 1 ─ 2 ─ 3 and 4, then a random life of cases in them, with a suite move and a suite delete and recovery on the way. */
function randomHistory(seed: number, steps: number) {
  const next = seededIntegers(seed);
  const parents = new Map<number, number | null>([[1, null], [2, 1], [3, 2], [4, null]]);
  const suiteStream = `suites-project-${PROJECT}`;
  const events: TestEvent[] = [
    { type: 'ProjectCreated', stream: `project-${PROJECT}`, data: { projectId: PROJECT, name: 'P', description: '', isPrivate: false, isArchive: false, settings: DEFAULT_PROJECT_SETTINGS, icon: null } },
    ...[...parents].map(([id, parentId]): TestEvent => ({ type: 'SuiteCreated', stream: suiteStream, data: { id, projectId: PROJECT, parentId, name: `S${id}`, description: '', attributes: {} } })),
  ];
  const cases = new Map<number, ModelCase>();
  let historyId = 1000;
  const randomContent = () => content(`Case ${String.fromCharCode(65 + next(26))}`, 1 + next(4), next(3) === 0 ? null : 60 * next(500), next(2) === 0 ? [] : [1 + next(3)]);
  for (let step = 0, id = 1; step < steps; step++) {
    if (step === 120) {
      parents.set(3, 4);
      events.push({ type: 'SuiteMoved', stream: suiteStream, data: { id: 3, parentId: 4 } });
    }
    const roll = next(10);
    const known = [...cases.values()].filter((c) => next(2) === 0 || c.deleted);
    const target = known[next(Math.max(1, known.length))];
    const base = target && { caseId: target.id, projectId: PROJECT };
    const stream = target && `case-${target.id}`;
    if (roll < 3 || !target) {
      const made = randomContent();
      cases.set(id, { id, versions: [{ content: made, isArchive: false }], amendments: 0, deleted: false });
      events.push({ type: 'CaseCreated', stream: `case-${id}`, data: { caseId: id, projectId: PROJECT, historyId: historyId++, userId: 5, content: made } });
      id++;
    } else if (target.deleted) {
      if (roll < 7) {
        target.deleted = false;
        events.push({ type: 'CaseRecovered', stream: stream!, data: base });
      } else {
        cases.delete(target.id);
        events.push({ type: 'CaseRemoved', stream: stream!, data: base });
      }
    } else if (roll < 5) {
      const made = randomContent();
      target.versions.push({ content: made, isArchive: target.versions.at(-1)!.isArchive });
      target.amendments = 0;
      events.push({ type: 'CaseVersioned', stream: stream!, data: { ...base, historyId: historyId++, userId: 5, content: made } });
    } else if (roll < 6) {
      const made = randomContent();
      target.versions[target.versions.length - 1] = { ...target.versions.at(-1)!, content: made };
      target.amendments++;
      events.push({ type: 'CaseAmended', stream: stream!, data: { ...base, content: made } });
    } else if (roll < 8) {
      const archive = !target.versions.at(-1)!.isArchive;
      target.versions.push({ ...target.versions.at(-1)!, isArchive: archive });
      target.amendments = 0;
      events.push({ type: archive ? 'CaseArchived' : 'CaseUnarchived', stream: stream!, data: { ...base, historyId: historyId++, userId: 5 } });
    } else {
      target.deleted = true;
      events.push({ type: 'CaseDeleted', stream: stream!, data: base });
    }
  }
  return { events, cases, parents };
}

describe('cases read model', () => {
  // The last history makes a few thousand cases, as a real project has.
  it.each([
    [3, 250],
    [17, 250],
    [256, 250],
    [9001, 10_000],
  ])('keeps cases, versions and every count equal to a recomputation from scratch (seed %i, %i steps)', async (seed, steps) => {
    const { events, cases, parents } = randomHistory(seed, steps);
    const readStore = new SqliteReadStore();
    await foldInto(readStore, [projectsProjection, suitesProjection, casesProjection, plansProjection, testsProjection], recorded(events), [1, 9, 64, 2]);

    const counted = [...cases.values()].filter((c) => !c.deleted && !c.versions.at(-1)!.isArchive).map((c) => c.versions.at(-1)!.content);
    const subtree = (id: number): number[] => [id, ...[...parents].filter(([, parent]) => parent === id).flatMap(([child]) => subtree(child))];
    const tree = await findSuiteTree(readStore, PROJECT);
    for (const suiteId of parents.keys()) {
      const own = counted.filter((c) => c.suiteId === suiteId);
      const all = counted.filter((c) => subtree(suiteId).includes(c.suiteId));
      const sum = (items: CaseContent[]) => items.reduce((total, c) => total + (c.estimate ?? 0), 0);
      expect(tree.node(suiteId), `suite ${suiteId}`).toMatchObject({ cases: own.length, estimate: sum(own), totalCases: all.length, totalEstimate: sum(all) });
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
      expect((await findCaseVersion(readStore, found!, version))?.content, `case ${model.id} v${version}`).toEqual(model.versions[version - 1]!.content);
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
  });
});
