import { z } from 'zod';
import { defineEvents, type EventsOf } from './catalog.ts';

const id = z.number().int().positive();

/** What a comment can be on (§3.7). */
export const COMMENT_MODELS = ['test', 'testcase', 'testresult', 'testplan', 'testsuite'] as const;
export type CommentModel = (typeof COMMENT_MODELS)[number];

/** One stream per comment (`comment-<id>`): only its author changes it, so nothing else needs to be seen with it. */
export const commentEvents = defineEvents({
  CommentPosted: {
    version: 1,
    audit: { related: (data) => [{ type: data.model === 'testcase' ? 'case' : 'test', id: Number(data.objectId) }] },
    schema: z.object({
      commentId: id,
      projectId: id,
      model: z.enum(COMMENT_MODELS),
      objectId: id,
      userId: id,
      content: z.string(),
      attachmentIds: z.array(id),
    }),
  },
  CommentEdited: { version: 1, schema: z.object({ commentId: id, projectId: id, content: z.string(), attachmentIds: z.array(id) }) },
  /** Soft: the comment stays in its thread as a tombstone. */
  CommentDeleted: { version: 1, schema: z.object({ commentId: id, projectId: id }) },
});
export type CommentEvent = EventsOf<typeof commentEvents>;
