import { describe, expect, it } from 'vitest';
import { settingsFormSchema, settingsPatch } from './settings-form.ts';

const noImportStatuses = { passed: null, failed: null, error: null, skipped: null };
const values = { is_result_editable: true, result_edit_limit: '  2d 4h ', is_private: true, import_statuses: noImportStatuses };

describe('the settings form (§5)', () => {
  it('sends the edit limit trimmed, and null when empty or when results are not editable', () => {
    expect(settingsPatch(values, true)).toEqual({ settings: { is_result_editable: true, result_edit_limit: '2d 4h' }, is_private: true });
    expect(settingsPatch({ ...values, result_edit_limit: '   ' }, true).settings?.result_edit_limit).toBeNull();
    expect(settingsPatch({ ...values, is_result_editable: false }, true).settings?.result_edit_limit).toBeNull();
  });

  it('leaves privacy out for someone who may not change it', () => {
    expect(settingsPatch(values, false)).not.toHaveProperty('is_private');
  });

  it('sends only the import statuses changed from those saved, which the server merges', () => {
    const saved = { passed: 1, failed: 2, error: 3, skipped: 4 };
    expect(settingsPatch({ ...values, import_statuses: saved }, true, saved).settings).not.toHaveProperty('import_statuses');
    expect(
      settingsPatch({ ...values, import_statuses: { ...saved, error: 2, skipped: 9 } }, true, saved).settings?.import_statuses,
    ).toEqual({
      error: 2,
      skipped: 9,
    });
  });

  it('checks the limit by the API’s duration rule', () => {
    expect(settingsFormSchema.safeParse({ ...values, result_edit_limit: 'soon' }).success).toBe(false);
    expect(settingsFormSchema.safeParse({ ...values, result_edit_limit: '90' }).success).toBe(true);
    expect(settingsFormSchema.safeParse({ ...values, result_edit_limit: '' }).success).toBe(true);
  });
});
