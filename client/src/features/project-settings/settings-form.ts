import { messages, projectSettingsBody, type ProjectPatchRequest } from '@testament/contracts';
import { z } from 'zod';
import type { Project } from '../../entities/project/project.ts';

/** The limit is checked by the API's own duration rule; empty means unlimited. */
const resultEditLimit = z
  .string()
  .refine((text) => projectSettingsBody.shape.result_edit_limit.safeParse(text).success, messages.invalidDuration);

export const settingsFormSchema = z.object({
  is_result_editable: z.boolean(),
  result_edit_limit: resultEditLimit,
  is_private: z.boolean(),
});
export type SettingsFormValues = z.output<typeof settingsFormSchema>;

export function settingsFormValues(project: Project): SettingsFormValues {
  return {
    is_result_editable: project.settings.is_result_editable,
    result_edit_limit: project.settings.result_edit_limit ?? '',
    is_private: project.is_private,
  };
}

/**
 * The PATCH body (§5): the limit trimmed, or null when it is empty or results
 * are not editable; privacy only when the user may change it (§6).
 */
export function settingsPatch(values: SettingsFormValues, canChangePrivacy: boolean): ProjectPatchRequest {
  const limit = values.result_edit_limit.trim();
  return {
    settings: {
      is_result_editable: values.is_result_editable,
      result_edit_limit: values.is_result_editable && limit !== '' ? limit : null,
    },
    ...(canChangePrivacy ? { is_private: values.is_private } : {}),
  };
}
