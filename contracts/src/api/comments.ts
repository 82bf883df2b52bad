import { z } from 'zod';
import { idArrayField, idField, queryId } from './fields.ts';
import { COMMENT_MODELS } from '../events/comments.ts';
import { messages } from '../messages.ts';
import { attachmentResponse } from './attachments.ts';
import { catalogueMessages } from './project-catalogue.ts';
import { paginationQuery } from './query.ts';
import { userResponse } from './users.ts';
import { id, timestamp } from './wire.ts';

export const COMMENT_PAGE_SIZE = 5;

export const commentMessages = {
  empty: 'Comment cannot be empty',
  deleted: 'Comment was deleted',
  targetRequired: 'Both model and object_id are required.',
} as const;

const modelField = z.enum(COMMENT_MODELS, { error: (issue) => catalogueMessages.invalidChoice(issue.input) });
const content = z.string({ error: catalogueMessages.notAString });

export const commentCreateBody = z.object({ model: modelField, object_id: idField, content: content.optional(), attachments: idArrayField.optional() });
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
