import type { Status } from '@testament/contracts';
import { Dropdown } from 'primereact/dropdown';
import { useTranslation } from 'react-i18next';
import { withSeededNames } from '../../i18n/seeded-names.ts';
import { StatusTag } from '../../entities/status/StatusTag.tsx';

interface StatusSelectProps {
  id: string;
  /** The project's statuses, in the project's order. */
  statuses: readonly Status[];
  value: number | null;
  invalid: boolean;
  onChange(status: number): void;
}

/** One of the project's statuses, each shown with its colour. */
export function StatusSelect({ id, statuses, value, invalid, onChange }: StatusSelectProps) {
  const { t } = useTranslation();
  const shown = (option: Status | null) => (option ? <StatusTag name={option.name} color={option.color} /> : t('results.chooseStatus'));
  return (
    <Dropdown
      inputId={id}
      value={value}
      options={withSeededNames(t, 'status', statuses)}
      optionLabel="name"
      optionValue="id"
      placeholder={t('results.chooseStatus')}
      invalid={invalid}
      itemTemplate={(option: Status) => <StatusTag name={option.name} color={option.color} />}
      valueTemplate={(option: Status | null) => shown(option)}
      onChange={(event) => onChange(event.value as number)}
      className="status-select"
    />
  );
}
