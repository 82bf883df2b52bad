import type { CommentModel } from '@testament/contracts';
import type { ReadStore } from '@testament/infra';
import { findPage, type PageWindow } from '../paging.ts';
import { COMMENTS, type CommentDocument } from './comments-projection.ts';

export type { CommentDocument } from './comments-projection.ts';

export function findComment(readStore: ReadStore, commentId: number): Promise<CommentDocument | null> {
  return readStore.collection<CommentDocument>(COMMENTS).findOne({ _id: commentId });
}

/** One page of an object's thread, newest first unless asked otherwise, tombstones included. */
export function listComments(
  readStore: ReadStore,
  model: CommentModel,
  objectId: number,
  newestFirst: boolean,
  page: PageWindow,
): Promise<{ items: CommentDocument[]; count: number }> {
  const order = newestFirst ? -1 : 1;
  return findPage(readStore.collection<CommentDocument>(COMMENTS), { model, objectId }, { createdAt: order, _id: order }, page);
}

/** How many comments of the thread come before this one in the thread's order: where its page starts. */
export function commentsBefore(readStore: ReadStore, comment: CommentDocument, newestFirst: boolean): Promise<number> {
  const before = newestFirst
    ? { $or: [{ createdAt: { $gt: comment.createdAt } }, { createdAt: comment.createdAt, _id: { $gt: comment._id } }] }
    : { $or: [{ createdAt: { $lt: comment.createdAt } }, { createdAt: comment.createdAt, _id: { $lt: comment._id } }] };
  return readStore.collection<CommentDocument>(COMMENTS).count({ model: comment.model, objectId: comment.objectId, ...before });
}
