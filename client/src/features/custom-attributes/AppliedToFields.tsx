import { Checkbox } from 'primereact/checkbox';
import { InputSwitch } from 'primereact/inputswitch';
import { MultiSelect } from 'primereact/multiselect';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { withSeededNames } from '../../i18n/seeded-names.ts';
import type { Status } from '../../entities/status/status.ts';
import { ATTRIBUTE_MODELS } from '../../entities/custom-attribute/custom-attribute.ts';
import type { AttributeFormInput, AttributeFormValues } from './attribute-form.ts';

type FormControl = Control<AttributeFormInput, unknown, AttributeFormValues>;

/** Where the attribute applies: per model, active and required; for results, the statuses that ask for it. */
export function AppliedToFields({ control, statuses }: { control: FormControl; statuses: Status[] }) {
  const { t } = useTranslation();
  const appliedTo = useWatch({ control, name: 'applied_to' });
  return (
    <fieldset className="applied-to" aria-labelledby="attribute-applied-to-label">
      {ATTRIBUTE_MODELS.map((model) => {
        const active = appliedTo[model]?.is_active === true;
        const suites = (appliedTo[model] as { suite_ids?: number[] } | undefined)?.suite_ids ?? [];
        return (
          <div key={model} className="applied-to__row">
            <span className="field-checkbox applied-to__model">
              <Controller
                name={`applied_to.${model}.is_active`}
                control={control}
                render={({ field }) => (
                  <Checkbox
                    inputId={`applied-${model}`}
                    checked={field.value === true}
                    onChange={(event) => field.onChange(event.checked === true)}
                  />
                )}
              />
              <label htmlFor={`applied-${model}`}>{t(`catalogue.attribute.models.${model}`)}</label>
            </span>
            <span className="field-switch">
              <Controller
                name={`applied_to.${model}.is_required`}
                control={control}
                render={({ field }) => (
                  <InputSwitch
                    inputId={`required-${model}`}
                    checked={field.value === true}
                    disabled={!active}
                    onChange={(event) => field.onChange(event.value)}
                  />
                )}
              />
              <label htmlFor={`required-${model}`}>{t('catalogue.attribute.required')}</label>
            </span>
            {model === 'testresult' && (
              <Controller
                name="applied_to.testresult.status_specific"
                control={control}
                render={({ field }) => (
                  <MultiSelect
                    inputId="attribute-statuses"
                    className="applied-to__statuses"
                    value={field.value ?? []}
                    options={withSeededNames(t, 'status', statuses)}
                    optionLabel="name"
                    optionValue="id"
                    display="chip"
                    disabled={!active}
                    placeholder={t('catalogue.attribute.anyStatus')}
                    aria-label={t('catalogue.attribute.statuses')}
                    onChange={(event) => field.onChange(event.value as number[])}
                  />
                )}
              />
            )}
            {suites.length > 0 && <small className="field__hint">{t('catalogue.attribute.suiteSpecific', { count: suites.length })}</small>}
          </div>
        );
      })}
    </fieldset>
  );
}
