import { REPORT_OUTCOMES } from '@testament/contracts';
import { Dropdown } from 'primereact/dropdown';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCatalogueList } from '../../entities/catalogue/use-catalogue.ts';
import { StatusTag } from '../../entities/status/StatusTag.tsx';
import { statusApi, type Status } from '../../entities/status/status.ts';
import { FormField } from '../../forms/FormField.tsx';
import { withSeededNames } from '../../i18n/seeded-names.ts';
import type { SettingsFormValues } from './settings-form.ts';
import './project-settings.css';

/** The status a test imported from a CI report (JUnit, xUnit, NUnit, Allure) gets for each outcome: one of the project's statuses. */
export function ImportStatusesFields({
  projectId,
  control,
  disabled,
}: {
  projectId: number;
  control: Control<SettingsFormValues>;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const statuses = useCatalogueList(projectId, statusApi);
  const options = withSeededNames(t, 'status', statuses ?? []);
  const tag = (status: Status | null) =>
    status ? <StatusTag name={status.name} color={status.color} /> : t('projectSettings.importStatuses.choose');
  return (
    <fieldset className="import-statuses" aria-describedby="settings-import-statuses-hint">
      <legend>{t('projectSettings.importStatuses.title')}</legend>
      <small id="settings-import-statuses-hint" className="field__hint">
        {t('projectSettings.importStatuses.hint')}
      </small>
      <div className="import-statuses__fields">
        {REPORT_OUTCOMES.map((outcome) => (
          <Controller
            key={outcome}
            name={`import_statuses.${outcome}`}
            control={control}
            render={({ field }) => (
              <FormField id={`settings-import-${outcome}`} label={t(`projectSettings.importStatuses.${outcome}`)}>
                <Dropdown
                  inputId={`settings-import-${outcome}`}
                  value={field.value}
                  options={options}
                  optionLabel="name"
                  optionValue="id"
                  loading={statuses === null}
                  disabled={disabled}
                  placeholder={t('projectSettings.importStatuses.choose')}
                  itemTemplate={(status: Status) => tag(status)}
                  valueTemplate={(status: Status | null) => tag(status)}
                  onChange={(event) => field.onChange(event.value as number)}
                  onBlur={field.onBlur}
                />
              </FormField>
            )}
          />
        ))}
      </div>
    </fieldset>
  );
}
