import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import './list.css';

interface ColumnsToggleProps<C extends string> {
  columns: readonly C[];
  hidden: readonly C[];
  onChange(hidden: C[]): void;
  /** A column's header. */
  labelOf(column: C): string;
  /** The column that always stays (the name). */
  fixed: C;
  /** Puts the column widths back to the defaults; offered when the person changed any. */
  onDefaultWidths?: (() => void) | undefined;
}

/** The column visibility popover (§2 "Sort popovers and column visibility popovers"); the fixed column always stays. */
export function ColumnsToggle<C extends string>({ columns, hidden, onChange, labelOf, fixed, onDefaultWidths }: ColumnsToggleProps<C>) {
  const { t } = useTranslation();
  const panel = useRef<OverlayPanel>(null);
  const prefix = useId();
  const toggle = (column: C, shown: boolean) => onChange(shown ? hidden.filter((other) => other !== column) : [...hidden, column]);
  return (
    <>
      <Button label={t('list.columns')} icon="pi pi-table" outlined onClick={(event) => panel.current?.toggle(event)} />
      <OverlayPanel ref={panel}>
        <ul className="list-columns">
          {columns
            .filter((column) => column !== fixed)
            .map((column) => (
              <li key={column}>
                <Checkbox
                  inputId={`${prefix}-${column}`}
                  checked={!hidden.includes(column)}
                  onChange={(event) => toggle(column, event.checked === true)}
                />
                <label htmlFor={`${prefix}-${column}`}>{labelOf(column)}</label>
              </li>
            ))}
        </ul>
        {onDefaultWidths && (
          <Button
            label={t('list.defaultWidths')}
            icon="pi pi-arrows-h"
            size="small"
            text
            className="list-columns__default-widths"
            onClick={onDefaultWidths}
          />
        )}
      </OverlayPanel>
    </>
  );
}
