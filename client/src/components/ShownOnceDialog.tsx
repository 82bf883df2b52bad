import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { notify } from '../app/toasts.ts';

/** What the dialog says, in the caller's words. */
export interface ShownOnceTexts {
  header: string;
  /** That it will not be shown again. */
  warning: string;
  label: string;
  copy: string;
  copied: string;
  copyFailed: string;
  /** How to use it. */
  usage: string;
  done: string;
}

/** A credential the server keeps no readable copy of (an API token's key, a webhook's secret), shown this once with a copy button. */
export function ShownOnceDialog({
  id,
  value,
  texts,
  className,
  onClose,
}: {
  id: string;
  value: string;
  texts: ShownOnceTexts;
  className?: string;
  onClose(): void;
}) {
  const copy = () =>
    void navigator.clipboard.writeText(value).then(
      () => notify({ severity: 'success', summary: texts.copied }),
      () => notify({ severity: 'warn', summary: texts.copyFailed }),
    );
  return (
    <Dialog
      visible
      modal
      header={texts.header}
      footer={<Button label={texts.done} icon="pi pi-check" onClick={onClose} />}
      onHide={onClose}
      style={{ width: '600px' }}
      breakpoints={{ '640px': '95vw' }}
    >
      <div className="form">
        <Message severity="warn" text={texts.warning} />
        <div className="field">
          <label htmlFor={id}>{texts.label}</label>
          <div className="p-inputgroup">
            <InputText id={id} value={value} readOnly className={className} onFocus={(event) => event.target.select()} />
            <Button icon="pi pi-copy" aria-label={texts.copy} onClick={copy} />
          </div>
        </div>
        <p className="field__hint">{texts.usage}</p>
      </div>
    </Dialog>
  );
}
