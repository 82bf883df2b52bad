import type { Filter, ReadStore, Sort } from '@testament/infra';
import { findLabelledPage, labelFilter, type LabelFilter } from '../label-filter.ts';
import { findPage, type PageWindow } from '../paging.ts';
import { CASE_VERSIONS, CASES, type CaseDocument, type CaseVersionDocument } from './case-document.ts';
import { contentOf } from './cases-projection.ts';
import { escapeRegex } from '../escape-regex.ts';

export type { CaseDocument, CaseHistoryRow, CaseVersionDocument } from './case-document.ts';
export { labelFilter, type LabelFilter } from '../label-filter.ts';

/** A live case. */
export async function findCase(readStore: ReadStore, caseId: number): Promise<CaseDocument | null> {
  const found = await readStore.collection<CaseDocument>(CASES).findOne({ _id: caseId });
  return found && !found.isDeleted ? found : null;
}

/** What the case held in a display version (1-based), or null when it never had that version; the latest is the case's own document. */
export async function findCaseVersion(
  readStore: ReadStore,
  found: CaseDocument,
  version: number,
): Promise<Pick<CaseVersionDocument, 'content' | 'isArchive'> | null> {
  const row = Number.isInteger(version) && version >= 1 ? found.history[version - 1] : undefined;
  if (!row) return null;
  if (version === found.history.length) return { content: contentOf(found), isArchive: found.isArchive };
  return readStore.collection<CaseVersionDocument>(CASE_VERSIONS).findOne({ _id: row.historyId });
}

export interface CaseFilters extends LabelFilter {
  /** The suites whose cases are listed (a suite's subtree already expanded by the caller); all of the project's when absent. */
  suiteIds?: number[];
  /** Containment in the name, case-insensitive. */
  name?: string;
  /** Every word in the name, or the id (§2.6). */
  search?: string;
  /** Archived cases are listed only when asked for (§2.6). */
  includeArchived?: boolean;
  createdAfter?: string;
  createdBefore?: string;
  /** `ordering=a,-b` over id, name (title), created_at and estimate; by name by default. */
  ordering?: string;
}

const ORDER_FIELDS: Record<string, string> = {
  id: '_id',
  name: 'nameKey',
  title: 'nameKey',
  created_at: 'createdAt',
  estimate: 'estimate',
};

/** The requested order, then by id in the first field's direction (so one index walk serves it either way). */
export function caseSort(ordering: string | undefined): Sort {
  const sort: Sort = {};
  for (const term of (ordering || 'name').split(',').filter(Boolean))
    sort[ORDER_FIELDS[term.replace(/^-/, '')]!] = term.startsWith('-') ? -1 : 1;
  return { ...sort, _id: sort._id ?? Object.values(sort)[0] ?? 1 };
}

/** §2.6 search over `nameKey` and the id: every word in the name, or the id itself. */
export function nameOrIdSearch(search: string): Filter {
  const words = search.trim().toLowerCase().split(/\s+/);
  const byName: Filter =
    words.length === 1
      ? { nameKey: { $regex: escapeRegex(words[0]!) } }
      : { $and: words.map((word) => ({ nameKey: { $regex: escapeRegex(word) } })) };
  return /^\d+$/.test(search.trim()) ? { $or: [byName, { _id: Number(search.trim()) }] } : byName;
}

/** A range of a time field (`createdAt` unless named), or null without bounds. */
export function createdRange(after: string | undefined, before: string | undefined, field = 'createdAt'): Filter | null {
  if (!after && !before) return null;
  return {
    [field]: { ...(after ? { $gte: new Date(after).toISOString() } : {}), ...(before ? { $lte: new Date(before).toISOString() } : {}) },
  };
}

/** The filters cases and tests share: the name-or-id search, the labels and the creation range. */
export function searchedLabelledCreated(
  filters: LabelFilter & { search?: string; createdAfter?: string; createdBefore?: string },
): Filter[] {
  return [
    filters.search?.trim() ? nameOrIdSearch(filters.search) : null,
    labelFilter(filters),
    createdRange(filters.createdAfter, filters.createdBefore),
  ].filter((part): part is Filter => part !== null);
}

