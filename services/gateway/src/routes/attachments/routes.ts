import type { CommandInput } from '@testament/commands';
import {
  NotFoundError,
  ValidationError,
  attachmentMessages,
  attachmentRoutes,
  attachmentUploadFields,
  parseOrThrow,
} from '@testament/contracts';
import type { BlobStore } from '@testament/infra';
import { findAttachment, listAttachments } from '@testament/projections/attachments/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { GatewayContext } from '../../context.ts';
import { inlineTypeOf, sendDownload } from '../../http/downloads.ts';
import { execute } from '../../http/execute.ts';
import { readForm, type UploadedFile } from '../../http/form.ts';
import { readWebImage } from '../../http/image-processing.ts';
import { requiredProjectQuery, visibleProjectOrFail } from '../../http/project-scope.ts';
import { serve } from '../../http/route-schema.ts';
import { deleteWithThumbnails, storeThumbnails, thumbnailKeyFor } from '../../http/thumbnails.ts';
import { ownOrigin, requireUser } from '../../plugins/authentication.ts';
import { attachmentRepresentation } from '../../representations/attachments.ts';

/** How many `file` parts one upload may carry; each may be as large as TESTAMENT_MAX_UPLOAD_MB. */
export const MAX_FILES_PER_UPLOAD = 20;

/** A well-formed `type/subtype` (RFC 6838 names). */
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

type StoredFile = Omit<CommandInput<'attachments.upload'>, 'projectId' | 'comment' | 'contentTypeId' | 'objectId'>;

/** Each file must name itself and declare a MIME type (§3.12), checked before anything is stored. */
function requireWellFormed(files: UploadedFile[]): void {
  if (files.length === 0) throw ValidationError.of('file', attachmentMessages.noFile);
  for (const file of files) {
    if (!file.filename) throw ValidationError.of('file', attachmentMessages.noFilename);
    if (!file.mimeType || !MIME_TYPE.test(file.mimeType)) throw ValidationError.of('file', attachmentMessages.noMimeType(file.filename));
  }
}

/** Stores the bytes as uploaded; images proven by their content also get thumbnails. */
async function storeFile(blobs: BlobStore, projectId: number, file: UploadedFile): Promise<StoredFile> {
  const blobKey = `attachments/${projectId}/${randomUUID()}`;
  const image = await readWebImage(file.bytes);
  await blobs.put(blobKey, { bytes: file.bytes, contentType: image?.contentType ?? 'application/octet-stream' });
  if (image) await storeThumbnails(blobs, blobKey, image);
  return { filename: file.filename, mimeType: file.mimeType!, size: file.bytes.length, blobKey, imageType: image?.contentType ?? null };
}

const flagOn = (value: string | undefined) => ['true', '1', 'yes'].includes((value ?? '').toLowerCase());

/** `attachments/` (§3.12) and the downloads at `/attachments/{id}/`. */
export default async function serveAttachments(app: FastifyInstance, context: GatewayContext) {
  const { system, config } = context;
  const { readStore, blobs } = system;

  /** An attachment in a project the caller can see: 404 when it does not exist, 403 when its project is hidden. */
  const visibleAttachment = async (request: FastifyRequest) => {
    const attachment = await findAttachment(readStore, Number((request.params as { id: string }).id));
    if (!attachment) throw new NotFoundError();
    await visibleProjectOrFail(readStore, requireUser(request), attachment.projectId);
    return attachment;
  };

  serve(app, attachmentRoutes.list, async (request) => {
    const project = await visibleProjectOrFail(readStore, requireUser(request), requiredProjectQuery(request.query));
    return (await listAttachments(readStore, project._id)).map((attachment) => attachmentRepresentation(attachment, ownOrigin(request)));
  });

  /**
   * One attachment per `file` part, the owner kept as given. Every file is checked before any is stored;
   * when the command side refuses, the bytes of the files it did not record are dropped again.
   */
  serve(app, attachmentRoutes.upload, async (request, reply) => {
    const user = requireUser(request);
    const form = await readForm(request, { maxFileMb: config.maxUploadMb, maxFiles: MAX_FILES_PER_UPLOAD });
    const fields = parseOrThrow(attachmentUploadFields, form.fields);
    const files = form.files.filter((file) => file.field === 'file');
    requireWellFormed(files);
    await visibleProjectOrFail(readStore, user, fields.project);
    const stored: StoredFile[] = [];
    for (const file of files) stored.push(await storeFile(blobs, fields.project, file));
    const ids: number[] = [];
    try {
      for (const [index, file] of stored.entries()) {
        const input = {
          ...file,
          projectId: fields.project,
          comment: fields.comment,
          contentTypeId: fields.content_type,
          objectId: fields.object_id,
        };
        ids.push((await execute(context, request, 'attachments.upload', input, { idempotencyPart: `file-${index}` })).attachmentId);
      }
    } catch (error) {
      for (const file of stored.slice(ids.length)) await deleteWithThumbnails(blobs, file.blobKey);
      throw error;
    }
    const created = [];
    for (const [index, id] of ids.entries()) {
      const attachment = await findAttachment(readStore, id);
      // A retried request (same Idempotency-Key) answers with the first upload's attachments: drop the bytes stored again.
      if (attachment?.blobKey !== stored[index]!.blobKey) await deleteWithThumbnails(blobs, stored[index]!.blobKey);
      if (attachment) created.push(attachmentRepresentation(attachment, ownOrigin(request)));
    }
    return reply.code(201).send(created);
  });

  serve(app, attachmentRoutes.retrieve, async (request) => attachmentRepresentation(await visibleAttachment(request), ownOrigin(request)));

  /** A soft delete; the bytes stay for a later recovery. */
  serve(app, attachmentRoutes.destroy, async (request, reply) => {
    const attachment = await visibleAttachment(request);
    await execute(context, request, 'attachments.delete', { attachmentId: attachment._id });
    return reply.code(204).send();
  });

  /** The file, or with `width`/`height` an image's thumbnail; `view` shows what is safe to show inline. */
  serve(app, attachmentRoutes.download, async (request, reply) => {
    const attachment = await visibleAttachment(request);
    const query = request.query as Record<string, string | undefined>;
    const wanted = thumbnailKeyFor(attachment.blobKey, query);
    const blob = (attachment.imageType ? await blobs.get(wanted) : null) ?? (await blobs.get(attachment.blobKey));
    if (!blob) throw new NotFoundError();
    const inlineType = flagOn(query.view) ? inlineTypeOf(attachment, blob.bytes) : null;
    return sendDownload(reply, { bytes: blob.bytes, filename: attachment.filename, inlineType });
  });
}
