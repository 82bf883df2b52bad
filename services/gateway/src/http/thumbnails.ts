import { ValidationError, type FieldErrors } from '@testament/contracts';
import type { BlobStore } from '@testament/infra';
import { thumbnail, type Picture } from './image-processing.ts';

/** Uploaded images (project icons, attachments) are pre-rendered at these sizes (§3.1, §3.12); `?width=&height=` picks one. */
export const THUMBNAIL_SIZES = [16, 32, 180, 512] as const;

/** The thumbnail of the image stored at `key`: `<name>-<size>.<ext>` beside it (`<key>-<size>` without an extension). */
export function thumbnailKey(key: string, size: number): string {
  return key.replace(/(\.[a-z]+)?$/, `-${size}$1`);
}

/** Stores the thumbnails of a picture whose upload is stored at `key`. */
export async function storeThumbnails(blobs: BlobStore, key: string, picture: Picture): Promise<void> {
  for (const size of THUMBNAIL_SIZES) {
    await blobs.put(thumbnailKey(key, size), { bytes: await thumbnail(picture, size), contentType: picture.contentType });
  }
}

/** Removes an upload and its thumbnails. */
export async function deleteWithThumbnails(blobs: BlobStore, key: string): Promise<void> {
  await blobs.delete(key);
  for (const size of THUMBNAIL_SIZES) await blobs.delete(thumbnailKey(key, size));
}

function dimension(query: Record<string, string | undefined>, name: 'width' | 'height', errors: FieldErrors): number {
  const value = query[name];
  if (value === undefined) return 0;
  if (!/^\d+$/.test(value) || Number(value) === 0) errors[name] = ['A valid integer is required.'];
  return Number(value);
}

/**
 * The BlobStore key that answers `?width=&height=`: the smallest thumbnail
 * that covers the larger of the two (the largest one past 512), or the
 * upload itself when neither is given. 400 for a size that is not a positive integer.
 */
export function thumbnailKeyFor(key: string, query: Record<string, string | undefined>): string {
  const errors: FieldErrors = {};
  const wanted = Math.max(dimension(query, 'width', errors), dimension(query, 'height', errors));
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  if (wanted === 0) return key;
  return thumbnailKey(key, THUMBNAIL_SIZES.find((size) => size >= wanted) ?? THUMBNAIL_SIZES.at(-1)!);
}
