import { DEFAULT_PROJECT_SETTINGS, type ProjectListQuery } from '@testament/contracts';
import { SqliteReadStore } from '@testament/infra';
import { describe, expect, it } from 'vitest';
import { foldInto, recorded, type TestEvent } from '../testing/fold.ts';
import { PROJECTS, type ProjectDocument } from './project-document.ts';
import { plansProjection } from '../plans/plans-projection.ts';
import { testsProjection } from '../tests/tests-projection.ts';
import { projectsProjection } from './projects-projection.ts';
import { casesProjection } from '../cases/cases-projection.ts';
import { listProjects, visibleProjectIds, type Viewer } from './queries.ts';

function history(count: number): TestEvent[] {
  const events: TestEvent[] = [];
  for (let projectId = 1; projectId <= count; projectId++) {
    // Few distinct names, so ties in the name are common and the id decides.
    const name = `${['Apollo', 'apollo', 'Gemini', 'Mercury', 'Artemis'][projectId % 5]} ${projectId % 7}`;
    const data = {
      projectId,
      name,
      description: '',
      isPrivate: projectId % 3 === 0,
      isArchive: projectId % 4 === 0,
      settings: DEFAULT_PROJECT_SETTINGS,
      icon: null,
    };
    events.push({ type: 'ProjectCreated', stream: `project-${projectId}`, data });
    if (projectId % 11 === 0) events.push({ type: 'ProjectDeleted', stream: `project-${projectId}`, data: {} });
  }
  return events;
}

/** The dashboard's order worked out by brute force: favourites first, the ordering terms, name, then id in the name's direction. */
function bruteForce(projects: ProjectDocument[], viewer: Viewer, query: ProjectListQuery, skip: number, limit: number) {
  const fields: Record<string, keyof ProjectDocument> = { name: 'nameKey', is_archive: 'isArchive', is_private: 'isPrivate' };
  const terms = (query.ordering ?? '')
    .split(',')
    .filter(Boolean)
    .map((term) => [fields[term.replace(/^-/, '')]!, term.startsWith('-') ? -1 : 1] as const);
  const nameDirection = terms.find(([field]) => field === 'nameKey')?.[1] ?? 1;
  const keys = [...terms.filter(([field]) => field !== 'nameKey'), ['nameKey', nameDirection] as const, ['_id', nameDirection] as const];
  const matches = projects.filter(
    (p) =>
      !p.isDeleted &&
      (query.is_archive === true || !p.isArchive) &&
      (!query.name || p.nameKey.includes(query.name.toLowerCase())) &&
      (query.favorites !== true || viewer.favoriteIds.includes(p._id)),
  );
  const rank = (p: ProjectDocument) => (viewer.favoriteIds.includes(p._id) ? 0 : 1);
  const compare = (a: ProjectDocument, b: ProjectDocument) => {
    if (rank(a) !== rank(b)) return rank(a) - rank(b);
    for (const [field, direction] of keys) {
      const [x, y] = [a[field] as string | number | boolean, b[field] as string | number | boolean];
      if (x !== y) return (x < y ? -1 : 1) * direction;
    }
    return 0;
  };
  return {
    ids: [...matches]
      .sort(compare)
      .slice(skip, skip + limit)
      .map((p) => p._id),
    count: matches.length,
  };
}

describe('listProjects', () => {
  it('pages favourites first, then the rest, in every order, as a brute-force sort does', async () => {
    const readStore = new SqliteReadStore();
    await foldInto(readStore, [projectsProjection, casesProjection, plansProjection, testsProjection], recorded(history(400)), [64]);
    const projects = await readStore.collection<ProjectDocument>(PROJECTS).find({});
    const viewer: Viewer = {
      userId: 1,
      isSuperuser: false,
      isExternal: false,
      favoriteIds: [5, 17, 300, 12, 44, 401],
      viewableProjectIds: [],
      manageableProjectIds: [],
    };
    const queries: ProjectListQuery[] = [
      {},
      { is_archive: true },
      { name: 'apollo' },
      { name: 'o 3' },
      { favorites: true },
      { ordering: '-name' },
      { ordering: 'is_private' },
      { ordering: '-is_archive', is_archive: true },
      { ordering: 'is_archive,-name', is_archive: true },
    ];
    for (const query of queries) {
      for (const [skip, limit] of [
        [0, 10],
        [3, 5],
        [10, 10],
        [150, 25],
        [290, 10],
      ] as const) {
        const { items, count } = await listProjects(readStore, viewer, query, { skip, limit });
        const expected = bruteForce(projects, viewer, query, skip, limit);
        expect({ ids: items.map((p) => p._id), count }, JSON.stringify({ query, skip, limit })).toEqual(expected);
      }
    }
  });
});

describe('visibleProjectIds', () => {
  it('gives the live projects the visibility rule shows, for internal and external viewers alike', async () => {
    const readStore = new SqliteReadStore();
    await foldInto(readStore, [projectsProjection, casesProjection, plansProjection, testsProjection], recorded(history(60)));
    const all = await readStore.collection<ProjectDocument>(PROJECTS).find({});
    const granted = [3, 6, 9, 11, 22, 31]; // ascending, as Viewer holds them
    for (const isExternal of [false, true]) {
      const viewer: Viewer = {
        userId: 1,
        isSuperuser: false,
        isExternal,
        favoriteIds: [],
        viewableProjectIds: granted,
        manageableProjectIds: [],
      };
      const expected = all
        .filter((p) => !p.isDeleted && ((!p.isPrivate && !isExternal) || granted.includes(p._id)))
        .map((p) => p._id)
        .sort((a, b) => a - b);
      expect(await visibleProjectIds(readStore, viewer), `external: ${isExternal}`).toEqual(expected);
    }
  });
});
