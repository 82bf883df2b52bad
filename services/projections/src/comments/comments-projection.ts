import { topics, type CommentEvent, type CommentModel } from '@testament/contracts';
import { projection } from '../runner/projection.ts';

/** `comments`: every comment with its thread (model and object), deleted ones kept as tombstones. */
export interface CommentDocument {
  [key: string]: unknown;
  _id: number;
  projectId: number;
  model: CommentModel;
  objectId: number;
  userId: number;
  content: string;
  attachmentIds: number[];
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

export const COMMENTS = 'comments';

export const commentsProjection = projection<CommentEvent>({
  name: 'comments',
  source: import.meta.url,
  // A thread in time order, either way.
  collections: { [COMMENTS]: { indexes: [{ keys: { model: 1, objectId: 1, createdAt: 1, _id: 1 } }] } },
  handles: new Set(['CommentPosted', 'CommentEdited', 'CommentDeleted']),
  keys: (event) => [[COMMENTS, event.data.commentId]],
  apply(event, view) {
    const time = event.metadata.time;
    const previous = view.get<CommentDocument>(COMMENTS, event.data.commentId);
    switch (event.type) {
      case 'CommentPosted': {
        const { commentId, projectId, model, objectId, userId, content, attachmentIds } = event.data;
        view.put(COMMENTS, {
          _id: commentId,
          projectId,
          model,
          objectId,
          userId,
          content,
          attachmentIds,
          createdAt: time,
          updatedAt: time,
          deletedAt: null,
        } satisfies CommentDocument);
        break;
      }
      case 'CommentEdited':
        if (previous)
          view.put(COMMENTS, { ...previous, content: event.data.content, attachmentIds: event.data.attachmentIds, updatedAt: time });
        break;
      case 'CommentDeleted':
        if (previous) view.put(COMMENTS, { ...previous, deletedAt: time, updatedAt: time });
    }
    view.notify(topics.comments(event.data.projectId));
  },
});
