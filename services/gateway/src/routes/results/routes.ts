import {
  NotFoundError,
  ValidationError,
  parseOrThrow,
  resultBulkCreateBody,
  resultCreateBody,
  resultListQuery,
  resultMessages,
  resultPatchBody,
  resultsByAttributeQuery,
  type ResultCreateBody,
  resultRoutes,
} from '@testament/contracts';
import { findPlan } from '@testament/projections/plans/queries';
import {
  findResult,
  findTest,
  resultsOfTest,
  resultsWithAttribute,
  type ResultDocument,
  type TestDocument,
} from '@testament/projections/tests/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { GatewayContext } from '../../context.ts';
import { execute } from '../../http/execute.ts';
import { namedInstances, visibleInProject } from '../../http/project-scope.ts';
import { serve } from '../../http/route-schema.ts';
import { ownOrigin, requireUser } from '../../plugins/authentication.ts';
import { resultRepresentation, resultShowing } from '../../representations/results.ts';

/** The step a step result of an edit is about: the one it names, or that of the result's step result with its id. */
function stepOf(result: ResultDocument, stepResult: { id?: number | undefined; step?: number | undefined }): number {
  if (stepResult.step !== undefined) return stepResult.step;
  const known = result.stepResults.find((existing) => existing.id === stepResult.id);
  if (!known) throw ValidationError.of('steps_results', resultMessages.stepResultUnknown(stepResult.id!));
  return known.stepId;
}

