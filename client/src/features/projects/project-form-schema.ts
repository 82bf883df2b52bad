import { ICON_MAX_BYTES, messages, projectCreateBody } from '@testament/contracts';
import { z } from 'zod';

const ICON_TYPES = ['image/png', 'image/jpeg'];

/** Icons: png or jpeg (§5), within the server's size limit. */
const icon = z
  .custom<File | null>((value) => value === null || value instanceof File)
  .superRefine((file, ctx) => {
    if (!file) return;
    if (!ICON_TYPES.includes(file.type)) ctx.addIssue({ code: 'custom', message: messages.notAnImage(file.name) });
    else if (file.size > ICON_MAX_BYTES) ctx.addIssue({ code: 'custom', message: messages.fileTooLarge(ICON_MAX_BYTES / 1024 / 1024) });
  });

/** The API's own create body, plus the icon file. */
export const projectFormSchema = projectCreateBody
  .pick({ name: true, description: true, is_private: true, is_archive: true })
  .extend({ icon });

export type ProjectFormInput = z.input<typeof projectFormSchema>;
export type ProjectFormValues = z.output<typeof projectFormSchema>;

/** The multipart body of create and edit; flags the caller may not change are left out. */
export function projectFormData(values: ProjectFormValues, allowed: { privacy: boolean; archive: boolean }): FormData {
  const form = new FormData();
  form.set('name', values.name);
  form.set('description', values.description);
  if (allowed.privacy) form.set('is_private', String(values.is_private));
  if (allowed.archive) form.set('is_archive', String(values.is_archive));
  if (values.icon) form.set('icon', values.icon, values.icon.name);
  return form;
}
