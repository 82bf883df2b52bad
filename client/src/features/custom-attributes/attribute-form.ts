import { customAttributeCreateBody, type AppliedToTarget, type CustomAttributeModel } from '@testament/contracts';
import type { z } from 'zod';
import { ATTRIBUTE_MODELS, type CustomAttribute } from '../../entities/custom-attribute/custom-attribute.ts';

/** The API's own create body without the project: name, type, and `applied_to` with its "at least one active" rule. */
export const attributeFormSchema = customAttributeCreateBody.pick({ name: true, type: true, applied_to: true });
export type AttributeFormInput = z.input<typeof attributeFormSchema>;
export type AttributeFormValues = z.output<typeof attributeFormSchema>;

/** Every model has a row in the form, switched off unless the attribute applies to it; suite limits are kept as they are. */
export function attributeFormDefaults(attribute: CustomAttribute | null): AttributeFormInput {
  const entry = (model: CustomAttributeModel): AppliedToTarget => {
    const current = attribute?.applied_to[model];
    return { is_required: current?.is_required ?? false, is_active: current ? current.is_active !== false : false };
  };
  const suites = (model: 'testcase' | 'testresult') => attribute?.applied_to[model]?.suite_ids ?? [];
  return {
    name: attribute?.name ?? '',
    type: attribute?.type ?? 0,
    applied_to: {
      testcase: { ...entry('testcase'), suite_ids: suites('testcase') },
      testplan: entry('testplan'),
      testsuite: entry('testsuite'),
      testresult: {
        ...entry('testresult'),
        suite_ids: suites('testresult'),
        status_specific: attribute?.applied_to.testresult?.status_specific ?? [],
      },
    },
  };
}

/** Only the active entries go to the server: an entry that is present means active (§3). */
export function activeAppliedTo(appliedTo: AttributeFormValues['applied_to']): AttributeFormValues['applied_to'] {
  return Object.fromEntries(
    ATTRIBUTE_MODELS.flatMap((model) => {
      const entry = appliedTo[model];
      return entry && entry.is_active !== false ? [[model, { ...entry, is_active: true }]] : [];
    }),
  );
}
