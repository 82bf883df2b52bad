import { messages, projectSettingsBody, REPORT_OUTCOMES, type ProjectPatchRequest, type ReportOutcome } from '@testament/contracts';
import { z } from 'zod';
import type { Project } from '../../entities/project/project.ts';

/** The limit is checked by the API's own duration rule; empty means unlimited. */
const resultEditLimit = z
  .string()
  .refine((text) => projectSettingsBody.shape.result_edit_limit.safeParse(text).success, messages.invalidDuration);

/** The status a test imported from a CI report gets for each outcome; null before the project says. */
const importStatuses = z.object({
  passed: z.number().nullable(),
  failed: z.number().nullable(),
  error: z.number().nullable(),
  skipped: z.number().nullable(),
});
export type ImportStatuses = z.output<typeof importStatuses>;

export const settingsFormSchema = z.object({
  is_result_editable: z.boolean(),
  result_edit_limit: resultEditLimit,
  is_private: z.boolean(),
  import_statuses: importStatuses,
});
export type SettingsFormValues = z.output<typeof settingsFormSchema>;

const NO_IMPORT_STATUSES: ImportStatuses = { passed: null, failed: null, error: null, skipped: null };

export function settingsFormValues(project: Project): SettingsFormValues {
  return {
    is_result_editable: project.settings.is_result_editable,
    result_edit_limit: project.settings.result_edit_limit ?? '',
    is_private: project.is_private,
    // A server from before report imports has none.
    import_statuses: { ...NO_IMPORT_STATUSES, ...project.settings.import_statuses },
  };
}

/**
 * The PATCH body (§5): the limit trimmed, or null when it is empty or results
 * are not editable; privacy only when the user may change it (§6); the import
 * statuses changed from `saved` only (the server merges them one by one), so a
 * save of the other settings never resends a status deleted meanwhile.
 */
export function settingsPatch(values: SettingsFormValues, canChangePrivacy: boolean, saved?: ImportStatuses): ProjectPatchRequest {
  const limit = values.result_edit_limit.trim();
  const changed = REPORT_OUTCOMES.flatMap((outcome): Array<[ReportOutcome, number]> => {
    const status = values.import_statuses[outcome];
    return status !== null && status !== saved?.[outcome] ? [[outcome, status]] : [];
  });
  return {
    settings: {
      is_result_editable: values.is_result_editable,
      result_edit_limit: values.is_result_editable && limit !== '' ? limit : null,
      ...(changed.length > 0 ? { import_statuses: Object.fromEntries(changed) } : {}),
    },
    ...(canChangePrivacy ? { is_private: values.is_private } : {}),
  };
}
