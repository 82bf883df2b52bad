import type { ColumnFilterElementTemplateOptions } from 'primereact/column';
import { Dropdown } from 'primereact/dropdown';
import { useTranslation } from 'react-i18next';

/** A yes/no column's search: Yes, No, or (cleared) either. */
export function FlagFilter({ options, label }: { options: ColumnFilterElementTemplateOptions; label: string }) {
  const { t } = useTranslation();
  const choices = [
    { label: t('common.yes'), value: true },
    { label: t('common.no'), value: false },
  ];
  return (
    <Dropdown
      value={options.value as boolean | null}
      options={choices}
      showClear
      placeholder={t('common.any')}
      aria-label={label}
      className="flag-filter"
      onChange={(event) => options.filterApplyCallback(event.value ?? null)}
    />
  );
}
