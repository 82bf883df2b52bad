import {
  NotFoundError,
  ValidationError,
  catalogueMessages,
  parseOrThrow,
  suiteCreateBody,
  suiteDescendantsQuery,
  suiteListQuery,
  suitePatchBody,
  suiteRoutes,
  suiteCopyBody,
  suiteMessages,
  suiteUnionQuery,
  caseListQuery,
  caseTreeFilterQuery,
  type SuiteListQuery,
} from '@testament/contracts';
import { attachmentsByIds } from '@testament/projections/attachments/queries';
import {
  caseIdsDeletedWithSuite,
  caseIdsInSuites,
  findCases,
  listCases,
  matchingCasesPerSuite,
} from '@testament/projections/cases/queries';
import {
  findSuite,
  findSuiteTree,
  listDeletedSuites,
  listSuites,
  suitesByIds,
  type SuiteDocument,
  type SuiteFilters,
  type SuiteTree,
} from '@testament/projections/suites/queries';
import { findTestFields } from '@testament/projections/tests/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../../context.ts';
import { projectForNewItem } from '../../http/catalogue-routes.ts';
import { execute } from '../../http/execute.ts';
import { pageRequest, paginated } from '../../http/pagination.ts';
import { namedInstances, requiredProjectQuery, trashProjects, visibleInProject, visibleProjectOrFail } from '../../http/project-scope.ts';
import { serve } from '../../http/route-schema.ts';
import { ownOrigin, requireUser } from '../../plugins/authentication.ts';
import { throwIfAborted } from '../../plugins/cancellation.ts';
import { attachmentRepresentation } from '../../representations/attachments.ts';
import { caseFiltersOf, caseShowing, projectContext } from '../../http/case-filters.ts';
import { caseRepresentation, copiedCaseContent, filesOf } from '../../representations/cases.ts';
import { casesWithTests } from '../../http/tests-following-cases.ts';
import { copyFiles } from '../../http/file-copies.ts';
import { requireFitsUnder } from '../../http/tree-depth.ts';
import { breadcrumbsOf, descendantsTree, suiteRepresentation, suiteWriteRepresentation } from '../../representations/suites.ts';

/** `?parent=null` is the roots, a number that suite's children. */
const parentFilter = (parent: string | undefined): number | null | undefined =>
  parent === undefined ? undefined : parent === 'null' ? null : Number(parent);

function filtersOf(query: SuiteListQuery): SuiteFilters {
  return {
    parent: parentFilter(query.parent),
    search: query.search,
    treesearch: query.treesearch,
    path: query.path,
    pathExact: query.path_exact,
    createdAfter: query.test_suite_created_after,
    createdBefore: query.test_suite_created_before,
    ordering: query.ordering,
  };
}

