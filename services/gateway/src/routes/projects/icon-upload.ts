import { ValidationError, type FieldErrors } from '@testament/contracts';
import type { BlobStore } from '@testament/infra';
import { randomUUID } from 'node:crypto';
import type { Form } from '../../http/form.ts';
import { readPicture, thumbnail } from '../../http/image-processing.ts';

/** Icons are pre-rendered at these sizes (§3.1); `icon/?width=&height=` picks one. */
export const ICON_SIZES = [16, 32, 180, 512] as const;

/** The thumbnail of the icon stored at `key`: `<name>-<size>.<ext>` beside it. */
export function iconThumbnailKey(key: string, size: number): string {
  return key.replace(/(\.[a-z]+)$/, `-${size}$1`);
}

/**
 * Stores an uploaded icon (png or jpeg by content, and decodable) with its
 * thumbnails and returns its key; undefined when the form carries no icon,
 * null when it asks to remove it.
 */
export async function storeIcon(blobs: BlobStore, form: Form): Promise<string | null | undefined> {
  const file = form.files.find((f) => f.field === 'icon');
  if (!file) return form.fields['icon'] === '' || form.fields['icon'] === null ? null : undefined;
  const picture = await readPicture(file, 'icon');
  const key = `project-icons/${randomUUID()}.${picture.contentType === 'image/png' ? 'png' : 'jpg'}`;
  await blobs.put(key, { bytes: file.bytes, contentType: picture.contentType });
  for (const size of ICON_SIZES) {
    await blobs.put(iconThumbnailKey(key, size), { bytes: await thumbnail(picture, size), contentType: picture.contentType });
  }
  return key;
}

/** Removes an icon and its thumbnails. */
export async function deleteIcon(blobs: BlobStore, key: string): Promise<void> {
  await blobs.delete(key);
  for (const size of ICON_SIZES) await blobs.delete(iconThumbnailKey(key, size));
}

function dimension(query: Record<string, string | undefined>, name: 'width' | 'height', errors: FieldErrors): number {
  const value = query[name];
  if (value === undefined || value === '') return 0;
  if (!/^\d+$/.test(value) || Number(value) === 0) errors[name] = ['A valid integer is required.'];
  return Number(value);
}

/**
 * The BlobStore key that answers `icon/?width=&height=`: the smallest
 * thumbnail that covers the larger of the two (the largest one past 512),
 * or the uploaded icon when neither is given.
 */
export function iconKeyFor(key: string, query: Record<string, string | undefined>): string {
  const errors: FieldErrors = {};
  const wanted = Math.max(dimension(query, 'width', errors), dimension(query, 'height', errors));
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  if (wanted === 0) return key;
  return iconThumbnailKey(key, ICON_SIZES.find((size) => size >= wanted) ?? ICON_SIZES.at(-1)!);
}
