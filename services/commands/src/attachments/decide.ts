import {
  CONTENT_TYPES,
  NotFoundError,
  ValidationError,
  attachmentMessages,
  fileNameWithoutExtension,
  type AttachmentEvent,
  type WebImageType,
} from '@testament/contracts';
import type { DecisionContext, Decider } from '../kernel/decider.ts';
import { requireProjectWrite } from '../kernel/project-access.ts';

/** What the gateway stored and verified before the upload is recorded. */
export interface UploadedFileFacts {
  filename: string;
  /** The declared MIME type (K4). */
  mimeType: string;
  size: number;
  blobKey: string;
  /** The type the bytes proved to be, when they are a decodable image (thumbnails stored). */
  imageType: WebImageType | null;
}

export interface AttachmentOwner {
  contentTypeId: number | null;
  objectId: number | null;
}

export type AttachmentCommand =
  | ({ type: 'UploadAttachment'; attachmentId: number; projectId: number; comment: string } & UploadedFileFacts & AttachmentOwner)
  | { type: 'DeleteAttachment' };

export interface AttachmentState extends AttachmentOwner {
  exists: boolean;
  deleted: boolean;
  projectId: number;
  userId: number | null;
}

export const initialAttachmentState: AttachmentState = {
  exists: false,
  deleted: false,
  projectId: 0,
  userId: null,
  contentTypeId: null,
  objectId: null,
};

/**
 * Deleting needs `delete_attachment` in the project. The uploader may also
 * delete their own attachment while it is unbound: the web app uploads files
 * before the form that owns them is saved, and must be able to drop one the
 * user removes again, with only `add_attachment`. Archived projects stay
 * read-only either way (§2.7).
 */
function authorizeDelete(state: AttachmentState, context: DecisionContext): void {
  const unbound = state.contentTypeId === null && state.objectId === null;
  const ownUpload = unbound && state.userId !== null && state.userId === context.actor.userId;
  requireProjectWrite(context.project, context.actor, ownUpload ? 'view_project' : 'delete_attachment');
}

export function decideAttachment(command: AttachmentCommand, state: AttachmentState, context: DecisionContext): AttachmentEvent[] {
  switch (command.type) {
    case 'UploadAttachment': {
      // A retried command finds its own upload.
      if (state.exists) return [];
      requireProjectWrite(context.project, context.actor, 'add_attachment');
      if (command.contentTypeId !== null && !CONTENT_TYPES.some((type) => type.id === command.contentTypeId)) {
        throw ValidationError.of('content_type', attachmentMessages.unknownContentType(command.contentTypeId));
      }
      const { type: _type, ...fields } = command;
      return [
        { type: 'AttachmentUploaded', data: { ...fields, userId: context.actor.userId, name: fileNameWithoutExtension(command.filename) } },
      ];
    }
    case 'DeleteAttachment':
      if (!state.exists || state.deleted) throw new NotFoundError();
      authorizeDelete(state, context);
      return [{ type: 'AttachmentDeleted', data: {} }];
  }
}

export function evolveAttachment(state: AttachmentState, event: AttachmentEvent): AttachmentState {
  switch (event.type) {
    case 'AttachmentUploaded': {
      const { projectId, userId, contentTypeId, objectId } = event.data;
      return { ...state, exists: true, projectId, userId, contentTypeId, objectId };
    }
    case 'AttachmentDeleted':
      return { ...state, deleted: true };
  }
}

export const attachmentDecider: Decider<AttachmentCommand, AttachmentState, AttachmentEvent> = {
  initialState: initialAttachmentState,
  decide: decideAttachment,
  evolve: evolveAttachment,
};
