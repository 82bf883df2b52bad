import { DEFAULT_PROJECT_SETTINGS } from '@testament/contracts';
import { SqliteReadStore } from '@testament/infra';
import { describe, expect, it } from 'vitest';
import { foldInto, recorded, type TestEvent } from '../testing/fold.ts';
import { PROJECTS, type ProjectDocument } from './project-document.ts';
import { plansProjection } from '../plans/plans-projection.ts';
import { testsProjection } from '../tests/tests-projection.ts';
import { projectsProjection } from './projects-projection.ts';
import { casesProjection } from '../cases/cases-projection.ts';
import { isProjectVisible, type Viewer } from './queries.ts';
import { systemStatistics, type SystemStatistics } from './statistics.ts';
import { seededIntegers } from '@testament/infra';

const viewer = (options: Partial<Viewer>): Viewer => ({
  userId: 9,
  isSuperuser: false,
  isExternal: false,
  favoriteIds: [],
  viewableProjectIds: [],
  manageableProjectIds: [],
  ...options,
});

/** A random life for a few dozen projects: created public or private, made private or public, archived, restored, deleted. */
function randomHistory(seed: number): TestEvent[] {
  const next = seededIntegers(seed);
  const events: TestEvent[] = [];
  const created: number[] = [];
  for (let step = 0; step < 400; step++) {
    const roll = next(10);
    if (roll < 2 || created.length === 0) {
      const projectId = created.length + 1;
      created.push(projectId);
      const data = { projectId, name: `P${projectId}`, description: '', isPrivate: next(2) === 0, isArchive: next(5) === 0, settings: DEFAULT_PROJECT_SETTINGS, icon: null };
      events.push({ type: 'ProjectCreated', stream: `project-${projectId}`, data });
      continue;
    }
    const stream = `project-${created[next(created.length)]}`;
    if (roll < 4) events.push({ type: 'ProjectPrivacyChanged', stream, data: { isPrivate: next(2) === 0 } });
    else if (roll < 6) events.push({ type: 'ProjectArchived', stream, data: {} });
    else if (roll < 8) events.push({ type: 'ProjectRestored', stream, data: {} });
    else if (roll < 9) events.push({ type: 'ProjectDeleted', stream, data: {} });
    else events.push({ type: 'ProjectDetailsChanged', stream, data: { description: `edit ${step}` } });
  }
  return events;
}

/** The statistics recomputed from the project documents, as §3.17 defines them. */
function fromScratch(projects: ProjectDocument[], who: Viewer): SystemStatistics {
  const counted = projects.filter((p) => !p.isArchive && !p.isDeleted && isProjectVisible(p, who));
  const sum = (pick: (p: ProjectDocument) => number) => counted.reduce((total, p) => total + pick(p), 0);
  return {
    projects_count: counted.length,
    cases_count: sum((p) => p.counts.cases),
    suites_count: sum((p) => p.counts.suites),
    plans_count: sum((p) => p.counts.plans),
    tests_count: sum((p) => p.counts.tests),
  };
}

describe('systemStatistics (§3.17)', () => {
  it.each([1, 7, 99, 2024])('equals a recomputation from the projects after a random history (seed %i)', async (seed) => {
    const readStore = new SqliteReadStore();
    await foldInto(readStore, [projectsProjection, casesProjection, plansProjection, testsProjection], recorded(randomHistory(seed)), [1, 7, 50, 3]);
    const projects = await readStore.collection<ProjectDocument>(PROJECTS).find({});
    const someIds = projects.filter((p) => p._id % 3 === 0).map((p) => p._id);
    for (const who of [viewer({}), viewer({ isSuperuser: true }), viewer({ viewableProjectIds: someIds }), viewer({ isExternal: true, viewableProjectIds: someIds }), viewer({ isExternal: true })]) {
      expect(await systemStatistics(readStore, who), JSON.stringify(who)).toEqual(fromScratch(projects, who));
    }
  });

  it('counts live public projects for everyone, private ones for their members, nothing archived or deleted', async () => {
    const readStore = new SqliteReadStore();
    const project = (projectId: number, isPrivate: boolean): TestEvent => ({
      type: 'ProjectCreated',
      stream: `project-${projectId}`,
      data: { projectId, name: `P${projectId}`, description: '', isPrivate, isArchive: false, settings: DEFAULT_PROJECT_SETTINGS, icon: null },
    });
    await foldInto(
      readStore,
      [projectsProjection, casesProjection, plansProjection, testsProjection],
      recorded([project(1, false), project(2, true), project(3, false), project(4, false), { type: 'ProjectArchived', stream: 'project-3', data: {} }, { type: 'ProjectDeleted', stream: 'project-4', data: {} }]),
    );
    expect((await systemStatistics(readStore, viewer({}))).projects_count).toBe(1);
    expect((await systemStatistics(readStore, viewer({ viewableProjectIds: [2] }))).projects_count).toBe(2);
    expect((await systemStatistics(readStore, viewer({ isSuperuser: true }))).projects_count).toBe(2);
    expect((await systemStatistics(readStore, viewer({ isExternal: true, viewableProjectIds: [1, 3] }))).projects_count).toBe(1);
    expect((await systemStatistics(readStore, viewer({ isExternal: true }))).projects_count).toBe(0);
  });
});
