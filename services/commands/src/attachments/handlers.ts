import { streams, NotFoundError } from '@testament/contracts';
import { handleCommand, idForNewStream, type KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { requireProjectWrite } from '../kernel/project-access.ts';
import { attachmentDecider, type AttachmentOwner, type UploadedFileFacts } from './decide.ts';

export type UploadAttachmentInput = UploadedFileFacts & AttachmentOwner & { projectId: number; comment: string };

export function attachmentHandlers(deps: KernelDeps) {
  return {
    /** Records one uploaded file whose bytes the gateway already stored. */
    async upload(input: UploadAttachmentInput, meta: CommandMeta) {
      const project = await deps.projectAccess(input.projectId, meta.actor);
      // Refused before an id is spent; the decider checks again.
      requireProjectWrite(project, meta.actor, 'add_attachment');
      const attachmentId = await idForNewStream(deps, 'attachment', streams.attachment.of, meta);
      const command = { type: 'UploadAttachment' as const, attachmentId, ...input };
      const { position } = await handleCommand(deps, attachmentDecider, streams.attachment.of(attachmentId), command, meta, { project });
      return { position, attachmentId };
    },
    async delete(input: { attachmentId: number }, meta: CommandMeta) {
      const stream = streams.attachment.of(input.attachmentId);
      const { state } = await deps.aggregates.load(stream, attachmentDecider);
      if (!state.exists) throw new NotFoundError();
      // An attachment never changes project, so its access can be worked out before the decision.
      const project = await deps.projectAccess(state.projectId, meta.actor);
      const { position } = await handleCommand(deps, attachmentDecider, stream, { type: 'DeleteAttachment' }, meta, { project });
      return { position };
    },
  };
}

/**
 * The first of these ids that is not a live attachment of the project, or null when all are (for the owners' rules; the command service
 * hands it to them).
 */
export async function unusableAttachment(deps: KernelDeps, projectId: number, attachmentIds: readonly number[]): Promise<number | null> {
  for (const attachmentId of new Set(attachmentIds)) {
    const { state } = await deps.aggregates.load(streams.attachment.of(attachmentId), attachmentDecider);
    if (!state.exists || state.deleted || state.projectId !== projectId) return attachmentId;
  }
  return null;
}
