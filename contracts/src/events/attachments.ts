import { z } from 'zod';
import { defineEvents, type EventsOf } from './catalog.ts';

/** Image formats an attachment may be shown as, once its bytes prove it (magic bytes and a decode). */
export const WEB_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type WebImageType = (typeof WEB_IMAGE_TYPES)[number];

const id = z.number().int().positive();

/**
 * Uploaded files, one stream per attachment: `attachment-<id>`. The owner
 * (content type and object id, §4.1) is kept as given at upload; binding to an
 * owner later is an event of its own (AttachmentBound, with the owner's ids),
 * so the upload never has to be rewritten.
 */
export const attachmentEvents = defineEvents({
  AttachmentUploaded: {
    version: 1,
    schema: z.object({
      attachmentId: id,
      projectId: id,
      /** The uploader; null when the system made it. */
      userId: id.nullable(),
      filename: z.string().min(1),
      /** The file name without its extension. */
      name: z.string(),
      /** The MIME type the upload declared (the wire's `file_extension`, K4); never used to serve it. */
      mimeType: z.string().min(1),
      size: z.number().int().nonnegative(),
      /** BlobStore key of the bytes as uploaded. */
      blobKey: z.string().min(1),
      /** Set when the bytes are a decodable image of this type; its thumbnails are stored beside `blobKey`. */
      imageType: z.enum(WEB_IMAGE_TYPES).nullable(),
      /** Content-type id of the owner's model, and the owner's id; null when unbound. */
      contentTypeId: id.nullable(),
      objectId: id.nullable(),
      comment: z.string(),
    }),
  },
  /** Soft delete (§2.7); the bytes stay in the BlobStore. */
  AttachmentDeleted: { version: 1, schema: z.object({}) },
});

export type AttachmentEvent = EventsOf<typeof attachmentEvents>;
