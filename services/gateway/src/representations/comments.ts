import { commentMessages, type Comment } from '@testament/contracts';
import type { ReadStore } from '@testament/infra';
import { attachmentsByIds } from '@testament/projections/attachments/queries';
import { findUser } from '@testament/projections/users/queries';
import type { CommentDocument } from '@testament/projections/comments/queries';
import { attachmentsNamed } from './attachments.ts';
import { userRepresentation } from './users.ts';

/** Comments as the wire shows them (§3.7): a deleted one shows neither its text nor its files. */
export async function representComments(readStore: ReadStore, comments: readonly CommentDocument[], origin: string): Promise<Comment[]> {
  const users = new Map<number, Awaited<ReturnType<typeof findUser>>>();
  for (const userId of new Set(comments.map((comment) => comment.userId))) users.set(userId, await findUser(readStore, userId));
  const files = new Map(
    (
      await attachmentsByIds(
        readStore,
        comments.flatMap((comment) => (comment.deletedAt === null ? comment.attachmentIds : [])),
      )
    ).map((file) => [file._id, file]),
  );
  return comments.flatMap((comment) => {
    const user = users.get(comment.userId);
    if (!user) return [];
    const deleted = comment.deletedAt !== null;
    const attachments = deleted ? [] : attachmentsNamed(comment.attachmentIds, files, origin);
    return [
      {
        id: comment._id,
        content: deleted ? commentMessages.deleted : comment.content,
        user: userRepresentation(user, origin),
        created_at: comment.createdAt,
        updated_at: comment.updatedAt,
        attachments,
        deleted_at: comment.deletedAt,
      },
    ];
  });
}