/** `suites/` (§3.2, §2.7, §2.8): lists and levels, one suite, its place in the tree, changes and the trash. */
export default async function serveSuites(app: FastifyInstance, context: GatewayContext) {
  const { readStore } = context.system;
  const idOf = (request: FastifyRequest) => Number((request.params as { id: string }).id);

  /** A live suite in a project the caller can see; 404 otherwise (403 when the project is hidden). */
  const visibleSuite = async (request: FastifyRequest): Promise<SuiteDocument> =>
    visibleInProject(readStore, requireUser(request), await findSuite(readStore, idOf(request)));
  const written = async (request: FastifyRequest, id: number) => {
    const suite = await findSuite(readStore, id);
    if (!suite) throw new NotFoundError();
    return suiteWriteRepresentation(suite, await findSuiteTree(readStore, suite.projectId), ownOrigin(request));
  };

  serve(app, suiteRoutes.list, async (request) => {
    const project = await visibleProjectOrFail(readStore, requireUser(request), requiredProjectQuery(request.query));
    const query = parseOrThrow(suiteListQuery, request.query);
    const page = pageRequest(query);
    const { items, count, tree } = await listSuites(readStore, project._id, filtersOf(query), page);
    const suites = await suitesByIds(
      readStore,
      items.map((node) => node.id),
    );
    throwIfAborted(request);
    return paginated(
      request,
      page,
      count,
      suites.map((suite) => suiteRepresentation(suite, tree, ownOrigin(request))),
    );
  });

  serve(app, suiteRoutes.create, async (request, reply) => {
    const body = parseOrThrow(suiteCreateBody, request.body ?? {});
    await projectForNewItem(readStore, requireUser(request), body.project);
    const { id } = await execute(context, request, 'suites.create', {
      projectId: body.project,
      parentId: body.parent ?? null,
      name: body.name,
      description: body.description ?? '',
      attributes: body.attributes ?? {},
      attachmentIds: body.attachments ?? [],
    });
    return reply.code(201).send({ ...(await written(request, id)), test_cases: [], attachments: body.attachments ?? [] });
  });

  serve(app, suiteRoutes.retrieve, async (request) => {
    const suite = await visibleSuite(request);
    const tree = await findSuiteTree(readStore, suite.projectId);
    const attachments = (await attachmentsByIds(readStore, suite.attachmentIds)).map((attachment) =>
      attachmentRepresentation(attachment, ownOrigin(request)),
    );
    return { ...suiteRepresentation(suite, tree, ownOrigin(request)), breadcrumbs: breadcrumbsOf(tree, suite._id), attachments };
  });

  const update = async (request: FastifyRequest) => {
    const suite = await visibleSuite(request);
    const body = parseOrThrow(suitePatchBody, request.body ?? {});
    if (body.project !== undefined && body.project !== suite.projectId) throw ValidationError.of('project', catalogueMessages.projectFixed);
    // Files left out stay (D7); a list, [] included, is the whole set.
    const changes = {
      name: body.name,
      description: body.description,
      attributes: body.attributes,
      parentId: body.parent,
      attachmentIds: body.attachments,
    };
    await execute(context, request, 'suites.change', { projectId: suite.projectId, id: suite._id, changes });
    return written(request, suite._id);
  };
  serve(app, suiteRoutes.update, update);
  serve(app, suiteRoutes.replace, update);

  serve(app, suiteRoutes.destroy, async (request, reply) => {
    const suite = await visibleSuite(request);
    const caseIds = await caseIdsInSuites(readStore, suite.projectId, await subtreeIds(suite), false);
    await execute(context, request, 'suites.delete', {
      projectId: suite.projectId,
      id: suite._id,
      cases: await casesWithTests(readStore, caseIds, 'delete'),
    });
    return reply.code(204).send();
  });

  /** The suite and the live suites under it. */
  const subtreeIds = async (suite: SuiteDocument) => [
    suite._id,
    ...(await findSuiteTree(readStore, suite.projectId)).descendantsOf(suite._id).map((node) => node.id),
  ];

  // §4.13: the cases the delete takes (archived ones too), then the suites as the source row; rows of 0 are left to the client to hide.
  serve(app, suiteRoutes.deletePreview, async (request) => {
    const suite = await visibleSuite(request);
    const suiteIds = await subtreeIds(suite);
    const cases = (await caseIdsInSuites(readStore, suite.projectId, suiteIds, false)).length;
    return [
      { verbose_name: 'test case', verbose_name_related_model: 'test suites', count: cases },
      { verbose_name: 'source model', verbose_name_related_model: 'test suites', count: suiteIds.length },
    ];
  });

  serve(app, suiteRoutes.ancestors, async (request) => {
    const suite = await visibleSuite(request);
    return (await findSuiteTree(readStore, suite.projectId))
      .pathTo(suite._id)
      .slice(0, -1)
      .map((node) => node.id);
  });

  serve(app, suiteRoutes.breadcrumbs, async (request) => {
    const suite = await visibleSuite(request);
    return breadcrumbsOf(await findSuiteTree(readStore, suite.projectId), suite._id);
  });

  serve(app, suiteRoutes.descendantsTree, async (request) => {
    const suite = await visibleSuite(request);
    return descendantsTree(await findSuiteTree(readStore, suite.projectId), suite._id);
  });

  serve(app, suiteRoutes.tree, async (request) => {
    const project = await visibleProjectOrFail(readStore, requireUser(request), requiredProjectQuery(request.query));
    const parent = parentFilter(parseOrThrow(suiteDescendantsQuery, request.query).parent) ?? null;
    return descendantsTree(await findSuiteTree(readStore, project._id), parent);
  });

  serve(app, suiteRoutes.copy, async (request) => {
    const body = parseOrThrow(suiteCopyBody, request.body ?? {});
    const user = requireUser(request);
    const sources: SuiteDocument[] = [];
    for (const item of body.suites) {
      const found = await findSuite(readStore, item.id);
      if (!found) throw ValidationError.of('suites', catalogueMessages.projectUnknown(item.id));
      sources.push(await visibleInProject(readStore, user, found));
    }
    if (body.dst_project_id !== undefined) await projectForNewItem(readStore, user, body.dst_project_id);
    const destination = body.dst_suite_id === undefined ? undefined : await findSuite(readStore, body.dst_suite_id);
    if (body.dst_suite_id !== undefined && !destination)
      throw ValidationError.of('dst_suite_id', catalogueMessages.projectUnknown(body.dst_suite_id));
    const placed: Array<{ source: SuiteDocument; projectId: number; parentId: number | null }> = [];
    for (const source of sources) {
      const projectId = body.dst_project_id ?? destination?.projectId ?? source.projectId;
      if (destination && destination.projectId !== projectId) throw ValidationError.of('dst_suite_id', suiteMessages.destinationElsewhere);
      const parentId = destination?._id ?? (projectId === source.projectId ? source.parentId : null);
      const height = (await findSuiteTree(readStore, source.projectId)).heightOf(source._id);
      requireFitsUnder(await findSuiteTree(readStore, projectId), parentId, height, destination ? 'dst_suite_id' : 'suites');
      placed.push({ source, projectId, parentId });
    }
    const copier = suiteCopier(context, request);
    const roots: number[] = [];
    for (const [index, { source, projectId, parentId }] of placed.entries())
      roots.push(await copier.copy(source, projectId, parentId, body.suites[index]!.new_name ?? source.name));
    return Promise.all(roots.map((id) => written(request, id)));
  });

  registerSuiteCases(app, context, visibleSuite);
  registerSuiteTrash(app, context);
}

