import { topics, streams, type AttachmentEvent, type WebImageType } from '@testament/contracts';
import { projection } from '../runner/projection.ts';

export const ATTACHMENTS = 'attachments';

/** `attachments` read model: one document per upload; soft-deleted ones are kept (§2.7). */
export interface AttachmentDocument {
  [key: string]: unknown;
  _id: number;
  projectId: number;
  userId: number | null;
  filename: string;
  name: string;
  /** The declared MIME type (K4). */
  mimeType: string;
  size: number;
  blobKey: string;
  /** The type the bytes proved to be when they are an image; thumbnails exist then. */
  imageType: WebImageType | null;
  contentTypeId: number | null;
  objectId: number | null;
  comment: string;
  isDeleted: boolean;
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export const attachmentsProjection = projection<AttachmentEvent>({
  name: ATTACHMENTS,
  source: import.meta.url,
  collections: {
    [ATTACHMENTS]: { indexes: [{ keys: { projectId: 1, isDeleted: 1, _id: 1 } }, { keys: { contentTypeId: 1, objectId: 1 } }] },
  },
  handles: new Set(['AttachmentUploaded', 'AttachmentDeleted']),
  keys: (event) => [[ATTACHMENTS, streams.attachment.idOf(event.stream)]],
  apply(event, view) {
    const id = streams.attachment.idOf(event.stream);
    const time = event.metadata.time;
    let next: AttachmentDocument | undefined;
    switch (event.type) {
      case 'AttachmentUploaded': {
        const { attachmentId: _id, ...fields } = event.data;
        next = { _id: id, ...fields, isDeleted: false, deletedAt: null, createdAt: time, updatedAt: time };
        break;
      }
      case 'AttachmentDeleted': {
        const current = view.get<AttachmentDocument>(ATTACHMENTS, id);
        if (current) next = { ...current, isDeleted: true, deletedAt: time, updatedAt: time };
        break;
      }
    }
    if (!next) return;
    view.put(ATTACHMENTS, next);
    view.notify(topics.attachments);
    view.notify(topics.project(next.projectId));
  },
});
