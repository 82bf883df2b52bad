import { PAGE_SIZE_MAX, type Case, type CaseBulkUpdateBody, type CaseBulkUpdateTreeBody, type caseUnionItem, type suiteUnionItem } from '@testament/contracts';
import type { Observable } from 'rxjs';
import type { z } from 'zod';
import { everyId, firstPageIfGone, type PageQuery, type Paginated } from '../../../api/paginated.ts';
import { apiPath } from '../../../api/paths.ts';
import { topics } from '../../../app/changes.ts';
import { api } from '../../../app/services.ts';
import { sendBulkUpdate, type BulkOutcome } from '../../bulk-jobs/bulk-update.ts';
import type { CaseConditions } from './case-filter.ts';

export type UnionSuite = z.output<typeof suiteUnionItem>;
type UnionCase = z.output<typeof caseUnionItem>;
export type UnionItem = UnionSuite | UnionCase;

export type CasesPageQuery = PageQuery & CaseConditions & { project: number; ordering: string };
export type LevelQuery = PageQuery & CaseConditions & { project: number; parent: number | 'null'; ordering: string };

const casesPage = (query: CasesPageQuery, handles: number[] = []): Observable<Paginated<Case>> => api.get(apiPath('cases/'), { query: { ...query }, handles });

/** What a bulk change of cases touches: the lists and the tree, and after labels the project's labels (some may be new). */
const bulkChanges = ({ project, labels_action }: Pick<CaseBulkUpdateBody, 'project' | 'labels_action'>): string[] => [topics.suites(project), ...(labels_action ? [topics.project(project)] : [])];

/** The calls of the cases list (§3.3 cases, §3.2 union and tree); bulk dialogs show their refusals themselves. */
export const caseListApi = {
  list: firstPageIfGone((query: CasesPageQuery) => casesPage(query, [404])),
  /** The ids of every case the conditions select, a page of the largest size at a time. */
  ids: (query: CaseConditions & { project: number }): Observable<number[]> => everyId((page) => casesPage({ ...query, page, page_size: PAGE_SIZE_MAX, ordering: 'id' })),
  level: (query: LevelQuery, handles: number[] = []): Observable<Paginated<UnionItem>> => api.get(apiPath('suites/union/'), { query: { ...query }, handles }),
  /** `count`: how many cases the body selects; over the server's limit they change in the background (§4.11). */
  bulkUpdate: (body: CaseBulkUpdateBody, count: number): Observable<BulkOutcome<Case>> => sendBulkUpdate({ path: 'cases/bulk-update/', body, count, changes: bulkChanges(body) }),
  bulkUpdateTree: (body: CaseBulkUpdateTreeBody, count: number): Observable<BulkOutcome<Case>> => sendBulkUpdate({ path: 'cases/bulk-update-tree/', body, count, changes: bulkChanges(body) }),
};
