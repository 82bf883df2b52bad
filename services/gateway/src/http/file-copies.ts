import { attachmentsByIds } from '@testament/projections/attachments/queries';
import type { FastifyRequest } from 'fastify';
import type { GatewayContext } from '../context.ts';
import { execute } from './execute.ts';

/**
 * Copies files for a copied object (§3.2, §3.3 copy): each live attachment
 * becomes a new attachment of `projectId` over the same stored bytes (blobs
 * are never changed, so sharing them is safe), unbound until its new owner names it.
 * Returns each original id with its copy's; deleted files are not copied.
 */
export async function copyFiles(
  context: GatewayContext,
  request: FastifyRequest,
  projectId: number,
  attachmentIds: readonly number[],
  idempotencyPart: string,
): Promise<Map<number, number>> {
  const copies = new Map<number, number>();
  for (const file of await attachmentsByIds(context.system.readStore, [...new Set(attachmentIds)])) {
    const { filename, mimeType, size, blobKey, imageType, comment } = file;
    const input = { projectId, filename, mimeType, size, blobKey, imageType, comment, contentTypeId: null, objectId: null };
    const { attachmentId } = await execute(context, request, 'attachments.upload', input, {
      idempotencyPart: `${idempotencyPart}-file-${file._id}`,
    });
    copies.set(file._id, attachmentId);
  }
  return copies;
}