/** The views that mix suites and their cases: a tree level (`union/`), a suite's cases and the plans testing them (§3.2, §4.20). */
function registerSuiteCases(
  app: FastifyInstance,
  context: GatewayContext,
  visibleSuite: (request: FastifyRequest) => Promise<SuiteDocument>,
) {
  const { readStore } = context.system;

  serve(app, suiteRoutes.union, async (request) => {
    const project = await visibleProjectOrFail(readStore, requireUser(request), requiredProjectQuery(request.query));
    const query = { ...parseOrThrow(suiteUnionQuery, request.query), ...parseOrThrow(caseTreeFilterQuery, request.query) };
    const page = pageRequest(query);
    const context = await projectContext(readStore, project._id);
    const { tree } = context;
    // No parent is the root level, as TestY's app reads it: the root suites, and no cases (every case is in a suite).
    const parent = parentFilter(query.parent) ?? null;
    const filters = caseFiltersOf(query, tree);
    const filtering = Boolean(
      query.search?.trim() ||
        query.labels ||
        query.not_labels ||
        query.suite ||
        query.is_archive ||
        query.test_case_created_after ||
        query.test_case_created_before,
    );
    const unionCounts = filtering ? unionCountsOf(tree, await matchingCasesPerSuite(readStore, project._id, filters)) : null;
    const levelSuites = (
      await listSuites(readStore, project._id, { parent, ordering: query.ordering }, { skip: 0, limit: Number.MAX_SAFE_INTEGER })
    ).items.filter((node) => !unionCounts || (unionCounts.get(node.id) ?? 0) > 0);
    const shownSuites = levelSuites.slice(page.skip, page.skip + page.limit);
    const caseWindow = { skip: Math.max(0, page.skip - levelSuites.length), limit: page.limit - shownSuites.length };
    const cases =
      parent === null
        ? { items: [], count: 0 }
        : await listCases(
            readStore,
            project._id,
            { ...filters, suiteIds: [parent] },
            caseWindow.limit > 0 ? caseWindow : { skip: 0, limit: 1 },
          );
    const count = levelSuites.length + (parent === null ? 0 : cases.count);
    const origin = ownOrigin(request);
    const suiteDocuments = await suitesByIds(
      readStore,
      shownSuites.map((node) => node.id),
    );
    const shownCases = caseWindow.limit > 0 ? cases.items : [];
    const showing = await caseShowing(readStore, context, shownCases, origin);
    throwIfAborted(request);
    return paginated(request, page, count, [
      ...suiteDocuments.map((suite) => {
        const { url: _url, ...listed } = suiteRepresentation(suite, tree, origin);
        return {
          ...listed,
          is_leaf: false as const,
          union_count: unionCounts ? (unionCounts.get(suite._id) ?? 0) : (tree.node(suite._id)?.totalCases ?? 0),
        };
      }),
      ...shownCases.map((found) => ({
        ...caseRepresentation(found, showing),
        is_leaf: true as const,
        parent: { id: found.suiteId, name: tree.node(found.suiteId)?.name ?? '' },
      })),
    ]);
  });

  serve(app, suiteRoutes.cases, async (request) => {
    const suite = await visibleSuite(request);
    const query = parseOrThrow(caseListQuery, request.query);
    const page = pageRequest(query);
    const context = await projectContext(readStore, suite.projectId);
    const filters = caseFiltersOf({ ...query, suite: String(suite._id) }, context.tree);
    const { items, count } = await listCases(readStore, suite.projectId, filters, page);
    const showing = await caseShowing(readStore, context, items, ownOrigin(request));
    return paginated(
      request,
      page,
      count,
      items.map((found) => caseRepresentation(found, showing)),
    );
  });

  // One id per test, as TestY answers: a plan with two tests of the suite's cases comes twice.
  serve(app, suiteRoutes.plans, async (request) => {
    const suite = await visibleSuite(request);
    const tests = await findTestFields(readStore, suite.projectId, { suiteIds: [suite._id], includeArchived: true }, ['planId']);
    return { plan_ids: tests.sort((a, b) => a._id - b._id).map((test) => test.planId) };
  });
}

