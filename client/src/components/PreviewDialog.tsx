import type { PreviewRow } from '@testament/contracts';
import { useObservable, useObservableState } from 'observable-hooks';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPTY, catchError, map, switchMap, type Observable } from 'rxjs';

interface PreviewDialogProps {
  header: string;
  question: string;
  /** Asks for the object's preview (§4.13); a failed one leaves the dialog waiting, the data layer having said why. */
  loadPreview(): Observable<PreviewRow[]>;
  /** What the preview is of: the dialog asks again only when it changes. */
  previewKey: string;
  rowLabel(row: PreviewRow): ReactNode;
  affectedLabel: string;
  warning: string;
  confirm: { label: string; icon: string; severity: 'danger' | 'warning'; running: boolean; onClick(): void };
  onClose(): void;
}

/** An archive or a delete that first shows what goes with the object: one row per affected model, rows of 0 left out (§4.13). */
export function PreviewDialog({
  header,
  question,
  loadPreview,
  previewKey,
  rowLabel,
  affectedLabel,
  warning,
  confirm,
  onClose,
}: PreviewDialogProps) {
  const { t } = useTranslation();
  const load = useRef(loadPreview);
  load.current = loadPreview;
  const rows$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        switchMap(() => load.current().pipe(catchError(() => EMPTY))),
        map((rows) => rows.filter((row) => row.count > 0)),
      ),
    [previewKey] as const,
  );
  const rows = useObservableState(rows$, null);
  const footer = (
    <>
      <Button type="button" label={t('common.cancel')} text severity="secondary" onClick={onClose} />
      <Button
        type="button"
        label={confirm.label}
        icon={confirm.icon}
        severity={confirm.severity}
        loading={confirm.running}
        disabled={rows === null}
        onClick={confirm.onClick}
      />
    </>
  );
  return (
    <Dialog visible modal header={header} footer={footer} onHide={onClose} style={{ width: '600px' }} breakpoints={{ '640px': '95vw' }}>
      <p className="preview__question">{question}</p>
      {rows === null ? (
        <ProgressSpinner style={{ width: 32, height: 32 }} strokeWidth="4" />
      ) : (
        <ul className="preview__rows" aria-label={affectedLabel}>
          {rows.map((row) => (
            <li key={`${row.verbose_name}/${row.verbose_name_related_model}`}>
              <span>{rowLabel(row)}</span>
              <strong>{row.count}</strong>
            </li>
          ))}
        </ul>
      )}
      <Message severity="warn" text={warning} className="preview__warning" />
    </Dialog>
  );
}