/** `results/` (§3.6, §4.10): a test's results, recording, editing within the limits, deleting (the last status follows, D6). */
export default async function serveResults(app: FastifyInstance, context: GatewayContext) {
  const { readStore } = context.system;
  const idOf = (request: FastifyRequest) => Number((request.params as { id: string }).id);

  /** A result of a live test in a project the caller can see. */
  async function visibleResult(request: FastifyRequest): Promise<{ result: ResultDocument; test: TestDocument }> {
    const result = await findResult(readStore, idOf(request));
    const test = result && (await findTest(readStore, result.testId));
    if (!result || !test) throw new NotFoundError();
    await visibleInProject(readStore, requireUser(request), test);
    return { result, test };
  }

  /** A test's results newest first, each marked whether it is the newest. */
  async function listed(request: FastifyRequest, test: TestDocument, includeArchived: boolean | undefined) {
    const results = await resultsOfTest(readStore, test._id);
    const showing = await resultShowing(readStore, results, ownOrigin(request));
    return results
      .map((result, index) => ({ ...resultRepresentation(result, showing, test.isArchive), latest: index === 0 }))
      .filter((result) => includeArchived === undefined || result.is_archive === includeArchived);
  }

  serve(app, resultRoutes.list, async (request) => {
    const query = parseOrThrow(resultListQuery, request.query);
    if (query.test === undefined) throw ValidationError.general(resultMessages.scopeRequired);
    const test = await visibleInProject(readStore, requireUser(request), await findTest(readStore, Number(query.test)));
    if (query.project !== undefined && Number(query.project) !== test.projectId) return [];
    return listed(request, test, query.is_archive);
  });

  /**
   * The test a new result names (`field`: where the body names it), in a project the caller can see, and the result as the command takes
   * it.
   */
  async function newResult(request: FastifyRequest, body: ResultCreateBody, field: string) {
    const test = await findTest(readStore, body.test);
    if (!test) throw ValidationError.of(field, resultMessages.testUnknown(body.test));
    await visibleInProject(readStore, requireUser(request), test);
    return {
      test,
      input: {
        projectId: test.projectId,
        testId: test._id,
        status: body.status,
        comment: body.comment ?? '',
        executionTime: body.execution_time ?? null,
        attributes: body.attributes ?? {},
        attachmentIds: body.attachments ?? [],
        isArchive: body.is_archive ?? false,
        steps: (body.steps_results ?? []).map((step) => ({ stepId: step.step, status: step.status })),
      },
    };
  }

  /** K1: a new result shows its files as ids. */
  async function created(request: FastifyRequest, resultIds: number[], tests: TestDocument[]) {
    const results = await Promise.all(resultIds.map((resultId) => findResult(readStore, resultId)));
    if (results.some((result) => !result)) throw new NotFoundError();
    const showing = await resultShowing(readStore, results as ResultDocument[], ownOrigin(request));
    return (results as ResultDocument[]).map((result, index) => {
      const { attachments: _files, ...shown } = resultRepresentation(result, showing, tests[index]!.isArchive);
      return { ...shown, attachments: result.attachmentIds };
    });
  }

  serve(app, resultRoutes.create, async (request, reply) => {
    const { test, input } = await newResult(request, parseOrThrow(resultCreateBody, request.body ?? {}), 'test');
    const { resultId } = await execute(context, request, 'tests.addResult', input);
    return reply.code(201).send((await created(request, [resultId], [test]))[0]);
  });

  serve(app, resultRoutes.bulkCreate, async (request, reply) => {
    const parsed = resultBulkCreateBody.safeParse(request.body);
    if (!parsed.success) throw new ValidationError(itemFieldErrors(parsed.error));
    const items = [];
    for (const [index, body] of parsed.data.entries()) items.push(await newResult(request, body, `${index}.test`));
    const { resultIds } = await execute(context, request, 'tests.addResults', { results: items.map((item) => item.input) });
    return reply.code(201).send(
      await created(
        request,
        resultIds,
        items.map((item) => item.test),
      ),
    );
  });

  const one = async (request: FastifyRequest, resultId: number) => {
    const { test } = await visibleResult(request);
    const shown = (await listed(request, test, undefined)).find((result) => result.id === resultId);
    if (!shown) throw new NotFoundError();
    return shown;
  };

  serve(app, resultRoutes.retrieve, async (request) => one(request, idOf(request)));

  const update = async (request: FastifyRequest) => {
    const { result, test } = await visibleResult(request);
    const body = parseOrThrow(resultPatchBody, request.body ?? {});
    if (body.test !== undefined && body.test !== test._id) throw ValidationError.of('test', resultMessages.testFixed);
    await execute(context, request, 'tests.editResult', {
      projectId: test.projectId,
      testId: test._id,
      resultId: result._id,
      changes: {
        status: body.status,
        comment: body.comment,
        executionTime: body.execution_time,
        attributes: body.attributes,
        // Files left out stay (D7).
        attachmentIds: body.attachments,
        isArchive: body.is_archive,
        steps: body.steps_results?.map((stepResult) => ({ stepId: stepOf(result, stepResult), status: stepResult.status })),
      },
    });
    return one(request, result._id);
  };
  serve(app, resultRoutes.update, update);
  serve(app, resultRoutes.replace, update);

  const setArchive = (request: FastifyRequest, result: ResultDocument, isArchive: boolean) =>
    execute(context, request, 'tests.editResult', {
      projectId: result.projectId,
      testId: result.testId,
      resultId: result._id,
      changes: { isArchive },
    });

  serve(app, resultRoutes.archivePreview, async (request) => {
    await visibleResult(request);
    return [{ verbose_name: 'source model', verbose_name_related_model: 'test results', count: 1 }];
  });
  serve(app, resultRoutes.archive, async (request) => {
    const { result } = await visibleResult(request);
    await setArchive(request, result, true);
    return one(request, result._id);
  });
  serve(app, resultRoutes.restore, async (request) => {
    const results = await namedInstances(
      readStore,
      requireUser(request),
      request.body,
      async (ids) => (await Promise.all(ids.map((id) => findResult(readStore, id)))).flatMap((found) => found ?? []),
      (found) => found.isArchive,
    );
    for (const result of results) await setArchive(request, result, false);
    const restored = [];
    for (const result of results) {
      const test = await findTest(readStore, result.testId);
      if (test) restored.push(...(await listed(request, test, undefined)).filter((shown) => shown.id === result._id));
    }
    return restored;
  });

  serve(app, resultRoutes.destroyByAttribute, async (request, reply) => {
    const query = parseOrThrow(resultsByAttributeQuery, request.query);
    if (!query.plan || !query.attribute_name || query.attribute_value === undefined)
      throw ValidationError.general(resultMessages.attributeScope);
    const plan = await visibleInProject(readStore, requireUser(request), await findPlan(readStore, Number(query.plan)));
    for (const result of await resultsWithAttribute(readStore, plan._id, query.attribute_name, query.attribute_value)) {
      await execute(context, request, 'tests.deleteResult', { projectId: result.projectId, testId: result.testId, resultId: result._id });
    }
    return reply.code(204).send();
  });

  serve(app, resultRoutes.destroy, async (request, reply) => {
    const { result, test } = await visibleResult(request);
    await execute(context, request, 'tests.deleteResult', { projectId: test.projectId, testId: test._id, resultId: result._id });
    return reply.code(204).send();
  });
}

/** Errors of an array body, keyed by the item and its field (`1.status`), the array's own under `errors`. */
function itemFieldErrors(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length === 0 ? 'errors' : issue.path.slice(0, 2).map(String).join('.');
    fields[key] ??= [];
    fields[key].push(issue.message);
  }
  return fields;
}
