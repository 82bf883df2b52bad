import { describe, expect, it } from 'vitest';
import { settingsFormSchema, settingsPatch } from './settings-form.ts';

const values = { is_result_editable: true, result_edit_limit: '  2d 4h ', is_private: true };

describe('the settings form (§5)', () => {
  it('sends the edit limit trimmed, and null when empty or when results are not editable', () => {
    expect(settingsPatch(values, true)).toEqual({ settings: { is_result_editable: true, result_edit_limit: '2d 4h' }, is_private: true });
    expect(settingsPatch({ ...values, result_edit_limit: '   ' }, true).settings?.result_edit_limit).toBeNull();
    expect(settingsPatch({ ...values, is_result_editable: false }, true).settings?.result_edit_limit).toBeNull();
  });

  it('leaves privacy out for someone who may not change it', () => {
    expect(settingsPatch(values, false)).not.toHaveProperty('is_private');
  });

  it('checks the limit by the API’s duration rule', () => {
    expect(settingsFormSchema.safeParse({ ...values, result_edit_limit: 'soon' }).success).toBe(false);
    expect(settingsFormSchema.safeParse({ ...values, result_edit_limit: '90' }).success).toBe(true);
    expect(settingsFormSchema.safeParse({ ...values, result_edit_limit: '' }).success).toBe(true);
  });
});
