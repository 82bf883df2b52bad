import { bulkJobRoutes, customAttributeLookupRoutes, type Test, type TestResultAttributes } from '@testament/contracts';
import type { Observable } from 'rxjs';
import type { Query } from '../../../api/api-client.ts';
import { topics } from '../../../app/changes.ts';
import { api } from '../../../app/services.ts';
import { sendBulkUpdate, type BulkOutcome } from '../../bulk-jobs/index.ts';
import type { TestsBulkTarget, TestsChange } from './tests-bulk-target.ts';

const bulkJobs = api.endpoints(bulkJobRoutes);
const attributeLookups = api.endpoints(customAttributeLookupRoutes);

/** Changes every selected test (tests-and-results §7), at once or as a job in the background. */
export function updateTests(target: TestsBulkTarget, change: TestsChange): Observable<BulkOutcome<Test>> {
  const { selection, count, projectId } = target;
  const changes = [topics.plans(projectId)];
  // The list view's selection goes to `tests/bulk-update/`, the tree view's to `tests/bulk-update-tree/`.
  return selection.view === 'list'
    ? sendBulkUpdate({ put: bulkJobs.bulkUpdate, body: { ...selection.body, ...change }, count, changes })
    : sendBulkUpdate({ put: bulkJobs.bulkUpdateTree, body: { ...selection.body, ...change }, count, changes });
}

const idList = (ids: readonly number[] | undefined) => ids?.join(',');

/** The selection as the attributes lookup takes it: the list filters beside the selected ids. */
function selectionQuery({ selection }: TestsBulkTarget): Query {
  const chosen =
    selection.view === 'list'
      ? {
          current_plan: selection.body.current_plan,
          included_tests: idList(selection.body.included_tests),
          excluded_tests: idList(selection.body.excluded_tests),
        }
      : { included_plans: idList(selection.body.included_plans), included_tests: idList(selection.body.included_tests) };
  return { ...selection.body.filter_conditions, project: selection.body.project, ...chosen };
}

/** The result attributes the selected tests' suites ask for with this status (§3.11), for the bulk add-results wizard. */
export function bulkResultAttributes(target: TestsBulkTarget, statusId: number): Observable<TestResultAttributes> {
  return attributeLookups.resultAttributes({ query: { ...selectionQuery(target), status_id: statusId } });
}
