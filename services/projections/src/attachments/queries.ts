import type { ReadStore } from '@testament/infra';
import { ATTACHMENTS, type AttachmentDocument } from './attachments-projection.ts';

/** A project's attachments that are not deleted, oldest first. */
export function listAttachments(readStore: ReadStore, projectId: number): Promise<AttachmentDocument[]> {
  return readStore.collection<AttachmentDocument>(ATTACHMENTS).find({ projectId, isDeleted: false }, { sort: { _id: 1 } });
}

/** One attachment that is not deleted, or null. */
export function findAttachment(readStore: ReadStore, attachmentId: number): Promise<AttachmentDocument | null> {
  return readStore.collection<AttachmentDocument>(ATTACHMENTS).findOne({ _id: attachmentId, isDeleted: false });
}
