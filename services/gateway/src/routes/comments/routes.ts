import {
  NotFoundError,
  PermissionDeniedError,
  ValidationError,
  COMMENT_PAGE_SIZE,
  commentCreateBody,
  commentListQuery,
  commentMessages,
  commentResponse,
  commentPatchBody,
  commentUpdateBody,
  paginatedResponse,
  parseOrThrow,
  type CommentModel,
} from '@testament/contracts';
import { commentsBefore, findCase, findComment, findPlan, findResult, findSuite, findTest, listComments, type CommentDocument } from '@testament/projections';
import type { ReadStore } from '@testament/infra';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { GatewayContext } from '../../context.ts';
import { execute } from '../../http/execute.ts';
import { pageRequest, paginated } from '../../http/pagination.ts';
import { noContent, routeContracts } from '../../http/route-schema.ts';
import { visibleInProject } from '../../http/project-scope.ts';
import { ownOrigin, requireUser } from '../../plugins/authentication.ts';
import { representComments } from './representation.ts';

const BASE = '/api/v2/comments/';
const DETAIL = `${BASE}:id(^\\d+)/`;

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
export default async function commentRoutes(app: FastifyInstance, context: GatewayContext) {
  const { readStore } = context.system;
  const contract = routeContracts('comments');

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

  app.get(
    BASE,
    contract({ summary: 'A thread (`model` and `object_id`), newest first, 5 per page; or the page of `comment_id` in its thread', querystring: commentListQuery, response: { 200: paginatedResponse(commentResponse) } }),
    async (request) => {
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
    },
  );

  app.get(DETAIL, contract({ summary: 'One comment', response: { 200: commentResponse } }), async (request) => (await represent(request, [await visibleComment(request)]))[0]!);

  app.post(BASE, contract({ summary: 'Comment on an object', body: commentCreateBody, response: { 201: commentResponse } }), async (request, reply) => {
    const body = parseOrThrow(commentCreateBody, request.body ?? {});
    const { projectId } = await visibleTarget(request, body.model, body.object_id);
    const { commentId } = await execute(context, request, 'comments.post', { projectId, model: body.model, objectId: body.object_id, content: body.content ?? '', attachmentIds: body.attachments ?? [] });
    return reply.code(201).send(await answer(request, commentId));
  });

  const edit = (body: z.ZodType<{ content?: string | undefined; attachments?: number[] | undefined }>) => async (request: FastifyRequest) => {
    const comment = await visibleComment(request);
    const { content, attachments } = parseOrThrow(body, request.body ?? {});
    await execute(context, request, 'comments.edit', { projectId: comment.projectId, commentId: comment._id, content: content ?? comment.content, attachmentIds: attachments ?? comment.attachmentIds });
    return answer(request, comment._id);
  };
  app.put(DETAIL, contract({ summary: 'Edit your comment', body: commentUpdateBody, response: { 200: commentResponse } }), edit(commentUpdateBody));
  app.patch(DETAIL, contract({ summary: 'Edit your comment: what is left out stays', body: commentPatchBody, response: { 200: commentResponse } }), edit(commentPatchBody));

  app.delete(DETAIL, contract({ summary: 'Delete your comment (it stays in the thread as deleted)', response: { 204: noContent } }), async (request, reply) => {
    const comment = await visibleComment(request);
    await execute(context, request, 'comments.delete', { projectId: comment.projectId, commentId: comment._id });
    return reply.code(204).send();
  });
}
