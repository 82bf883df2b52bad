import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toasts.ts';
import type { ApiToken } from './api-token.ts';

/** The new key, shown this once: the server keeps only its hash. */
export function TokenKeyDialog({ token, onClose }: { token: ApiToken; onClose(): void }) {
  const { t } = useTranslation();
  const key = token.token ?? '';
  const copy = () =>
    void navigator.clipboard.writeText(key).then(
      () => notify({ severity: 'success', summary: t('tokens.copied') }),
      () => notify({ severity: 'warn', summary: t('tokens.copyFailed') }),
    );
  return (
    <Dialog
      visible
      modal
      header={t('tokens.keyTitle')}
      footer={<Button label={t('tokens.done')} icon="pi pi-check" onClick={onClose} />}
      onHide={onClose}
      style={{ width: '600px' }}
      breakpoints={{ '640px': '95vw' }}
    >
      <div className="form">
        <Message severity="warn" text={t('tokens.keyOnce')} />
        <div className="field">
          <label htmlFor="token-key">{t('tokens.key')}</label>
          <div className="p-inputgroup">
            <InputText id="token-key" value={key} readOnly className="token-key" onFocus={(event) => event.target.select()} />
            <Button icon="pi pi-copy" aria-label={t('tokens.copy')} onClick={copy} />
          </div>
        </div>
        <p className="field__hint">{t('tokens.usage', { header: 'Authorization: Token <key>' })}</p>
      </div>
    </Dialog>
  );
}
