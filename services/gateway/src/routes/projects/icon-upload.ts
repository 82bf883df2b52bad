import { ValidationError, messages } from '@testament/contracts';
import type { BlobStore } from '@testament/infra';
import { randomUUID } from 'node:crypto';
import type { Form } from '../../http/form.ts';
import { detectImageType } from '../../http/images.ts';

/**
 * Stores an uploaded icon (png or jpeg by content) and returns its key;
 * undefined when the form carries no icon, null when it asks to remove it.
 */
export async function storeIcon(blobs: BlobStore, form: Form): Promise<string | null | undefined> {
  const file = form.files.find((f) => f.field === 'icon');
  if (!file) return form.fields['icon'] === '' || form.fields['icon'] === null ? null : undefined;
  const contentType = detectImageType(file.bytes);
  if (!contentType) throw ValidationError.of('icon', messages.notAnImage(file.filename));
  const key = `project-icons/${randomUUID()}.${contentType === 'image/png' ? 'png' : 'jpg'}`;
  await blobs.put(key, { bytes: file.bytes, contentType });
  return key;
}
