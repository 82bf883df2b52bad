import { testRoutes, type Paginated, type ResultsUnionItem, type Test, type resultsUnionQuery } from '@testament/contracts';
import type { Observable } from 'rxjs';
import type { z } from 'zod';
import { firstPagesJoined } from '../../../api/paginated.ts';
import { api } from '../../../app/services.ts';

export type { ResultsUnionItem, Test } from '@testament/contracts';

/** What the drawer's tabs ask `results-union/` for: one kind or both, in one order. */
export type ActivityQuery = Required<Pick<z.output<typeof resultsUnionQuery>, 'ordering'>> &
  Pick<z.output<typeof resultsUnionQuery>, 'type'>;

/** The drawer's list grows by this many items at a time. */
export const ACTIVITY_PAGE_SIZE = 10;

const tests = api.endpoints(testRoutes);

/** The test calls of §7 the drawer makes. */
export const testDrawerApi = {
  /** For a drawer that stays open: a test gone meanwhile leaves it as it was instead of showing the missing page. */
  watch: (testId: number): Observable<Test> => tests.retrieve({ id: testId }, { handles: [404] }),
  /** `PATCH tests/{id}/ {assignee}` (null unassigns); a refusal is the caller's toast. */
  assign: (testId: number, assignee: number | null): Observable<Test> =>
    tests.update({ id: testId, body: { assignee } }, { handles: [400, 403] }),
  /** The first `pages` pages of the test's results and comments, as one list. */
  activity: (testId: number, query: ActivityQuery, pages: number): Observable<{ results: ResultsUnionItem[]; count: number }> =>
    firstPagesJoined(
      pages,
      (page, handles): Observable<Paginated<ResultsUnionItem>> =>
        tests.resultsUnion({ id: testId, query: { ...query, page, page_size: ACTIVITY_PAGE_SIZE } }, { handles: [...handles, 404] }),
    ),
};
