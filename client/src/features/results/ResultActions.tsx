import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import type { Result } from './result-api.ts';

export interface ResultActionsProps {
  /** The case's current version: clone is offered only for results made on it (§6). */
  currentVersion: number;
  /** An archived project (or test) keeps its results as they are (§6). */
  readOnly: boolean;
  onEdit(result: Result): void;
  onClone(result: Result): void;
}

/** Edit and clone of one result. */
export function ResultActions({ result, currentVersion, readOnly, onEdit, onClone }: ResultActionsProps & { result: Result }) {
  const { t } = useTranslation();
  return (
    <>
      <Button
        icon="pi pi-pencil"
        text
        rounded
        size="small"
        severity="secondary"
        aria-label={t('results.edit', { id: result.id })}
        disabled={readOnly || result.is_archive}
        onClick={() => onEdit(result)}
      />
      {result.test_case_version === currentVersion && (
        <Button
          icon="pi pi-clone"
          text
          rounded
          size="small"
          severity="secondary"
          aria-label={t('results.clone', { id: result.id })}
          disabled={readOnly}
          onClick={() => onClone(result)}
        />
      )}
    </>
  );
}
