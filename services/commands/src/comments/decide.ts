import {
  NotFoundError,
  ValidationError,
  catalogueMessages,
  commentMessages,
  type CommentEvent,
  type CommentModel,
} from '@testament/contracts';
import type { Decider } from '../kernel/decider.ts';
import { requireProjectWrite } from '../kernel/project-access.ts';

export interface CommentState {
  exists: boolean;
  commentId: number;
  projectId: number;
  userId: number;
  deleted: boolean;
}

export const initialCommentState: CommentState = { exists: false, commentId: 0, projectId: 0, userId: 0, deleted: false };

export type CommentCommand =
  | {
      type: 'Post';
      commentId: number;
      projectId: number;
      model: CommentModel;
      objectId: number;
      content: string;
      attachmentIds: number[];
      unusableAttachment: number | null;
    }
  | { type: 'Edit'; content: string; attachmentIds: number[]; unusableAttachment: number | null }
  | { type: 'Delete' };

/** Text or files, and only files of the project (`unusableAttachment`: one that is not, looked up by the handler). */
function requireContent(content: string, attachmentIds: readonly number[], unusableAttachment: number | null): void {
  if (content.trim() === '' && attachmentIds.length === 0) throw ValidationError.general(commentMessages.empty);
  if (unusableAttachment !== null) throw ValidationError.of('attachments', catalogueMessages.projectUnknown(unusableAttachment));
}

export function evolveComment(state: CommentState, event: CommentEvent): CommentState {
  switch (event.type) {
    case 'CommentPosted':
      return { exists: true, commentId: event.data.commentId, projectId: event.data.projectId, userId: event.data.userId, deleted: false };
    case 'CommentEdited':
      return state;
    case 'CommentDeleted':
      return { ...state, deleted: true };
  }
}

/** Anyone who can see the target's project may comment (D4); a comment is its author's alone, and others are told it does not exist. */
export const commentDecider: Decider<CommentCommand, CommentState, CommentEvent> = {
  initialState: initialCommentState,
  decide(command, state, context) {
    if (command.type === 'Post') {
      if (state.exists) return [];
      requireProjectWrite(context.project, context.actor, 'view_project');
      requireContent(command.content, command.attachmentIds, command.unusableAttachment);
      const { type: _type, unusableAttachment: _checked, ...data } = command;
      return [{ type: 'CommentPosted', data: { ...data, userId: context.actor.userId! } }];
    }
    if (!state.exists || state.deleted || state.userId !== context.actor.userId) throw new NotFoundError();
    const { commentId, projectId } = state;
    if (command.type === 'Delete') return [{ type: 'CommentDeleted', data: { commentId, projectId } }];
    requireContent(command.content, command.attachmentIds, command.unusableAttachment);
    return [{ type: 'CommentEdited', data: { commentId, projectId, content: command.content, attachmentIds: command.attachmentIds } }];
  },
  evolve: evolveComment,
};
