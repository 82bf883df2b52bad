import type { Test, TestResultAttributes } from '@testament/contracts';
import type { Observable } from 'rxjs';
import type { Query } from '../../api/api-client.ts';
import { apiPath } from '../../api/paths.ts';
import { topics } from '../../app/changes.ts';
import { api } from '../../app/services.ts';
import { sendBulkUpdate, type BulkOutcome } from './bulk-update.ts';
import type { TestsBulkTarget, TestsChange } from './tests-bulk-target.ts';

const PATHS = { list: 'tests/bulk-update/', tree: 'tests/bulk-update-tree/' } as const;

/** Changes every selected test (tests-and-results §7), at once or as a job in the background. */
export function updateTests(target: TestsBulkTarget, change: TestsChange): Observable<BulkOutcome<Test>> {
  const { selection, count, projectId } = target;
  return sendBulkUpdate<Test>({ path: PATHS[selection.view], body: { ...selection.body, ...change }, count, changes: [topics.plans(projectId)] });
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
