import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toasts.ts';
import type { WebhookWithSecret } from './webhook.ts';

/** A webhook's signing secret, shown this once (after create or rotate): no other answer carries it. */
export function SecretDialog({ webhook, onClose }: { webhook: WebhookWithSecret; onClose(): void }) {
  const { t } = useTranslation();
  const copy = () =>
    void navigator.clipboard.writeText(webhook.secret).then(
      () => notify({ severity: 'success', summary: t('webhooks.copied') }),
      () => notify({ severity: 'warn', summary: t('webhooks.copyFailed') }),
    );
  return (
    <Dialog
      visible
      modal
      header={t('webhooks.secretTitle', { name: webhook.name })}
      footer={<Button label={t('webhooks.done')} icon="pi pi-check" onClick={onClose} />}
      onHide={onClose}
      style={{ width: '600px' }}
      breakpoints={{ '640px': '95vw' }}
    >
      <div className="form">
        <Message severity="warn" text={t('webhooks.secretOnce')} />
        <div className="field">
          <label htmlFor="webhook-secret">{t('webhooks.secret')}</label>
          <div className="p-inputgroup">
            <InputText id="webhook-secret" value={webhook.secret} readOnly onFocus={(event) => event.target.select()} />
            <Button icon="pi pi-copy" aria-label={t('webhooks.copy')} onClick={copy} />
          </div>
        </div>
        <p className="field__hint">{t('webhooks.secretUsage')}</p>
      </div>
    </Dialog>
  );
}
