import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Every column either view of the cases may show. */
export const CASE_COLUMNS = ['id', 'name', 'suite_path', 'labels', 'estimate', 'created_at'] as const;
export type CaseColumn = (typeof CASE_COLUMNS)[number];

interface ColumnsToggleProps {
  columns: readonly CaseColumn[];
  hidden: readonly CaseColumn[];
  onChange(hidden: CaseColumn[]): void;
}

/** The column visibility popover (§2 "Sort popovers and column visibility popovers"); the name always stays. */
export function ColumnsToggle({ columns, hidden, onChange }: ColumnsToggleProps) {
  const { t } = useTranslation();
  const panel = useRef<OverlayPanel>(null);
  const toggle = (column: CaseColumn, shown: boolean) => onChange(shown ? hidden.filter((other) => other !== column) : [...hidden, column]);
  return (
    <>
      <Button label={t('caseList.columns.button')} icon="pi pi-table" outlined onClick={(event) => panel.current?.toggle(event)} />
      <OverlayPanel ref={panel}>
        <ul className="case-list__columns">
          {columns
            .filter((column) => column !== 'name')
            .map((column) => (
              <li key={column}>
                <Checkbox inputId={`case-column-${column}`} checked={!hidden.includes(column)} onChange={(event) => toggle(column, event.checked === true)} />
                <label htmlFor={`case-column-${column}`}>{t(`caseList.columns.${column}`)}</label>
              </li>
            ))}
        </ul>
      </OverlayPanel>
    </>
  );
}
