import {
  NotFoundError,
  ValidationError,
  caseCreateBody,
  caseListQuery,
  caseMessages,
  type caseResponse,
  caseRetrieveQuery,
  caseRoutes,
  caseUpdateBody,
  caseCopyBody,
  caseBulkMoveBody,
  caseBulkUpdateBody,
  caseBulkUpdateTreeBody,
  type CaseBulkMoveBody,
  type CaseBulkUpdateBody,
  type CaseBulkUpdateTreeBody,
  caseTreeFilterQuery,
  type CaseSearchNode,
  caseVersionRestoreBody,
  caseVersionTag,
  catalogueMessages,
  parseOrThrow,
  type CaseCreateBody,
  testListQuery,
} from '@testament/contracts';
import type { ReadStore } from '@testament/infra';
import { readStoreAsOf } from '../../http/as-of.ts';
import {
  casesByIds,
  findCase,
  findCaseVersion,
  findCases,
  listCases,
  listDeletedCases,
  type CaseDocument,
} from '@testament/projections/cases/queries';
import { findSuite, type SuiteTree } from '@testament/projections/suites/queries';
import type { LabelDocument } from '@testament/projections/labels/labels-projection';
import { findUser } from '@testament/projections/users/queries';
import { countResults } from '@testament/projections/tests/queries';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { GatewayContext } from '../../context.ts';
import { projectForNewItem } from '../../http/catalogue-routes.ts';
import { ifMatchTags, setEntityTag } from '../../http/conditional.ts';
import { execute } from '../../http/execute.ts';
import { runBulkJob } from '../../http/bulk-job.ts';
import { pageRequest, paginated } from '../../http/pagination.ts';
import { namedInstances, requiredProjectQuery, trashProjects, visibleInProject, visibleProjectOrFail } from '../../http/project-scope.ts';
import { serve } from '../../http/route-schema.ts';
import { ownOrigin, requireUser } from '../../plugins/authentication.ts';
import { throwIfAborted } from '../../plugins/cancellation.ts';
import { userRepresentation } from '../../representations/users.ts';
import {
  caseDetailRepresentation,
  caseRepresentation,
  copiedCaseContent,
  filesOf,
  labelsOf,
  latestShown,
  type CaseShowing,
} from '../../representations/cases.ts';
import { caseFiltersOf, caseShowing, projectContext } from '../../http/case-filters.ts';
import { requireLabelsFit } from './bulk-labels.ts';
import { copyFiles } from '../../http/file-copies.ts';
import { testIdsOfCase } from '../../http/tests-following-cases.ts';
import { listTestsOrdered, testFiltersOf } from '../../http/test-filters.ts';
import { planContext, testRepresentation, testShowing } from '../../representations/tests.ts';

const BASE = '/api/v2/cases/';
/** A case body as the case's content; absent labels and files are left to the command side (kept on an update, D7). */
function contentOf(body: CaseCreateBody) {
  return {
    name: body.name,
    suiteId: body.suite,
    description: body.description ?? '',
    setup: body.setup ?? '',
    scenario: body.scenario ?? '',
    expected: body.expected ?? '',
    teardown: body.teardown ?? '',
    estimate: body.estimate ?? null,
    isSteps: body.is_steps ?? false,
    attributes: body.attributes ?? {},
    steps: (body.steps ?? []).map((step, index) => ({
      ...(step.id === undefined ? {} : { id: step.id }),
      name: step.name,
      scenario: step.scenario,
      expected: step.expected ?? '',
      sortOrder: step.sort_order ?? index + 1,
      ...(step.attachments ? { attachmentIds: step.attachments } : {}),
    })),
    ...(body.labels
      ? {
          labels: body.labels.map((label) => ({
            ...(label.id === undefined ? {} : { id: label.id }),
            name: label.name,
            color: label.color ?? null,
          })),
        }
      : {}),
    ...(body.attachments ? { attachmentIds: body.attachments } : {}),
  };
}

/** `filter_conditions` as the list's query: TestY's web app sends its query values, lists as arrays or comma-joined. */
function conditionsAsQuery(conditions: Record<string, unknown> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(conditions ?? {}).flatMap(([key, value]) =>
      value === null || value === undefined || value === '' ? [] : [[key, Array.isArray(value) ? value.join(',') : String(value)]],
    ),
  );
}

