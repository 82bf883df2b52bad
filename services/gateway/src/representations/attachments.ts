import type { Attachment } from '@testament/contracts';
import type { AttachmentDocument } from '@testament/projections/attachments/attachments-projection';

const UNITS = ['KB', 'MB', 'GB', 'TB', 'PB'];

/** Sizes as TestY shows them (Django's filesizeformat): 1024-based with one decimal, "1.2 MB"; bytes below 1 KB. */
export function humanizeSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** The Attachment object of §3.12; `file_extension` holds the MIME type (K4). */
export function attachmentRepresentation(attachment: AttachmentDocument, origin: string): Attachment {
  return {
    id: attachment._id,
    project: attachment.projectId,
    comment: attachment.comment,
    name: attachment.name,
    filename: attachment.filename,
    file_extension: attachment.mimeType,
    size: attachment.size,
    size_humanize: humanizeSize(attachment.size),
    content_type: attachment.contentTypeId,
    object_id: attachment.objectId,
    user: attachment.userId,
    url: `${origin}/api/v2/attachments/${attachment._id}/`,
    link: `${origin}/attachments/${attachment._id}/`,
  };
}

/** The files an object names, as the wire shows them, in the order named (a deleted or unknown file drops out). */
export function attachmentsNamed(
  attachmentIds: readonly number[],
  files: ReadonlyMap<number, AttachmentDocument>,
  origin: string,
): Attachment[] {
  return attachmentIds.flatMap((attachmentId) => {
    const file = files.get(attachmentId);
    return file ? [attachmentRepresentation(file, origin)] : [];
  });
}
