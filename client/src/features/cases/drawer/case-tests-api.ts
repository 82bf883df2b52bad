import { caseRoutes, type Paginated, type Test, type testListQuery } from '@testament/contracts';
import type { Observable } from 'rxjs';
import type { z } from 'zod';
import { firstPageIfGone, type PageQuery } from '../../../api/paginated.ts';
import { api } from '../../../app/services.ts';

/** What the Tests tab asks `cases/{id}/tests/` for: the tests list's order, status filter and archive switch, a page at a time. */
export type CaseTestsQuery = PageQuery &
  Pick<z.input<typeof testListQuery>, 'ordering' | 'last_status' | 'is_archive'> & { caseId: number };

const cases = api.endpoints(caseRoutes);

/** Case tests come 5 a page (tests-and-results §9). */
export const CASE_TESTS_PAGE_SIZE = 5;

/** The tests of a case in the project's plans (the case drawer's Tests tab). */
export const caseTests = firstPageIfGone(
  ({ caseId, ...query }: CaseTestsQuery): Observable<Paginated<Test>> => cases.tests({ id: caseId, query }, { handles: [404] }),
);