/** `cases/` (§3.3, §4.9, §2.7): lists with filters, versions and history, changes, archive and the trash. */
export default async function serveCases(app: FastifyInstance, context: GatewayContext) {
  const { readStore } = context.system;
  const idOf = (request: FastifyRequest) => Number((request.params as { id: string }).id);

  /** A live case in a project the caller can see. */
  const visibleCase = async (request: FastifyRequest): Promise<CaseDocument> =>
    visibleInProject(readStore, requireUser(request), await findCase(readStore, idOf(request)));
  /**
   * A case as the wire shows it, from the present or (`from`) a past of its project; an answer (`reply`) names its revision in the ETag.
   */
  const detailOf = async (request: FastifyRequest, caseId: number, reply: FastifyReply | null = null, from: ReadStore = readStore) => {
    const found = await findCase(from, caseId);
    if (!found) throw new NotFoundError();
    const context = await projectContext(from, found.projectId);
    if (reply) setEntityTag(reply, caseVersionTag(found.history.length, found.amendments));
    return caseDetailRepresentation(found, latestShown(found), await caseShowing(from, context, [found], ownOrigin(request)));
  };
  const listed = async (request: FastifyRequest, cases: CaseDocument[]) => {
    const showings = new Map<number, CaseShowing>();
    for (const projectId of new Set(cases.map((found) => found.projectId))) {
      const context = await projectContext(readStore, projectId);
      showings.set(
        projectId,
        await caseShowing(
          readStore,
          context,
          cases.filter((found) => found.projectId === projectId),
          ownOrigin(request),
        ),
      );
    }
    return cases.map((found) => caseRepresentation(found, showings.get(found.projectId)!));
  };

  serve(app, caseRoutes.list, async (request) => {
    const project = await visibleProjectOrFail(readStore, requireUser(request), requiredProjectQuery(request.query));
    const query = parseOrThrow(caseListQuery, request.query);
    const page = pageRequest(query);
    const context = await projectContext(readStore, project._id);
    const { items, count } = await listCases(readStore, project._id, caseFiltersOf(query, context.tree), page);
    const showing = await caseShowing(readStore, context, items, ownOrigin(request));
    throwIfAborted(request);
    return paginated(
      request,
      page,
      count,
      items.map((found) => caseRepresentation(found, showing)),
    );
  });

  serve(app, caseRoutes.create, async (request, reply) => {
    const body = parseOrThrow(caseCreateBody, request.body ?? {});
    await projectForNewItem(readStore, requireUser(request), body.project);
    const { caseId } = await execute(context, request, 'cases.create', { projectId: body.project, content: contentOf(body) });
    return reply.code(201).send(await detailOf(request, caseId, reply));
  });

  serve(app, caseRoutes.retrieve, async (request, reply: FastifyReply) => {
    const found = await visibleCase(request);
    const query = parseOrThrow(caseRetrieveQuery, request.query);
    if (query.version !== undefined && query.ver === undefined) {
      const position = found.history.findIndex((row) => row.historyId === Number(query.version));
      if (position < 0) throw new NotFoundError();
      return reply.redirect(`${BASE}${found._id}/?ver=${position + 1}`, 308);
    }
    if (query.ver === undefined)
      return detailOf(
        request,
        found._id,
        reply,
        await readStoreAsOf(context, request, reply, found.projectId, { kind: 'case', caseId: found._id }),
      );
    const version = await findCaseVersion(readStore, found, Number(query.ver));
    if (!version) throw ValidationError.of('ver', caseMessages.incorrectVersion);
    const showing = await caseShowing(readStore, await projectContext(readStore, found.projectId), [version.content], ownOrigin(request));
    return caseDetailRepresentation(found, { content: version.content, isArchive: version.isArchive, version: Number(query.ver) }, showing);
  });

  serve(app, caseRoutes.replace, async (request, reply) => {
    const found = await visibleCase(request);
    const expectedVersionTags = ifMatchTags(request) ?? null;
    const body = parseOrThrow(caseUpdateBody, request.body ?? {});
    if (body.project !== found.projectId) throw ValidationError.of('project', catalogueMessages.projectFixed);
    await execute(context, request, 'cases.update', {
      projectId: found.projectId,
      caseId: found._id,
      content: contentOf(body),
      skipHistory: body.skip_history ?? false,
      expectedVersionTags,
    });
    return detailOf(request, found._id, reply);
  });

  serve(app, caseRoutes.destroy, async (request, reply) => {
    const found = await visibleCase(request);
    await execute(context, request, 'cases.delete', {
      projectId: found.projectId,
      caseId: found._id,
      testIds: await testIdsOfCase(readStore, found._id, 'delete'),
    });
    return reply.code(204).send();
  });

  // §4.13: the tests the case's delete or archive takes along, their results, then the case as the source row.
  async function cascadeRows(caseId: number, change: 'delete' | 'archive') {
    const testIds = await testIdsOfCase(readStore, caseId, change);
    return [
      { verbose_name: 'test', verbose_name_related_model: 'test cases', count: testIds.length },
      {
        verbose_name: 'test result',
        verbose_name_related_model: 'tests',
        count: await countResults(readStore, testIds, change === 'delete'),
      },
      { verbose_name: 'source model', verbose_name_related_model: 'test cases', count: 1 },
    ];
  }
  serve(app, caseRoutes.deletePreview, async (request) => cascadeRows((await visibleCase(request))._id, 'delete'));
  serve(app, caseRoutes.archivePreview, async (request) => cascadeRows((await visibleCase(request))._id, 'archive'));

  serve(app, caseRoutes.archive, async (request, reply) => {
    const found = await visibleCase(request);
    await execute(context, request, 'cases.archive', {
      projectId: found.projectId,
      caseId: found._id,
      testIds: await testIdsOfCase(readStore, found._id, 'archive'),
    });
    return detailOf(request, found._id, reply);
  });

  serve(app, caseRoutes.unarchive, async (request) => {
    const found = await namedInstances(
      readStore,
      requireUser(request),
      request.body,
      (ids) => casesByIds(readStore, ids),
      (item) => !item.isDeleted,
    );
    for (const item of found)
      await execute(context, request, 'cases.unarchive', {
        projectId: item.projectId,
        caseId: item._id,
        testIds: await testIdsOfCase(readStore, item._id, 'unarchive'),
      });
    return listed(
      request,
      await casesByIds(
        readStore,
        found.map((item) => item._id),
      ),
    );
  });

  serve(app, caseRoutes.restoreVersion, async (request, reply) => {
    const found = await visibleCase(request);
    const { version } = parseOrThrow(caseVersionRestoreBody, request.body ?? {});
    await execute(context, request, 'cases.restoreVersion', { projectId: found.projectId, caseId: found._id, version });
    return detailOf(request, found._id, reply);
  });

  serve(app, caseRoutes.history, async (request) => {
    const found = await visibleCase(request);
    const query = request.query as Record<string, string>;
    const page = pageRequest(query);
    const rows = found.history.map((row, index) => ({ ...row, version: index + 1 }));
    const ordering = query.ordering || '-history_date';
    const key = ordering.replace(/^-/, '');
    if (!['history_date', 'history_user', 'history_type'].includes(key)) throw ValidationError.of('ordering', 'Invalid ordering.');
    const sortKey = (row: (typeof rows)[number]) =>
      key === 'history_user' ? (row.userId ?? 0) : key === 'history_type' ? row.action : row.version;
    rows.sort(
      (a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : a.version - b.version) * (ordering.startsWith('-') ? -1 : 1),
    );
    const shown = rows.slice(page.skip, page.skip + page.limit);
    const users = new Map<number, Awaited<ReturnType<typeof findUser>>>();
    for (const userId of new Set(shown.flatMap((row) => (row.userId === null ? [] : [row.userId]))))
      users.set(userId, await findUser(readStore, userId));
    const origin = ownOrigin(request);
    return paginated(
      request,
      page,
      rows.length,
      shown.map((row) => {
        const user = row.userId === null ? null : users.get(row.userId);
        return { user: user ? userRepresentation(user, origin) : null, version: row.version, action: row.action, history_date: row.date };
      }),
    );
  });

  serve(app, caseRoutes.copy, async (request) => {
    const body = parseOrThrow(caseCopyBody, request.body ?? {});
    const sources = await casesByIds(
      readStore,
      body.cases.map((item) => item.id),
    );
    const missing = body.cases.find((item) => !sources.some((found) => found._id === item.id && !found.isDeleted));
    if (missing) throw ValidationError.of('cases', catalogueMessages.projectUnknown(missing.id));
    for (const found of sources) await visibleProjectOrFail(readStore, requireUser(request), found.projectId);
    const destination = body.dst_suite_id === undefined ? undefined : await findSuite(readStore, body.dst_suite_id);
    if (body.dst_suite_id !== undefined && !destination)
      throw ValidationError.of('dst_suite_id', catalogueMessages.projectUnknown(body.dst_suite_id));
    if (destination && sources.some((found) => found.projectId !== destination.projectId))
      throw ValidationError.general(caseMessages.copyToAnotherProject);
    const copies: number[] = [];
    for (const item of body.cases) {
      const found = sources.find((source) => source._id === item.id)!;
      const { labels } = await projectContext(readStore, found.projectId);
      const fileCopies = await copyFiles(context, request, found.projectId, filesOf(found), `case-${found._id}`);
      const content = {
        ...copiedCaseContent(found, labels, true, fileCopies),
        name: item.new_name ?? found.name,
        suiteId: destination?._id ?? found.suiteId,
      };
      const { caseId } = await execute(
        context,
        request,
        'cases.create',
        { projectId: found.projectId, content },
        { idempotencyPart: String(item.id) },
      );
      copies.push(caseId);
    }
    return Promise.all(copies.map((caseId) => detailOf(request, caseId)));
  });

  /**
   * Moves and/or relabels the selected cases as a bulk job, each as a new
   * version: answered with them as lists show them when it ends, or at once
   * with an empty body when it runs in the background (over BULK_SYNC_LIMIT, or `is_async`).
   */
  const runBulkChange = async (
    request: FastifyRequest,
    reply: FastifyReply,
    projectId: number,
    selected: CaseDocument[],
    change: CaseBulkUpdateTreeBody,
  ) => {
    if (change.suite !== undefined && (await findSuite(readStore, change.suite))?.projectId !== projectId)
      throw ValidationError.of('suite', catalogueMessages.projectUnknown(change.suite));
    await requireLabelsFit(readStore, projectId, selected, change);
    const labels = change.labels_action ? { action: change.labels_action, labels: change.labels ?? [] } : null;
    const itemIds = selected.map((found) => found._id);
    const job = {
      projectId,
      operation: { kind: 'cases' as const, suiteId: change.suite ?? null, labels },
      itemIds,
      suiteIds: [],
      planId: null,
    };
    if (!(await runBulkJob(context, request, job, change.is_async))) return reply.code(200).send();
    return listed(request, await casesByIds(readStore, itemIds));
  };
  /** The project's cases its filter conditions select, with what is needed to change them. */
  const filtered = async (request: FastifyRequest, body: Pick<CaseBulkUpdateTreeBody, 'project' | 'filter_conditions'>) => {
    const project = await visibleProjectOrFail(readStore, requireUser(request), body.project);
    const { tree } = await projectContext(readStore, project._id);
    const conditions = parseOrThrow(caseListQuery, conditionsAsQuery(body.filter_conditions));
    return { projectId: project._id, tree, cases: await findCases(readStore, project._id, caseFiltersOf(conditions, tree)) };
  };

  /**
   * The list view's selection: what the filters keep (within `current_suite`'s subtree; null or absent, the whole project), minus
   * exclusions or only the included ones.
   */
  const listSelection = async (request: FastifyRequest, body: CaseBulkMoveBody | CaseBulkUpdateBody) => {
    const { projectId, tree, cases } = await filtered(request, body);
    const within =
      body.current_suite == null
        ? undefined
        : new Set([body.current_suite, ...tree.descendantsOf(body.current_suite).map((node) => node.id)]);
    const excluded = new Set(body.excluded_cases);
    const included = body.included_cases && new Set(body.included_cases);
    return {
      projectId,
      selected: cases.filter(
        (found) => (!within || within.has(found.suiteId)) && (!included || included.has(found._id)) && !excluded.has(found._id),
      ),
    };
  };

  serve(app, caseRoutes.bulkUpdate, async (request, reply) => {
    const body = parseOrThrow(caseBulkUpdateBody, request.body ?? {});
    const { projectId, selected } = await listSelection(request, body);
    return runBulkChange(request, reply, projectId, selected, body);
  });

  serve(app, caseRoutes.bulkMove, async (request, reply) => {
    const body = parseOrThrow(caseBulkMoveBody, request.body ?? {});
    const { projectId, selected } = await listSelection(request, body);
    return runBulkChange(request, reply, projectId, selected, body);
  });

  serve(app, caseRoutes.bulkUpdateTree, async (request, reply) => {
    const body = parseOrThrow(caseBulkUpdateTreeBody, request.body ?? {});
    const { projectId, tree, cases } = await filtered(request, body);
    const suites = new Set(
      (body.included_suites ?? []).flatMap((suiteId) => [suiteId, ...tree.descendantsOf(suiteId).map((node) => node.id)]),
    );
    const included = new Set(body.included_cases);
    return runBulkChange(
      request,
      reply,
      projectId,
      cases.filter((found) => suites.has(found.suiteId) || included.has(found._id)),
      body,
    );
  });

  serve(app, caseRoutes.search, async (request) => {
    const project = await visibleProjectOrFail(readStore, requireUser(request), requiredProjectQuery(request.query));
    const query = parseOrThrow(caseTreeFilterQuery, request.query);
    const { tree, labels } = await projectContext(readStore, project._id);
    const matches = await findCases(readStore, project._id, caseFiltersOf(query, tree));
    throwIfAborted(request);
    return pickerTree(tree, labels, matches);
  });

  serve(app, caseRoutes.tests, async (request) => {
    const found = await visibleCase(request);
    const query = parseOrThrow(testListQuery, request.query);
    const page = pageRequest(query);
    const planning = await planContext(readStore, await visibleProjectOrFail(readStore, requireUser(request), found.projectId));
    const filters = { ...(await testFiltersOf(readStore, planning, query)), caseIds: [found._id] };
    const { items, count } = await listTestsOrdered(readStore, planning, filters, query.ordering, 'id', page);
    const showing = await testShowing(readStore, planning, items, ownOrigin(request));
    return paginated(
      request,
      page,
      count,
      items.map((test) => testRepresentation(test, showing)),
    );
  });

  registerCaseTrash(app, context, listed);
}

