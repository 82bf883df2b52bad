import { z } from 'zod';
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
const objectId = z.number({ error: catalogueMessages.invalidInteger }).int(catalogueMessages.invalidInteger).positive(catalogueMessages.invalidInteger);
const attachments = z.array(objectId, { error: messages.notAList });
const content = z.string({ error: catalogueMessages.notAString });

export const commentCreateBody = z.object({ model: modelField, object_id: objectId, content: content.optional(), attachments: attachments.optional() });
export const commentUpdateBody = z.object({ content, attachments: attachments.optional() });
/** `PATCH comments/{id}/`: what is left out stays as it is. */
export const commentPatchBody = z.object({ content: content.optional(), attachments: attachments.optional() });

/** `GET comments/`: one object's thread (`model` with `object_id`), or the thread of `comment_id` at that comment's page. */
export const commentListQuery = paginationQuery.extend({
  model: modelField.optional(),
  object_id: z.string().regex(/^\d+$/, catalogueMessages.invalidInteger).optional(),
  comment_id: z.string().regex(/^\d+$/, catalogueMessages.invalidInteger).optional(),
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
