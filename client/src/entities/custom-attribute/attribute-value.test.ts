import { describe, expect, it } from 'vitest';
import { activeAppliedTo, attributeFormDefaults, attributeFormSchema } from '../../features/custom-attributes/attribute-form.ts';
import { readAttributeValue } from './attribute-value.ts';

describe('an attribute value, by the type of its attribute (§5)', () => {
  it('is required when the attribute is', () => {
    expect(readAttributeValue(0, '  ', true)).toEqual({ ok: false, message: 'forms.errors.required' });
    expect(readAttributeValue(0, '', false)).toEqual({ ok: true, value: undefined });
  });

  it('must parse when it is JSON', () => {
    expect(readAttributeValue(2, '{"browser": "Chrome"', false)).toEqual({ ok: false, message: 'forms.errors.jsonParse' });
    expect(readAttributeValue(2, ' {"browser": "Chrome"} ', false)).toEqual({ ok: true, value: { browser: 'Chrome' } });
  });

  it('is one item per line when it is a list, empty lines dropped', () => {
    expect(readAttributeValue(1, 'Chrome\n\n  Firefox \r\n', false)).toEqual({ ok: true, value: ['Chrome', 'Firefox'] });
  });

  it('is at most 255 characters when it is text', () => {
    expect(readAttributeValue(0, 'x'.repeat(255), false).ok).toBe(true);
    expect(readAttributeValue(0, 'x'.repeat(256), false)).toEqual({ ok: false, message: 'forms.errors.maxLength', values: { max: 255 } });
  });
});

describe('the custom attribute form', () => {
  it('needs at least one model it applies to, in the API’s own words', () => {
    const result = attributeFormSchema.safeParse(attributeFormDefaults(null));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain('At least one applied to must be active');
  });

  it('sends only the active models, and keeps an existing suite limit', () => {
    const defaults = attributeFormDefaults({
      id: 3,
      url: 'http://testament.test/api/v2/custom-attributes/3/',
      project: 1,
      name: 'Browser',
      type: 0,
      is_deleted: false,
      applied_to: { testcase: { is_required: true, is_active: true, suite_ids: [4] } },
    });
    expect(activeAppliedTo(attributeFormSchema.parse(defaults).applied_to)).toEqual({
      testcase: { is_required: true, is_active: true, suite_ids: [4] },
    });
  });
});
