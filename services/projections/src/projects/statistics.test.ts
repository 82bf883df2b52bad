import { DEFAULT_PROJECT_SETTINGS } from '@testament/contracts';
import { SqliteReadStore } from '@testament/infra';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { batchSizes, nth, pick } from '../testing/arbitraries.ts';
import { foldInto, recorded, type TestEvent } from '../testing/fold.ts';
import { PROJECTS, type ProjectDocument } from './project-document.ts';
import { plansProjection } from '../plans/plans-projection.ts';
import { testsProjection } from '../tests/tests-projection.ts';
import { projectsProjection } from './projects-projection.ts';
import { casesProjection } from '../cases/cases-projection.ts';
import { isProjectVisible, type Viewer } from './queries.ts';
import { systemStatistics, type SystemStatistics } from './statistics.ts';

const viewer = (options: Partial<Viewer>): Viewer => ({
  userId: 9,
  isSuperuser: false,
  isExternal: false,
  favoriteIds: [],
  viewableProjectIds: [],
  manageableProjectIds: [],
  ...options,
});

/** A project created public or private, archived or not; or a project made private or public, archived, restored, deleted, edited. */
type Step =
  | { kind: 'create'; isPrivate: boolean; isArchive: boolean }
  | { kind: 'privacy'; project: number; isPrivate: boolean }
  | { kind: 'archive' | 'restore' | 'delete' | 'edit'; project: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('create' as const), isPrivate: fc.boolean(), isArchive: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('privacy' as const), project: pick, isPrivate: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('archive' as const), project: pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('restore' as const), project: pick }) },
  fc.record({ kind: fc.constantFrom('delete' as const, 'edit' as const), project: pick }),
);

/** A life of a few dozen projects: created public or private, made private or public, archived, restored, deleted. */
function history(steps: readonly Step[]): TestEvent[] {
  const events: TestEvent[] = [];
  const created: number[] = [];
  for (const [index, done] of steps.entries()) {
    if (done.kind === 'create') {
      const projectId = created.length + 1;
      created.push(projectId);
      const data = {
        projectId,
        name: `P${projectId}`,
        description: '',
        isPrivate: done.isPrivate,
        isArchive: done.isArchive,
        settings: DEFAULT_PROJECT_SETTINGS,
        icon: null,
      };
      events.push({ type: 'ProjectCreated', stream: `project-${projectId}`, data });
      continue;
    }
    const projectId = nth(created, done.project);
    if (projectId === undefined) continue;
    const stream = `project-${projectId}`;
    if (done.kind === 'privacy') events.push({ type: 'ProjectPrivacyChanged', stream, data: { isPrivate: done.isPrivate } });
    else if (done.kind === 'archive') events.push({ type: 'ProjectArchived', stream, data: {} });
    else if (done.kind === 'restore') events.push({ type: 'ProjectRestored', stream, data: {} });
    else if (done.kind === 'delete') events.push({ type: 'ProjectDeleted', stream, data: {} });
    else events.push({ type: 'ProjectDetailsChanged', stream, data: { description: `edit ${index}` } });
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
  it('equals a recomputation from the projects after a random history', { timeout: 30_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 400, size: 'max' }), batchSizes, async (steps, batches) => {
        const readStore = new SqliteReadStore();
        await foldInto(
          readStore,
          [projectsProjection, casesProjection, plansProjection, testsProjection],
          recorded(history(steps)),
          batches,
        );
        const projects = await readStore.collection<ProjectDocument>(PROJECTS).find({});
        const someIds = projects.filter((p) => p._id % 3 === 0).map((p) => p._id);
        for (const who of [
          viewer({}),
          viewer({ isSuperuser: true }),
          viewer({ viewableProjectIds: someIds }),
          viewer({ isExternal: true, viewableProjectIds: someIds }),
          viewer({ isExternal: true }),
        ]) {
          expect(await systemStatistics(readStore, who), JSON.stringify(who)).toEqual(fromScratch(projects, who));
        }
        await readStore.close();
      }),
      { numRuns: 20, interruptAfterTimeLimit: 20_000 },
    );
  });

  it('counts live public projects for everyone, private ones for their members, nothing archived or deleted', async () => {
    const readStore = new SqliteReadStore();
    const project = (projectId: number, isPrivate: boolean): TestEvent => ({
      type: 'ProjectCreated',
      stream: `project-${projectId}`,
      data: {
        projectId,
        name: `P${projectId}`,
        description: '',
        isPrivate,
        isArchive: false,
        settings: DEFAULT_PROJECT_SETTINGS,
        icon: null,
      },
    });
    await foldInto(
      readStore,
      [projectsProjection, casesProjection, plansProjection, testsProjection],
      recorded([
        project(1, false),
        project(2, true),
        project(3, false),
        project(4, false),
        { type: 'ProjectArchived', stream: 'project-3', data: {} },
        { type: 'ProjectDeleted', stream: 'project-4', data: {} },
      ]),
    );
    expect((await systemStatistics(readStore, viewer({}))).projects_count).toBe(1);
    expect((await systemStatistics(readStore, viewer({ viewableProjectIds: [2] }))).projects_count).toBe(2);
    expect((await systemStatistics(readStore, viewer({ isSuperuser: true }))).projects_count).toBe(2);
    expect((await systemStatistics(readStore, viewer({ isExternal: true, viewableProjectIds: [1, 3] }))).projects_count).toBe(1);
    expect((await systemStatistics(readStore, viewer({ isExternal: true }))).projects_count).toBe(0);
  });
});
