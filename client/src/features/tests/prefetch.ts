import type { UserConfig } from '@testament/contracts';
import { prefetch } from '../../app/prefetch.ts';
import { listPageRows } from '../../components/list/paged-table.ts';
import { testConditions, testFilterCodec } from '../../entities/test/test-filter.ts';
import { testListApi } from './list/test-list-api.ts';
import { testListSettings } from './list/test-list-settings.ts';

/**
 * Asks ahead for the first page `TestsTable` will show of a plan's subtree (or the project's tests,
 * `planId` null) at this address: the user's page size, the server's order, the filter in the address.
 * The tree view's levels are left to the tree (it opens the levels the user kept open).
 */
export function prefetchTests(config: UserConfig, projectId: number, planId: number | null, search: URLSearchParams): void {
  if (testListSettings.read().layout !== 'table') return;
  const conditions = testConditions(testFilterCodec.fromParams(search));
  prefetch(testListApi.list, { project: projectId, planId, page: 1, page_size: listPageRows(config, 'tests_table'), conditions });
}
