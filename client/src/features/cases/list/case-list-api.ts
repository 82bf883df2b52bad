import {
  PAGE_SIZE_MAX,
  caseRoutes,
  suiteRoutes,
  type Case,
  type CaseBulkUpdateBody,
  type CaseBulkUpdateTreeBody,
  type caseUnionItem,
  type suiteUnionItem,
} from '@testament/contracts';
import type { Observable } from 'rxjs';
import type { z } from 'zod';
import { everyId, firstPageIfGone, type PageQuery, type Paginated } from '../../../api/paginated.ts';
import { topics } from '../../../app/changes.ts';
import { api } from '../../../app/services.ts';
import { sendBulkUpdate, type BulkOutcome } from '../../bulk-jobs/index.ts';
import type { CaseConditions } from './case-filter.ts';

export type UnionSuite = z.output<typeof suiteUnionItem>;
type UnionCase = z.output<typeof caseUnionItem>;
export type UnionItem = UnionSuite | UnionCase;

export type CasesPageQuery = PageQuery & CaseConditions & { project: number; ordering: string };
export type LevelQuery = PageQuery & CaseConditions & { project: number; parent: number | 'null'; ordering: string };

const cases = api.endpoints(caseRoutes);
const suites = api.endpoints(suiteRoutes);

const casesPage = (query: CasesPageQuery, handles: number[] = []): Observable<Paginated<Case>> => cases.list({ query }, { handles });

/** What a bulk change of cases touches: the lists and the tree, and after labels the project's labels (some may be new). */
const bulkChanges = ({ project, labels_action }: Pick<CaseBulkUpdateBody, 'project' | 'labels_action'>): string[] => [
  topics.suites(project),
  ...(labels_action ? [topics.project(project)] : []),
];

/** The calls of the cases list (§3.3 cases, §3.2 union and tree); bulk dialogs show their refusals themselves. */
export const caseListApi = {
  list: firstPageIfGone((query: CasesPageQuery) => casesPage(query, [404])),
  /** The ids of every case the conditions select, a page of the largest size at a time. */
  ids: (query: CaseConditions & { project: number }): Observable<number[]> =>
    everyId((page) => casesPage({ ...query, page, page_size: PAGE_SIZE_MAX, ordering: 'id' })),
  /** A tree level (`suites/union/`) filters its cases as the list does, except by when their suites were made: those are not sent. */
  level: (
    { show_descendants: _descendants, test_suite_created_after: _after, test_suite_created_before: _before, ...query }: LevelQuery,
    handles: number[] = [],
  ): Observable<Paginated<UnionItem>> => suites.union({ query }, { handles }),
  /** `count`: how many cases the body selects; over the server's limit they change in the background (§4.11). */
  bulkUpdate: (body: CaseBulkUpdateBody, count: number): Observable<BulkOutcome<Case>> =>
    sendBulkUpdate({ put: cases.bulkUpdate, body, count, changes: bulkChanges(body) }),
  bulkUpdateTree: (body: CaseBulkUpdateTreeBody, count: number): Observable<BulkOutcome<Case>> =>
    sendBulkUpdate({ put: cases.bulkUpdateTree, body, count, changes: bulkChanges(body) }),
};
