import type { Case, CaseBulkUpdateBody, CaseBulkUpdateTreeBody, caseUnionItem, suiteUnionItem } from '@testament/contracts';
import type { Observable } from 'rxjs';
import type { z } from 'zod';
import { firstPageIfGone, type PageQuery, type Paginated } from '../../../api/paginated.ts';
import { apiPath } from '../../../api/paths.ts';
import { api } from '../../../app/services.ts';
import type { CaseConditions } from './case-filter.ts';

export type UnionSuite = z.output<typeof suiteUnionItem>;
type UnionCase = z.output<typeof caseUnionItem>;
export type UnionItem = UnionSuite | UnionCase;

export type CasesPageQuery = PageQuery & CaseConditions & { project: number; ordering: string };
export type LevelQuery = PageQuery & CaseConditions & { project: number; parent: number | 'null'; ordering: string };

/** The calls of the cases list (§3.3 cases, §3.2 union and tree); bulk dialogs show a 400 themselves. */
export const caseListApi = {
  list: firstPageIfGone((query: CasesPageQuery): Observable<Paginated<Case>> => api.get(apiPath('cases/'), { query: { ...query }, handles: [404] })),
  level: (query: LevelQuery): Observable<Paginated<UnionItem>> => api.get(apiPath('suites/union/'), { query: { ...query } }),
  bulkUpdate: (body: CaseBulkUpdateBody): Observable<Case[]> => api.put(apiPath('cases/bulk-update/'), { json: body }),
  bulkUpdateTree: (body: CaseBulkUpdateTreeBody): Observable<Case[]> => api.put(apiPath('cases/bulk-update-tree/'), { json: body }),
};
