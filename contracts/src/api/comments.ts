import { z } from 'zod';
import { idArrayField, idField, queryId } from './fields.ts';
import { COMMENT_MODELS } from '../events/comments.ts';
import { messages } from '../messages.ts';
import { attachmentResponse } from './attachments.ts';
import { catalogueMessages } from './project-catalogue.ts';
import { paginationQuery } from './query.ts';
import { noContent, routeSet } from './route.ts';
import { userResponse } from './users.ts';
import { id, paginatedResponse, timestamp } from './wire.ts';

export const COMMENT_PAGE_SIZE = 5;

export const commentMessages = {
  empty: 'Comment cannot be empty',
  deleted: 'Comment was deleted',
  targetRequired: 'Both model and object_id are required.',
} as const;

const modelField = z.enum(COMMENT_MODELS, { error: (issue) => catalogueMessages.invalidChoice(issue.input) });
const content = z.string({ error: catalogueMessages.notAString });

export const commentCreateBody = z.object({
  model: modelField,
  object_id: idField,
  content: content.optional(),
  attachments: idArrayField.optional(),
});
export const commentUpdateBody = z.object({ content, attachments: idArrayField.optional() });
/** `PATCH comments/{id}/`: what is left out stays as it is. */
export const commentPatchBody = z.object({ content: content.optional(), attachments: idArrayField.optional() });

/** `GET comments/`: one object's thread (`model` with `object_id`), or the thread of `comment_id` at that comment's page. */
export const commentListQuery = paginationQuery.extend({
  model: modelField.optional(),
  object_id: queryId.optional(),
  comment_id: queryId.optional(),
  ordering: z.enum(['created_at', '-created_at'], { error: messages.invalidOrdering }).optional(),
});

/** The Comment object (§3.7). */
export const commentResponse = z.strictObject({
  id,
  content: z.string(),
  user: userResponse,
  created_at: timestamp,
  updated_at: timestamp,
  attachments: z.array(attachmentResponse),
  deleted_at: timestamp.nullable(),
});
export type Comment = z.output<typeof commentResponse>;

const commentBase = '/api/v2/comments/';
const commentDetail = '/api/v2/comments/:id(^\\d+)/';

/** `comments/` (§3.7, D4): threads on the objects of projects the caller can see; a comment is changed by its author only. */
export const commentRoutes = routeSet('comments', {
  list: {
    method: 'GET',
    path: commentBase,
    summary: 'A thread (`model` and `object_id`), newest first, 5 per page; or the page of `comment_id` in its thread',
    querystring: commentListQuery,
    response: { 200: paginatedResponse(commentResponse) },
  },
  retrieve: { method: 'GET', path: commentDetail, summary: 'One comment', response: { 200: commentResponse } },
  create: {
    method: 'POST',
    path: commentBase,
    summary: 'Comment on an object',
    body: commentCreateBody,
    response: { 201: commentResponse },
  },
  replace: {
    method: 'PUT',
    path: commentDetail,
    summary: 'Edit your comment',
    body: commentUpdateBody,
    response: { 200: commentResponse },
  },
  update: {
    method: 'PATCH',
    path: commentDetail,
    summary: 'Edit your comment: what is left out stays',
    body: commentPatchBody,
    response: { 200: commentResponse },
  },
  destroy: {
    method: 'DELETE',
    path: commentDetail,
    summary: 'Delete your comment (it stays in the thread as deleted)',
    response: { 204: noContent },
  },
});
