import { streams, type CommentModel } from '@testament/contracts';
import { handleCommand, idForNewStream, type KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { commentDecider, type CommentCommand } from './decide.ts';

/** `unusableAttachment`: the attachments aggregate's, wired in by the command service. */
export function commentHandlers(
  deps: KernelDeps,
  unusableAttachment: (projectId: number, attachmentIds: readonly number[]) => Promise<number | null>,
) {
  async function run(projectId: number, commentId: number, command: CommentCommand, meta: CommandMeta) {
    const project = await deps.projectAccess(projectId, meta.actor);
    const { position } = await handleCommand(deps, commentDecider, streams.comment.of(commentId), command, meta, { project });
    return { position, commentId };
  }
  return {
    /** `projectId`: the project of the target, which the gateway found visible to the caller. */
    async post(
      input: { projectId: number; model: CommentModel; objectId: number; content: string; attachmentIds: number[] },
      meta: CommandMeta,
    ) {
      const commentId = await idForNewStream(deps, 'comment', streams.comment.of, meta);
      return run(
        input.projectId,
        commentId,
        { type: 'Post', commentId, ...input, unusableAttachment: await unusableAttachment(input.projectId, input.attachmentIds) },
        meta,
      );
    },
    edit: async (input: { projectId: number; commentId: number; content: string; attachmentIds: number[] }, meta: CommandMeta) =>
      run(
        input.projectId,
        input.commentId,
        {
          type: 'Edit',
          content: input.content,
          attachmentIds: input.attachmentIds,
          unusableAttachment: await unusableAttachment(input.projectId, input.attachmentIds),
        },
        meta,
      ),
    delete: (input: { projectId: number; commentId: number }, meta: CommandMeta) =>
      run(input.projectId, input.commentId, { type: 'Delete' }, meta),
  };
}
