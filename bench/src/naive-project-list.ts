import { MemoryBus, SqliteEventStore, SqliteReadStore } from '@testament/infra';
import { PROJECTS, type ProjectDocument } from '@testament/projections/projects/project-document';
import { ProjectionRunner, readModelProjections } from '@testament/projections';
import { escapeRegex } from '@testament/projections/escape-regex';
import { Aggregator, find } from 'mingo';

/**
 * The naive way to answer the dashboard's list, for comparison: every project
 * document in a plain array, filtered, sorted and sliced per query, no index.
 */
export interface NaiveProjects {
  documents: ProjectDocument[];
  favoriteIds: number[];
}

/** Folds the log into fresh read models (the projects' reads others) in this process and keeps its documents in an array. */
export async function loadProjectDocuments(file: string, favoriteIds: number[]): Promise<NaiveProjects> {
  const store = SqliteEventStore.open(file);
  const readStore = new SqliteReadStore();
  const runner = new ProjectionRunner({ store, readStore, bus: new MemoryBus(), projections: readModelProjections });
  try {
    await runner.start();
    return { documents: await readStore.collection<ProjectDocument>(PROJECTS).find({}), favoriteIds };
  } finally {
    await runner.stop();
    await store.close();
    await readStore.close();
  }
}

/** The dashboard's default list (live, unarchived; favourites first, then by name) by a full scan with mingo. */
export function naiveListProjects(projects: NaiveProjects, name: string | undefined, page: { skip: number; limit: number }) {
  const filter: Record<string, unknown> = { isDeleted: false, isArchive: false };
  if (name) filter.nameKey = { $regex: escapeRegex(name.toLowerCase()) };
  const count = find(projects.documents, filter).all().length;
  const items = new Aggregator([
    { $match: filter },
    { $addFields: { favoriteRank: { $cond: [{ $in: ['$_id', projects.favoriteIds] }, 1, 0] } } },
    { $sort: { favoriteRank: -1, nameKey: 1, _id: 1 } },
    { $skip: page.skip },
    { $limit: page.limit },
  ]).run(projects.documents);
  return { count, items };
}
