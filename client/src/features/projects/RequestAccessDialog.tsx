import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { notify } from '../../app/toasts.ts';
import { useAction } from '../../app/use-action.ts';
import { translateServerMessage } from '../../i18n/server-messages.ts';
import type { Project } from '../../entities/project/project.ts';
import { projectApi } from '../../entities/project/project-api.ts';

/** 'Request access to {project}' with an optional reason (§2 Dashboard). */
export function RequestAccessDialog({ project, onClose }: { project: Project; onClose(): void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [send, sending] = useAction(
    (text: string) => projectApi.requestAccess(project.id, text.trim()),
    (outcome) => {
      if (outcome.state === 'done') {
        notify({ severity: 'success', summary: t('projects.access.sent') });
        onClose();
        return;
      }
      // The spec's toast, with the server's reason when it gives one (a request already pending).
      const reason = isApiError(outcome.error) ? Object.values(outcome.error.fieldErrors).flat()[0] : undefined;
      notify({ severity: 'error', summary: t('projects.access.failed'), ...(reason ? { detail: translateServerMessage(t, reason) } : {}) });
    },
  );

  const footer = (
    <>
      <Button type="button" label={t('common.cancel')} text severity="secondary" onClick={onClose} />
      <Button
        type="button"
        label={t('projects.access.send')}
        icon="pi pi-send"
        loading={sending.state === 'running'}
        onClick={() => send(reason)}
      />
    </>
  );
  return (
    <Dialog
      visible
      modal
      header={t('projects.access.title', { name: project.name })}
      footer={footer}
      onHide={onClose}
      style={{ width: '600px' }}
      breakpoints={{ '640px': '95vw' }}
    >
      <div className="form">
        <div className="field">
          <label htmlFor="access-reason">{t('projects.access.reason')}</label>
          <InputTextarea id="access-reason" rows={4} autoResize value={reason} onChange={(event) => setReason(event.target.value)} />
        </div>
      </div>
    </Dialog>
  );
}
