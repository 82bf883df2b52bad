import type { Filter, ReadStore, Sort } from '@testament/infra';
import { findPage, type PageWindow } from '../paging.ts';
import { CASE_VERSIONS, CASES, type CaseDocument, type CaseVersionDocument } from './case-document.ts';
import { contentOf } from './cases-projection.ts';

export type { CaseDocument, CaseHistoryRow, CaseVersionDocument } from './case-document.ts';

/** A live case. */
export async function findCase(readStore: ReadStore, caseId: number): Promise<CaseDocument | null> {
  const found = await readStore.collection<CaseDocument>(CASES).findOne({ _id: caseId });
  return found && !found.isDeleted ? found : null;
}

/** What the case held in a display version (1-based), or null when it never had that version; the latest is the case's own document. */
export async function findCaseVersion(readStore: ReadStore, found: CaseDocument, version: number): Promise<Pick<CaseVersionDocument, 'content' | 'isArchive'> | null> {
  const row = Number.isInteger(version) && version >= 1 ? found.history[version - 1] : undefined;
  if (!row) return null;
  if (version === found.history.length) return { content: contentOf(found), isArchive: found.isArchive };
  return readStore.collection<CaseVersionDocument>(CASE_VERSIONS).findOne({ _id: row.historyId });
}

/** The §4.16 label filter: (has A) c (has B) for `labels`, (lacks C) c (lacks D) for `notLabels`, then positive c negative. */
export interface LabelFilter {
  labels?: number[];
  notLabels?: number[];
  condition?: 'and' | 'or';
}

export function labelFilter({ labels = [], notLabels = [], condition = 'or' }: LabelFilter): Filter | null {
  const has = labels.map((id) => ({ labelIds: id }));
  const lacks = notLabels.map((id) => ({ labelIds: { $ne: id } }));
  const joined = (parts: Filter[]): Filter | null => (parts.length === 0 ? null : parts.length === 1 ? parts[0]! : condition === 'and' ? { $and: parts } : { $or: parts });
  const halves = [joined(has), joined(lacks)].filter((part): part is Filter => part !== null);
  return joined(halves);
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

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ORDER_FIELDS: Record<string, string> = { id: '_id', name: 'nameKey', title: 'nameKey', created_at: 'createdAt', estimate: 'estimate' };

/** The requested order, then by id in the first field's direction (so one index walk serves it either way). */
export function caseSort(ordering: string | undefined): Sort {
  const sort: Sort = {};
  for (const term of (ordering || 'name').split(',').filter(Boolean)) sort[ORDER_FIELDS[term.replace(/^-/, '')]!] = term.startsWith('-') ? -1 : 1;
  return { ...sort, _id: sort['_id'] ?? Object.values(sort)[0] ?? 1 };
}

export function caseFilter(projectId: number, filters: CaseFilters): Filter {
  const parts: Filter[] = [{ projectId, isDeleted: false, ...(filters.includeArchived ? {} : { isArchive: false }) }];
  if (filters.suiteIds) parts.push({ suiteId: { $in: filters.suiteIds } });
  if (filters.name) parts.push({ nameKey: { $regex: escapeRegex(filters.name.toLowerCase()) } });
  if (filters.search?.trim()) {
    const words = filters.search.trim().toLowerCase().split(/\s+/);
    const byName: Filter = words.length === 1 ? { nameKey: { $regex: escapeRegex(words[0]!) } } : { $and: words.map((word) => ({ nameKey: { $regex: escapeRegex(word) } })) };
    parts.push(/^\d+$/.test(filters.search.trim()) ? { $or: [byName, { _id: Number(filters.search.trim()) }] } : byName);
  }
  const labels = labelFilter(filters);
  if (labels) parts.push(labels);
  if (filters.createdAfter || filters.createdBefore) {
    parts.push({
      createdAt: {
        ...(filters.createdAfter ? { $gte: new Date(filters.createdAfter).toISOString() } : {}),
        ...(filters.createdBefore ? { $lte: new Date(filters.createdBefore).toISOString() } : {}),
      },
    });
  }
  return parts.length === 1 ? parts[0]! : { $and: parts };
}

/**
 * Whether a label filter holds for most cases: it lets a case through for lacking a label (`or` with `notLabels`, or
 * `notLabels` alone). Its negation then names a label every case it keeps must carry, which the label index finds.
 */
function holdsForMost({ labels = [], notLabels = [], condition = 'or' }: LabelFilter): boolean {
  return notLabels.length > 0 && (condition === 'or' || labels.length === 0);
}

/** One page of a project's cases that pass the filters, and how many pass. */
export async function listCases(readStore: ReadStore, projectId: number, filters: CaseFilters, page: PageWindow): Promise<{ items: CaseDocument[]; count: number }> {
  const cases = readStore.collection<CaseDocument>(CASES);
  const sort = caseSort(filters.ordering);
  if (!holdsForMost(filters)) return findPage(cases, caseFilter(projectId, filters), sort, page);
  // Counted as the cases the other filters keep, less those the label filter leaves out (De Morgan: has ↔ lacks, and ↔ or).
  const unlabelled = { ...filters, labels: undefined, notLabels: undefined };
  const leftOut = { ...filters, labels: filters.notLabels, notLabels: filters.labels, condition: filters.condition === 'and' ? ('or' as const) : ('and' as const) };
  const [all, excluded, items] = await Promise.all([
    cases.count(caseFilter(projectId, unlabelled)),
    cases.count(caseFilter(projectId, leftOut)),
    cases.find(caseFilter(projectId, filters), { sort, skip: page.skip, limit: page.limit }),
  ]);
  return { items, count: all - excluded };
}

/** Deleted cases of the given projects (null: every project), the latest deleted first. */
export function listDeletedCases(readStore: ReadStore, projectIds: readonly number[] | null, page: PageWindow): Promise<{ items: CaseDocument[]; count: number }> {
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
export async function caseIdsInSuites(readStore: ReadStore, projectId: number, suiteIds: readonly number[], deleted: boolean): Promise<number[]> {
  const found = await readStore.collection<CaseDocument>(CASES).find({ projectId, isDeleted: deleted, suiteId: { $in: [...suiteIds] } }, { projection: { _id: 1 } });
  return found.map((item) => item._id);
}

/** The ids of the cases that went to the trash with this suite's delete. */
export async function caseIdsDeletedWithSuite(readStore: ReadStore, projectId: number, suiteId: number): Promise<number[]> {
  const found = await readStore.collection<CaseDocument>(CASES).find({ isDeleted: true, projectId, deletedWithSuite: suiteId }, { projection: { _id: 1 } });
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
