import { z } from 'zod';
import { drfInteger } from './fields.ts';
import { CONTENT_TYPES } from '../content-types.ts';
import { messages } from '../messages.ts';
import { catalogueMessages, projectScopeQuery } from './project-catalogue.ts';
import { file, noContent, routeSet } from './route.ts';
import { count, id } from './wire.ts';

export const attachmentMessages = {
  noFile: 'No file was submitted.',
  noMimeType: (filename: string) => `The file "${filename}" has no MIME type.`,
  noFilename: 'No filename could be determined.',
  unknownContentType: (id: number) => `Invalid pk "${id}" - object does not exist.`,
} as const;

/** An id in a multipart field (a string) or a JSON number; empty means none. */
export function formId(required: boolean) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx): number | null => {
      if (value === undefined || value === null || value === '') {
        if (required) ctx.addIssue({ code: 'custom', message: messages.required });
        return null;
      }
      const id = drfInteger(value);
      if (id === undefined || id <= 0) ctx.addIssue({ code: 'custom', message: catalogueMessages.invalidInteger });
      return id ?? NaN;
    });
}

/** The fields of `POST attachments/` besides its `file` parts (§3.12). */
export const attachmentUploadFields = z.object({
  project: formId(true).transform((id) => id as number),
  /** A content-type id published by `custom-attributes/content-types/` (§4.1). */
  content_type: formId(false).superRefine((id, ctx) => {
    if (id !== null && !CONTENT_TYPES.some((type) => type.id === id))
      ctx.addIssue({ code: 'custom', message: attachmentMessages.unknownContentType(id) });
  }),
  object_id: formId(false),
  comment: z.string({ error: catalogueMessages.notAString }).optional().default(''),
});
export type AttachmentUploadFields = z.output<typeof attachmentUploadFields>;

/** The file name without its extension, split as Python's `os.path.splitext` does (leading dots belong to the name). */
export function fileNameWithoutExtension(filename: string): string {
  const dot = filename.lastIndexOf('.');
  if (dot <= 0 || filename.slice(0, dot).replace(/^\.+/, '') === '') return filename;
  return filename.slice(0, dot);
}

/** The Attachment object (§3.12); `file_extension` holds the declared MIME type (K4). */
export const attachmentResponse = z.strictObject({
  id,
  project: id,
  comment: z.string(),
  /** The file name without its extension. */
  name: z.string(),
  filename: z.string(),
  file_extension: z.string(),
  size: count,
  /** "1.2 MB", as TestY shows sizes. */
  size_humanize: z.string(),
  /** The owner's content type and id (§4.1); null when unbound. */
  content_type: id.nullable(),
  object_id: id.nullable(),
  /** The uploader; null when the system made it. */
  user: id.nullable(),
  url: z.string(),
  /** Where the file itself is downloaded. */
  link: z.string(),
});
export type Attachment = z.output<typeof attachmentResponse>;

const attachmentBase = '/api/v2/attachments/';
const attachmentDetail = '/api/v2/attachments/:id(^\\d+)/';

/** `attachments/` (§3.12) and the downloads at `/attachments/{id}/`. */
export const attachmentRoutes = routeSet('attachments', {
  list: {
    method: 'GET',
    path: attachmentBase,
    summary: "A project's attachments",
    querystring: projectScopeQuery,
    response: { 200: z.array(attachmentResponse) },
  },
  upload: {
    method: 'POST',
    path: attachmentBase,
    summary: 'Upload files: one attachment per multipart `file` part, in the project (and for the owner) the fields name',
    body: attachmentUploadFields,
    multipart: true,
    response: { 201: z.array(attachmentResponse) },
  },
  retrieve: { method: 'GET', path: attachmentDetail, summary: 'One attachment', response: { 200: attachmentResponse } },
  destroy: {
    method: 'DELETE',
    path: attachmentDetail,
    summary: 'Delete an attachment (soft: it can be restored)',
    response: { 204: noContent },
  },
  download: {
    method: 'GET',
    path: '/attachments/:id(^\\d+)/',
    summary: "An attachment's file: `?width=&height=` for an image's thumbnail, `?view=true` to show it inline when that is safe",
    // Inline only as an image type its bytes proved, or as plain text; anything else is opaque bytes.
    response: { 200: file('The file', 'application/octet-stream', 'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'text/plain') },
  },
});
