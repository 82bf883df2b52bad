import type { BlobStore } from '@testament/infra';
import { randomUUID } from 'node:crypto';
import type { Form } from '../../http/form.ts';
import { readPicture } from '../../http/image-processing.ts';
import { deleteWithThumbnails, storeThumbnails } from '../../http/thumbnails.ts';

/**
 * Stores an uploaded icon (png or jpeg by content, and decodable) with its
 * thumbnails and returns its key; undefined when the form carries no icon,
 * null when it asks to remove it.
 */
export async function storeIcon(blobs: BlobStore, form: Form): Promise<string | null | undefined> {
  const file = form.files.find((f) => f.field === 'icon');
  if (!file) return form.fields.icon === '' || form.fields.icon === null ? null : undefined;
  const picture = await readPicture(file, 'icon');
  const key = `project-icons/${randomUUID()}.${picture.contentType === 'image/png' ? 'png' : 'jpg'}`;
  await blobs.put(key, { bytes: file.bytes, contentType: picture.contentType });
  await storeThumbnails(blobs, key, picture);
  return key;
}

/** Removes an icon and its thumbnails. */
export const deleteIcon = deleteWithThumbnails;
