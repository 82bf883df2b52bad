import { BULK_SYNC_LIMIT, type Test, type TestResultAttributes } from '@testament/contracts';
import { Subject, map, tap, type Observable } from 'rxjs';
import type { Query } from '../../api/api-client.ts';
import { apiPath } from '../../api/paths.ts';
import { announceChange, topics } from '../../app/changes.ts';
import { api, session } from '../../app/services.ts';
import type { TestsBulkTarget, TestsChange } from './tests-bulk-target.ts';

/** How a bulk change of tests went: done, with the changed tests, or running as a job in the background (§4.11). */
export type TestsBulkOutcome = { kind: 'done'; tests: unknown[] } | { kind: 'background' };

const PATHS = { list: 'tests/bulk-update/', tree: 'tests/bulk-update-tree/' } as const;

/** A bulk change went to the background: the shell shows the "Async operation" modal (tests-and-results §8). */
export const backgroundStarted$ = new Subject<void>();

/**
 * Changes every selected test (tests-and-results §7). More than the server
 * answers for at once go as a job (`is_async`); the server then answers with
 * an empty body. The dialog that asked shows a refusal (400, 403, and 409
 * while another job of the user's runs in the project).
 */
export function updateTests(target: TestsBulkTarget, change: TestsChange): Observable<TestsBulkOutcome> {
  const body = { ...target.selection.body, ...change, ...(target.count > BULK_SYNC_LIMIT ? { is_async: true } : {}) };
  return api.put<Test[] | undefined>(apiPath(PATHS[target.selection.view]), { json: body, handles: [400, 403, 409] }).pipe(
    map((tests): TestsBulkOutcome => (tests === undefined ? { kind: 'background' } : { kind: 'done', tests })),
    tap((outcome) => {
      // The job list learns of the new job now rather than at the next live notice.
      const user = session.user;
      if (user) announceChange(topics.bulkJobs(user.id));
      if (outcome.kind === 'done') announceChange(topics.plans(target.projectId));
      else backgroundStarted$.next();
    }),
  );
}

const idList = (ids: readonly number[] | undefined) => ids?.join(',');

/** The selection as the attributes lookup takes it: the list filters beside the selected ids. */
function selectionQuery({ selection }: TestsBulkTarget): Query {
  const chosen =
    selection.view === 'list'
      ? { current_plan: selection.body.current_plan, included_tests: idList(selection.body.included_tests), excluded_tests: idList(selection.body.excluded_tests) }
      : { included_plans: idList(selection.body.included_plans), included_tests: idList(selection.body.included_tests) };
  return { ...selection.body.filter_conditions, project: selection.body.project, ...chosen };
}

/** The result attributes the selected tests' suites ask for with this status (§3.11), for the bulk add-results wizard. */
export function bulkResultAttributes(target: TestsBulkTarget, statusId: number): Observable<TestResultAttributes> {
  return api.get(apiPath('custom-attributes/testresult/'), { query: { ...selectionQuery(target), status_id: statusId } });
}