export function caseFilter(projectId: number, filters: CaseFilters): Filter {
  const parts: Filter[] = [{ projectId, isDeleted: false, ...(filters.includeArchived ? {} : { isArchive: false }) }];
  if (filters.suiteIds) parts.push({ suiteId: { $in: filters.suiteIds } });
  if (filters.name) parts.push({ nameKey: { $regex: escapeRegex(filters.name.toLowerCase()) } });
  parts.push(...searchedLabelledCreated(filters));
  return parts.length === 1 ? parts[0]! : { $and: parts };
}

/** One page of a project's cases that pass the filters, and how many pass. */
export function listCases(
  readStore: ReadStore,
  projectId: number,
  filters: CaseFilters,
  page: PageWindow,
): Promise<{ items: CaseDocument[]; count: number }> {
  return findLabelledPage(
    readStore.collection<CaseDocument>(CASES),
    (shown) => caseFilter(projectId, shown),
    filters,
    caseSort(filters.ordering),
    page,
  );
}

/** Deleted cases of the given projects (null: every project), the latest deleted first. */
export function listDeletedCases(
  readStore: ReadStore,
  projectIds: readonly number[] | null,
  page: PageWindow,
): Promise<{ items: CaseDocument[]; count: number }> {
  const filter = { isDeleted: true, ...(projectIds ? { projectId: { $in: [...projectIds] } } : {}) };
  return findPage(readStore.collection<CaseDocument>(CASES), filter, { deletedAt: -1, _id: 1 }, page);
}

/** Cases by id (deleted ones included), in the order asked. */
export async function casesByIds(readStore: ReadStore, ids: readonly number[]): Promise<CaseDocument[]> {
  if (ids.length === 0) return [];
  const found = new Map((await readStore.collection<CaseDocument>(CASES).find({ _id: { $in: [...ids] } })).map((item) => [item._id, item]));
  return ids.flatMap((id) => found.get(id) ?? []);
}

/** The ids of a project's cases in these suites: the live ones, or those in the trash. */
export async function caseIdsInSuites(
  readStore: ReadStore,
  projectId: number,
  suiteIds: readonly number[],
  deleted: boolean,
): Promise<number[]> {
  const found = await readStore
    .collection<CaseDocument>(CASES)
    .find({ projectId, isDeleted: deleted, suiteId: { $in: [...suiteIds] } }, { projection: { _id: 1 } });
  return found.map((item) => item._id);
}

/** The ids of the cases that went to the trash with this suite's delete. */
export async function caseIdsDeletedWithSuite(readStore: ReadStore, projectId: number, suiteId: number): Promise<number[]> {
  const found = await readStore
    .collection<CaseDocument>(CASES)
    .find({ isDeleted: true, projectId, deletedWithSuite: suiteId }, { projection: { _id: 1 } });
  return found.map((item) => item._id);
}

/** Every case of the project that passes the filters, sorted (the case picker's tree). */
export function findCases(readStore: ReadStore, projectId: number, filters: CaseFilters): Promise<CaseDocument[]> {
  return readStore.collection<CaseDocument>(CASES).find(caseFilter(projectId, filters), { sort: caseSort(filters.ordering) });
}

/** How many of the project's cases that pass the filters each suite holds directly. */
export async function matchingCasesPerSuite(readStore: ReadStore, projectId: number, filters: CaseFilters): Promise<Map<number, number>> {
  const found = await readStore.collection<CaseDocument>(CASES).find(caseFilter(projectId, filters), { projection: { suiteId: 1 } });
  const perSuite = new Map<number, number>();
  for (const { suiteId } of found) perSuite.set(suiteId, (perSuite.get(suiteId) ?? 0) + 1);
  return perSuite;
}