/**
 * Copies a suite's subtree as it is now: the suites top-down, then each
 * suite's live, unarchived cases with their steps and labels (by name in
 * another project, where missing labels are made). Each piece is its own
 * command, so a copy stopped half-way (a required attribute in the
 * destination, say) leaves what it made so far.
 */
function suiteCopier(context: GatewayContext, request: FastifyRequest) {
  const { readStore } = context.system;
  async function copy(source: SuiteDocument, projectId: number, parentId: number | null, name: string): Promise<number> {
    const suiteFiles = await copyFiles(context, request, projectId, source.attachmentIds, `suite-${source._id}`);
    const attachmentIds = source.attachmentIds.flatMap((attachmentId) => suiteFiles.get(attachmentId) ?? []);
    const { id } = await execute(
      context,
      request,
      'suites.create',
      { projectId, parentId, name, description: source.description, attributes: source.attributes, attachmentIds },
      { idempotencyPart: `suite-${source._id}` },
    );
    const { tree, labels } = await projectContext(readStore, source.projectId);
    const cases = await findCases(readStore, source.projectId, { suiteIds: [source._id] });
    for (const found of cases) {
      const caseFiles = await copyFiles(context, request, projectId, filesOf(found), `case-${found._id}`);
      const content = { ...copiedCaseContent(found, labels, projectId === source.projectId, caseFiles), suiteId: id };
      await execute(context, request, 'cases.create', { projectId, content }, { idempotencyPart: `case-${found._id}` });
    }
    for (const child of tree.childrenOf(source._id)) {
      const childSuite = await findSuite(readStore, child.id);
      if (childSuite) await copy(childSuite, projectId, id, childSuite.name);
    }
    return id;
  }
  return { copy };
}

/** Matching cases per suite summed up the tree: what `union_count` shows under filters. */
function unionCountsOf(tree: SuiteTree, perSuite: ReadonlyMap<number, number>): Map<number, number> {
  return tree.sumUp(perSuite, 0, (sum, matches) => sum + matches);
}

/** `suites/deleted/`: the trash of the suites the caller can see, recovery with the subtree and removal (§2.7). */
function registerSuiteTrash(app: FastifyInstance, context: GatewayContext) {
  const { readStore } = context.system;
  serve(app, suiteRoutes.trash, async (request) => {
    const scope = await trashProjects(readStore, requireUser(request), request.query);
    const page = pageRequest(request.query as Record<string, string>);
    const { items, count } = await listDeletedSuites(readStore, scope, page);
    const origin = ownOrigin(request);
    const represented = await Promise.all(
      items.map(async (suite) => suiteRepresentation(suite, await findSuiteTree(readStore, suite.projectId), origin)),
    );
    return paginated(request, page, count, represented);
  });

  /** Every id must be a deleted suite in a project the caller can see. */
  const trashed = (request: FastifyRequest): Promise<SuiteDocument[]> =>
    namedInstances(
      readStore,
      requireUser(request),
      request.body,
      (ids) => suitesByIds(readStore, ids),
      (suite) => suite.isDeleted,
    );

  serve(app, suiteRoutes.recover, async (request) => {
    const suites = await trashed(request);
    for (const suite of suites) {
      const caseIds = await caseIdsDeletedWithSuite(readStore, suite.projectId, suite._id);
      await execute(context, request, 'suites.recover', {
        projectId: suite.projectId,
        id: suite._id,
        cases: await casesWithTests(readStore, caseIds, 'recover'),
      });
    }
    const recovered = await suitesByIds(
      readStore,
      suites.map((suite) => suite._id),
    );
    const origin = ownOrigin(request);
    return Promise.all(recovered.map(async (suite) => suiteRepresentation(suite, await findSuiteTree(readStore, suite.projectId), origin)));
  });

  serve(app, suiteRoutes.remove, async (request, reply) => {
    for (const suite of await trashed(request)) {
      const suiteIds = [suite._id, ...(await findSuiteTree(readStore, suite.projectId)).deletedSubtreeOf(suite._id).map((node) => node.id)];
      const caseIds = await caseIdsInSuites(readStore, suite.projectId, suiteIds, true);
      await execute(context, request, 'suites.remove', {
        projectId: suite.projectId,
        id: suite._id,
        cases: await casesWithTests(readStore, caseIds, 'remove'),
      });
    }
    return reply.code(204).send();
  });
}
