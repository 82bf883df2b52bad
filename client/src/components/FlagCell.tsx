import { useTranslation } from 'react-i18next';

/** A yes/no cell: a check, or nothing. */
export function FlagCell({ value, label }: { value: boolean; label: string }) {
  const { t } = useTranslation();
  return value ? (
    <i className="pi pi-check flag-cell" role="img" aria-label={`${label}: ${t('common.yes')}`} />
  ) : (
    <span className="sr-only">{t('common.no')}</span>
  );
}
