import { COMMENT_PAGE_SIZE, commentRoutes, type Comment, type Paginated } from '@testament/contracts';
import type { Observable } from 'rxjs';
import { firstPageIfGone } from '../../api/paginated.ts';
import { api } from '../../app/services.ts';

export type { Comment } from '@testament/contracts';

/** What comments can be on in this app: a case, or a test in a plan. */
export type CommentModel = 'testcase' | 'test';

export interface ThreadQuery {
  model: CommentModel;
  object_id: number;
  page: number;
  page_size: number;
}

export interface CommentBody {
  content: string;
  attachments: number[];
}

const comments = api.endpoints(commentRoutes);

/** The comment calls of §7: a thread newest first, 5 a page; writes for the author only. */
export const commentApi = {
  thread: firstPageIfGone(
    (query: ThreadQuery): Observable<Paginated<Comment>> =>
      comments.list({ query: { ...query, ordering: '-created_at' } }, { handles: [404] }),
  ),
  create: (model: CommentModel, objectId: number, body: CommentBody): Observable<Comment> =>
    comments.create({ body: { model, object_id: objectId, ...body } }, { handles: [403] }),
  update: (commentId: number, body: CommentBody): Observable<Comment> => comments.replace({ id: commentId, body }, { handles: [403, 404] }),
  remove: (commentId: number): Observable<void> => comments.destroy({ id: commentId }, { handles: [400, 403, 404] }),
};

export const THREAD_PAGE_SIZE = COMMENT_PAGE_SIZE;
