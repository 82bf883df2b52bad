import {
  NotFoundError,
  UNTESTED_SLICE,
  ValidationError,
  parseOrThrow,
  planMessages,
  planProgressQuery,
  planProgressResponse,
  planStatisticsQuery,
  statusSliceResponse,
  type PlanProgress,
  type StatusSlice,
} from '@testament/contracts';
import { listProjectStatuses, type StatusDocument } from '@testament/projections';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { GatewayContext } from '../../context.ts';
import { visibleProjectOrFail } from '../../http/project-scope.ts';
import { routeContracts } from '../../http/route-schema.ts';
import { requireUser } from '../../plugins/authentication.ts';

const contract = routeContracts('plans');

/** Every status of the project with no tests counted, in its status order, then UNTESTED (§4.5's order when nothing is counted). */
function emptyStatistics(statuses: readonly StatusDocument[]): StatusSlice[] {
  const zero = { value: 0, estimates: 0, empty_estimates: 0 };
  return [...statuses.map((status) => ({ id: status._id, label: status.name.toUpperCase(), color: status.color, ...zero })), { id: null, ...UNTESTED_SLICE, ...zero }];
}

/**
 * The plan figures a project's overview asks for on every open (TestY's web
 * client shows "does not exist" when they fail). No plans exist yet, so a
 * project has no progress rows and no counted tests; the plans' own issue
 * fills these in from their read model.
 */
export default async function planRoutes(app: FastifyInstance, { system }: GatewayContext) {
  const { readStore } = system;
  const visibleProject = (request: FastifyRequest, projectId: string) => visibleProjectOrFail(readStore, requireUser(request), Number(projectId));

  app.get(
    '/api/v2/testplans/statistics/',
    contract({ summary: 'Tests per last status, with estimates, in a project or a plan’s subtree', querystring: planStatisticsQuery, response: { 200: z.array(statusSliceResponse) } }),
    async (request): Promise<StatusSlice[]> => {
      requireUser(request);
      const { project, parent } = (request.query ?? {}) as z.input<typeof planStatisticsQuery>;
      const wholeProject = parent === undefined || parent === '' || parent === 'null';
      if (!wholeProject) throw new NotFoundError(); // a plan that does not exist
      if (project === undefined || project === '') throw ValidationError.general(planMessages.statisticsScope);
      if (!/^\d+$/.test(project)) throw ValidationError.of('project', 'A valid integer is required.');
      const found = await visibleProject(request, project);
      return emptyStatistics(await listProjectStatuses(readStore, found._id, found.settings.statusOrder));
    },
  );

  app.get(
    '/api/v2/projects/:id(^\\d+)/progress/',
    contract({ summary: 'Progress of each root plan of the project that is not archived, in a period', querystring: planProgressQuery, response: { 200: z.array(planProgressResponse) } }),
    async (request): Promise<PlanProgress[]> => {
      await visibleProject(request, (request.params as { id: string }).id);
      parseOrThrow(planProgressQuery, request.query);
      return [];
    },
  );
}
