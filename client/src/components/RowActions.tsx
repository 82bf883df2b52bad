import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';

/** Edit and delete buttons of a table row, named after the row for screen readers and tests. */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit?: () => void; onDelete?: () => void }) {
  const { t } = useTranslation();
  return (
    <span className="row-actions">
      {onEdit && (
        <Button icon="pi pi-pencil" text rounded severity="secondary" aria-label={t('common.editNamed', { name })} onClick={onEdit} />
      )}
      {onDelete && (
        <Button icon="pi pi-trash" text rounded severity="danger" aria-label={t('common.deleteNamed', { name })} onClick={onDelete} />
      )}
    </span>
  );
}
