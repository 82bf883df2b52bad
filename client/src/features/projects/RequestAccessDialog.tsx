import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toasts.ts';
import { useAction } from '../../app/use-action.ts';
import type { Project } from './project.ts';
import { projectApi } from './project-api.ts';

/** 'Request access to {project}' with an optional reason (§2 Dashboard). */
export function RequestAccessDialog({ project, onClose }: { project: Project; onClose(): void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [send, sending] = useAction(
    (text: string) => projectApi.requestAccess(project.id, text.trim()),
    ({ state }) => {
      if (state === 'done') {
        notify({ severity: 'success', summary: t('projects.access.sent') });
        onClose();
      } else {
        notify({ severity: 'error', summary: t('projects.access.failed') });
      }
    },
  );

  const footer = (
    <>
      <Button type="button" label={t('common.cancel')} text severity="secondary" onClick={onClose} />
      <Button type="button" label={t('projects.access.send')} icon="pi pi-send" loading={sending.state === 'running'} onClick={() => send(reason)} />
    </>
  );
  return (
    <Dialog visible modal header={t('projects.access.title', { name: project.name })} footer={footer} onHide={onClose} style={{ width: '600px' }} breakpoints={{ '640px': '95vw' }}>
      <div className="form">
        <div className="field">
          <label htmlFor="access-reason">{t('projects.access.reason')}</label>
          <InputTextarea id="access-reason" rows={4} autoResize value={reason} onChange={(event) => setReason(event.target.value)} />
        </div>
      </div>
    </Dialog>
  );
}