/** The suites that hold matches or hold suites that do, each with its matching cases, from the roots down. */
function pickerTree(tree: SuiteTree, labels: ReadonlyMap<number, LabelDocument>, matches: CaseDocument[]): CaseSearchNode[] {
  const casesOf = new Map<number, CaseDocument[]>();
  const kept = new Set<number>();
  for (const found of matches) {
    casesOf.set(found.suiteId, [...(casesOf.get(found.suiteId) ?? []), found]);
    for (const node of tree.pathTo(found.suiteId)) kept.add(node.id);
  }
  const build = (parentId: number | null): CaseSearchNode[] =>
    tree
      .childrenByName(parentId)
      .filter((node) => kept.has(node.id))
      .map((node) => ({
        id: node.id,
        name: node.name,
        title: node.name,
        parent_id: node.parentId,
        children: build(node.id),
        test_cases: (casesOf.get(node.id) ?? []).map((found) => ({
          id: found._id,
          name: found.name,
          suite_id: found.suiteId,
          labels: labelsOf(found.labelIds, labels),
          is_archive: found.isArchive,
        })),
      }));
  return build(null);
}

/** `cases/deleted/`: the trash of the cases the caller can see, recovery and removal (§2.7). */
function registerCaseTrash(
  app: FastifyInstance,
  context: GatewayContext,
  listed: (request: FastifyRequest, cases: CaseDocument[]) => Promise<z.output<typeof caseResponse>[]>,
) {
  const { readStore } = context.system;
  serve(app, caseRoutes.trash, async (request) => {
    const scope = await trashProjects(readStore, requireUser(request), request.query);
    const page = pageRequest(request.query as Record<string, string>);
    const { items, count } = await listDeletedCases(readStore, scope, page);
    return paginated(request, page, count, await listed(request, items));
  });

  const trashed = (request: FastifyRequest): Promise<CaseDocument[]> =>
    namedInstances(
      readStore,
      requireUser(request),
      request.body,
      (ids) => casesByIds(readStore, ids),
      (item) => item.isDeleted,
    );

  serve(app, caseRoutes.recover, async (request) => {
    const found = await trashed(request);
    for (const item of found)
      await execute(context, request, 'cases.recover', {
        projectId: item.projectId,
        caseId: item._id,
        testIds: await testIdsOfCase(readStore, item._id, 'recover'),
      });
    return listed(
      request,
      await casesByIds(
        readStore,
        found.map((item) => item._id),
      ),
    );
  });

  serve(app, caseRoutes.remove, async (request, reply) => {
    for (const item of await trashed(request))
      await execute(context, request, 'cases.remove', {
        projectId: item.projectId,
        caseId: item._id,
        testIds: await testIdsOfCase(readStore, item._id, 'remove'),
      });
    return reply.code(204).send();
  });
}
