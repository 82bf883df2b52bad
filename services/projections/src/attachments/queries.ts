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

/** The live attachments among these ids, in the order asked (deleted or unknown ones left out). */
export async function attachmentsByIds(readStore: ReadStore, attachmentIds: readonly number[]): Promise<AttachmentDocument[]> {
  if (attachmentIds.length === 0) return [];
  const found = new Map(
    (await readStore.collection<AttachmentDocument>(ATTACHMENTS).find({ _id: { $in: [...new Set(attachmentIds)] }, isDeleted: false })).map(
      (item) => [item._id, item],
    ),
  );
  return attachmentIds.flatMap((id) => found.get(id) ?? []);
}
