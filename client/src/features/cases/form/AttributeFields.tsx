import type { CustomAttribute } from '@testament/contracts';
import type { Control, FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AttributeFieldset } from '../../custom-attributes/index.ts';
import type { CaseFormValues } from './case-form.ts';

const isRequired = (attribute: CustomAttribute) => attribute.applied_to.testcase?.is_required ?? false;

/** The case attributes of the chosen suite, each with its own message (§5). */
export function AttributeFields({
  attributes,
  control,
  errors,
}: {
  attributes: CustomAttribute[];
  control: Control<CaseFormValues>;
  errors: FieldErrors<CaseFormValues>['attributes'];
}) {
  const { t } = useTranslation();
  return (
    <AttributeFieldset
      attributes={attributes}
      control={control}
      errors={errors}
      isRequired={isRequired}
      idPrefix="case"
      legend={t('caseForm.fields.attributes')}
      className="case-form__attributes"
    />
  );
}
