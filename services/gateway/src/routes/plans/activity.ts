import {
  ACTIVITY_ACTIONS,
  parseOrThrow,
  planActivityQuery,
  type ActivityItem,
  type PlanActivityQuery,
  planRoutes,
} from '@testament/contracts';
import type { Sort } from '@testament/infra';
import {
  activityRowsByIds,
  findActivityKeys,
  listActivity,
  planHistories,
  statusesInHistory,
  type ActivityFilters,
  type ActivityRowDocument,
} from '@testament/projections/result-history/queries';
import { findTestFields, testsByIds } from '@testament/projections/tests/queries';
import { storedUsersByIds, userIdsWithUsernameContaining } from '@testament/projections/users/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../../context.ts';
import { pageRequest, paginated, type PageRequest } from '../../http/pagination.ts';
import { visibleProjectOrFail } from '../../http/project-scope.ts';
import { serve } from '../../http/route-schema.ts';
import { ownOrigin, requireUser } from '../../plugins/authentication.ts';
import { statusRepresentation } from '../../representations/statuses.ts';
import { planContext, type PlanContext } from '../../representations/tests.ts';
import { avatarLink } from '../../representations/users.ts';

import { planBreadcrumbs } from '../../representations/plans.ts';

const ORDER_FIELDS: Record<string, string> = { history_date: 'at', history_user: 'userId', history_type: 'type' };
const BY_TEST_NAME = 'test__case__name';

/** The requested order of the rows the documents hold, newest first by default, ties by position in the log. */
function activitySort(ordering: string | undefined): Sort {
  const sort: Sort = {};
  for (const term of (ordering || '-history_date').split(',')) {
    const field = ORDER_FIELDS[term.replace(/^-/, '')];
    if (field && !(field in sort)) sort[field] = term.startsWith('-') ? -1 : 1;
  }
  if (!('at' in sort)) sort.at = -1;
  return { ...sort, _id: sort.at! };
}

/** `testplans/{id}/activity/` and `activity/statuses/` (§3.4, §4.8): the history of the results in a plan's subtree. */
export function registerPlanActivity(
  app: FastifyInstance,
  context: GatewayContext,
  visiblePlan: (request: FastifyRequest) => Promise<{ _id: number; projectId: number }>,
) {
  const { readStore } = context.system;

  async function filtersOf(planning: PlanContext, planId: number, query: PlanActivityQuery): Promise<ActivityFilters> {
    const planIds = planning.plans.subtreeIds(planId);
    const text = query.search?.trim();
    const [testIds, userIds] = text
      ? await Promise.all([
          findTestFields(readStore, planning.project._id, { planIds, search: text, includeArchived: true }, []).then((tests) =>
            tests.map((test) => test._id),
          ),
          userIdsWithUsernameContaining(readStore, text),
        ])
      : [];
    return {
      planIds,
      types: query.history_type,
      // `null` is a status no history row has (every result has a status).
      statuses: query.status?.split(',').flatMap((value) => (value === 'null' ? [] : [Number(value)])),
      userIds: query.history_user,
      testIds: query.test,
      search: text ? { testIds: testIds!, userIds: userIds! } : undefined,
    };
  }

  /** A page of rows: by test name, the matching rows' keys are sorted here; every other order is an index walk. */
  async function pageOf(planning: PlanContext, filters: ActivityFilters, ordering: string | undefined, page: PageRequest) {
    const byName = ordering?.split(',').find((term) => term.replace(/^-/, '') === BY_TEST_NAME);
    if (!byName) return listActivity(readStore, planning.project._id, filters, activitySort(ordering), page);
    const keys = await findActivityKeys(readStore, planning.project._id, filters);
    const names = new Map(
      (await testsByIds(readStore, [...new Set(keys.map((key) => key.testId))])).map((test) => [test._id, test.nameKey]),
    );
    const direction = byName.startsWith('-') ? -1 : 1;
    keys.sort((a, b) => {
      const [x, y] = [names.get(a.testId) ?? '', names.get(b.testId) ?? ''];
      return x !== y ? (x < y ? -direction : direction) : a.at !== b.at ? (a.at < b.at ? 1 : -1) : b._id - a._id;
    });
    return {
      items: await activityRowsByIds(
        readStore,
        keys.slice(page.skip, page.skip + page.limit).map((key) => key._id),
      ),
      count: keys.length,
    };
  }

  async function itemsOf(planning: PlanContext, rows: ActivityRowDocument[], origin: string): Promise<ActivityItem[]> {
    const [tests, users] = await Promise.all([
      testsByIds(readStore, [...new Set(rows.map((row) => row.testId))]),
      storedUsersByIds(
        readStore,
        rows.flatMap((row) => (row.userId === null ? [] : [row.userId])),
      ),
    ]);
    const names = new Map(tests.map((test) => [test._id, test.name]));
    return rows.map((row) => {
      const user = row.userId === null ? undefined : users.get(row.userId);
      return {
        id: row.resultId,
        status: row.status,
        status_text: row.statusName,
        status_color: row.statusColor,
        username: user?.username ?? 'unknown',
        action: ACTIVITY_ACTIONS[row.type],
        test_id: row.testId,
        test_name: names.get(row.testId) ?? '',
        action_timestamp: row.at,
        avatar_link: user ? avatarLink(user, origin) : null,
        is_archive: row.isArchive,
        breadcrumbs: planBreadcrumbs(planning, row.planId),
      };
    });
  }

  serve(app, planRoutes.activity, async (request) => {
    const plan = await visiblePlan(request);
    const query = parseOrThrow(planActivityQuery, request.query);
    const page = pageRequest(query);
    const planning = await planContext(readStore, await visibleProjectOrFail(readStore, requireUser(request), plan.projectId));
    const { items, count } = await pageOf(planning, await filtersOf(planning, plan._id, query), query.ordering, page);
    // Paged first, then grouped by day within the page (K6): a day can continue on the next page.
    const days: Record<string, ActivityItem[]> = {};
    for (const item of await itemsOf(planning, items, ownOrigin(request))) {
      const day = `${item.action_timestamp.slice(0, 10)}T00:00:00Z`;
      days[day] ??= [];
      days[day].push(item);
    }
    return paginated(request, page, count, days);
  });

  serve(app, planRoutes.activityStatuses, async (request) => {
    const plan = await visiblePlan(request);
    const planning = await planContext(readStore, await visibleProjectOrFail(readStore, requireUser(request), plan.projectId));
    const met = statusesInHistory(await planHistories(readStore, planning.plans.subtreeIds(plan._id)));
    return [...planning.statuses.values()]
      .filter((status) => met.has(status._id))
      .map((status) => statusRepresentation(status, ownOrigin(request)));
  });
}
