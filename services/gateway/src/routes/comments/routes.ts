import {
  NotFoundError,
  PermissionDeniedError,
  ValidationError,
  COMMENT_PAGE_SIZE,
  commentCreateBody,
  commentListQuery,
  commentMessages,
  commentRoutes,
  commentPatchBody,
  commentUpdateBody,
  parseOrThrow,
  type CommentModel,
} from '@testament/contracts';
import { commentsBefore, findComment, listComments, type CommentDocument } from '@testament/projections/comments/queries';
import { findCase } from '@testament/projections/cases/queries';
import { findPlan } from '@testament/projections/plans/queries';
import { findResult, findTest } from '@testament/projections/tests/queries';
import { findSuite } from '@testament/projections/suites/queries';
import type { ReadStore } from '@testament/infra';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { GatewayContext } from '../../context.ts';
import { execute } from '../../http/execute.ts';
import { pageRequest, paginated } from '../../http/pagination.ts';
import { serve } from '../../http/route-schema.ts';
import { visibleInProject } from '../../http/project-scope.ts';
import { ownOrigin, requireUser } from '../../plugins/authentication.ts';
import { representComments } from '../../representations/comments.ts';

/** The project of what a comment is on; null when there is no such object. */
async function targetProject(readStore: ReadStore, model: CommentModel, objectId: number): Promise<{ projectId: number } | null> {
  switch (model) {
    case 'testcase':
      return findCase(readStore, objectId);
    case 'testsuite':
      return findSuite(readStore, objectId);
    case 'testplan':
      return findPlan(readStore, objectId);
    case 'test':
      return findTest(readStore, objectId);
    case 'testresult':
      return findResult(readStore, objectId);
  }
}

/** `comments/` (§3.7, D4): threads on the objects of projects the caller can see; a comment is changed by its author only. */
export default async function serveComments(app: FastifyInstance, context: GatewayContext) {
  const { readStore } = context.system;

  /** What the comment is on must be visible to the caller; a target they cannot see is a 404 like a missing one (D4). */
  const visibleTarget = async (request: FastifyRequest, model: CommentModel, objectId: number) => {
    try {
      return await visibleInProject(readStore, requireUser(request), await targetProject(readStore, model, objectId));
    } catch (error) {
      throw error instanceof PermissionDeniedError ? new NotFoundError() : error;
    }
  };
  const visibleComment = async (request: FastifyRequest): Promise<CommentDocument> => {
    const comment = await findComment(readStore, Number((request.params as { id: string }).id));
    if (!comment) throw new NotFoundError();
    await visibleTarget(request, comment.model, comment.objectId);
    return comment;
  };
  const represent = (request: FastifyRequest, comments: CommentDocument[]) => representComments(readStore, comments, ownOrigin(request));
  const answer = async (request: FastifyRequest, commentId: number) => {
    const comment = await findComment(readStore, commentId);
    if (!comment) throw new NotFoundError();
    return (await represent(request, [comment]))[0]!;
  };

  serve(app, commentRoutes.list, async (request) => {
    const query = parseOrThrow(commentListQuery, request.query);
    const newestFirst = query.ordering !== 'created_at';
    let page = pageRequest(query, COMMENT_PAGE_SIZE);
    let thread: { model: CommentModel; objectId: number };
    if (query.comment_id !== undefined) {
      const comment = await findComment(readStore, Number(query.comment_id));
      if (!comment) throw new NotFoundError();
      thread = { model: comment.model, objectId: comment.objectId };
      await visibleTarget(request, thread.model, thread.objectId);
      const number = Math.floor((await commentsBefore(readStore, comment, newestFirst)) / page.pageSize) + 1;
      page = { ...page, page: number, skip: (number - 1) * page.pageSize };
    } else {
      if (query.model === undefined || query.object_id === undefined) throw ValidationError.general(commentMessages.targetRequired);
      thread = { model: query.model, objectId: Number(query.object_id) };
      await visibleTarget(request, thread.model, thread.objectId);
    }
    const { items, count } = await listComments(readStore, thread.model, thread.objectId, newestFirst, page);
    return paginated(request, page, count, await represent(request, items));
  });

  serve(app, commentRoutes.retrieve, async (request) => (await represent(request, [await visibleComment(request)]))[0]!);

  serve(app, commentRoutes.create, async (request, reply) => {
    const body = parseOrThrow(commentCreateBody, request.body ?? {});
    const { projectId } = await visibleTarget(request, body.model, body.object_id);
    const { commentId } = await execute(context, request, 'comments.post', {
      projectId,
      model: body.model,
      objectId: body.object_id,
      content: body.content ?? '',
      attachmentIds: body.attachments ?? [],
    });
    return reply.code(201).send(await answer(request, commentId));
  });

  const edit =
    (body: z.ZodType<{ content?: string | undefined; attachments?: number[] | undefined }>) => async (request: FastifyRequest) => {
      const comment = await visibleComment(request);
      const { content, attachments } = parseOrThrow(body, request.body ?? {});
      await execute(context, request, 'comments.edit', {
        projectId: comment.projectId,
        commentId: comment._id,
        content: content ?? comment.content,
        attachmentIds: attachments ?? comment.attachmentIds,
      });
      return answer(request, comment._id);
    };
  serve(app, commentRoutes.replace, edit(commentUpdateBody));
  serve(app, commentRoutes.update, edit(commentPatchBody));

  serve(app, commentRoutes.destroy, async (request, reply) => {
    const comment = await visibleComment(request);
    await execute(context, request, 'comments.delete', { projectId: comment.projectId, commentId: comment._id });
    return reply.code(204).send();
  });
}
