import { MemoryReadStore } from '@testament/infra';
import { describe, expect, it } from 'vitest';
import { PROJECTS, type ProjectDocument } from './project-document.ts';
import type { Viewer } from './queries.ts';
import { systemStatistics } from './statistics.ts';

function project(id: number, options: Partial<ProjectDocument>, counts: ProjectDocument['counts']): ProjectDocument {
  return {
    _id: id,
    name: `P${id}`,
    nameKey: `p${id}`,
    description: '',
    isPrivate: false,
    isArchive: false,
    isDeleted: false,
    settings: { isResultEditable: true, resultEditLimit: null, statusOrder: {}, defaultStatus: null },
    icon: null,
    members: {},
    memberIds: [],
    counts,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...options,
  };
}

const viewer = (options: Partial<Viewer>): Viewer => ({
  userId: 9,
  isSuperuser: false,
  isExternal: false,
  favoriteIds: [],
  viewableProjectIds: [],
  manageableProjectIds: [],
  ...options,
});

describe('systemStatistics (§3.17)', () => {
  it('sums the counters of the visible, non-archived, non-deleted projects', async () => {
    const readStore = new MemoryReadStore();
    await readStore.collection<ProjectDocument>(PROJECTS).bulkWrite(
      [
        project(1, {}, { suites: 1, cases: 10, plans: 2, tests: 20 }),
        project(2, { isPrivate: true }, { suites: 100, cases: 100, plans: 100, tests: 100 }),
        project(3, { isArchive: true }, { suites: 1000, cases: 1000, plans: 1000, tests: 1000 }),
        project(4, { isDeleted: true }, { suites: 5000, cases: 5000, plans: 5000, tests: 5000 }),
        project(5, {}, { suites: 3, cases: 4, plans: 5, tests: 6 }),
      ].map((document) => ({ insertOne: { document } })),
    );

    expect(await systemStatistics(readStore, viewer({}))).toEqual({ projects_count: 2, suites_count: 4, cases_count: 14, plans_count: 7, tests_count: 26 });
    expect(await systemStatistics(readStore, viewer({ viewableProjectIds: [2] }))).toEqual({
      projects_count: 3,
      suites_count: 104,
      cases_count: 114,
      plans_count: 107,
      tests_count: 126,
    });
    expect((await systemStatistics(readStore, viewer({ isSuperuser: true }))).projects_count).toBe(3);
    // External users see only the projects their roles let them view, public or not.
    expect(await systemStatistics(readStore, viewer({ isExternal: true, viewableProjectIds: [5] }))).toEqual({
      projects_count: 1,
      suites_count: 3,
      cases_count: 4,
      plans_count: 5,
      tests_count: 6,
    });
    expect(await systemStatistics(readStore, viewer({ isExternal: true }))).toEqual({ projects_count: 0, suites_count: 0, cases_count: 0, plans_count: 0, tests_count: 0 });
  });
});
