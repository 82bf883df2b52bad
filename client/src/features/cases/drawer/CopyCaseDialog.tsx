import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error.ts';
import { announceChange, topics } from '../../../app/changes.ts';
import { notify } from '../../../app/toasts.ts';
import { useAction } from '../../../app/use-action.ts';
import { FormField } from '../../../forms/FormField.tsx';
import { translateFormMessage } from '../../../forms/form-messages.ts';
import { caseApi, type CaseDetail } from '../form/case-api.ts';
import type { SuiteChoice } from '../form/case-form.ts';
import { SuitePicker } from '../form/SuitePicker.tsx';

/** Copy a case under a new name into a suite of the project (§2 Dialogs, §3 case copy payload). */
export function CopyCaseDialog({ projectId, source, onClose }: { projectId: number; source: CaseDetail; onClose(): void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(`${source.name}${t('caseDrawer.copySuffix')}`);
  const [suite, setSuite] = useState<SuiteChoice>(source.suite);
  const [refusal, setRefusal] = useState<string[]>([]);
  const [copy, state] = useAction(
    () => caseApi.copy(source.id, name.trim(), suite.id),
    (outcome) => {
      if (outcome.state === 'done') {
        announceChange(topics.suites(projectId));
        notify({ severity: 'success', summary: t('caseDrawer.copied') });
        return onClose();
      }
      if (isApiError(outcome.error) && !outcome.error.routed) setRefusal(Object.values(outcome.error.fieldErrors).flat().map(String));
    },
  );
  const footer = (
    <>
      <Button type="button" label={t('common.cancel')} text severity="secondary" onClick={onClose} />
      <Button
        type="button"
        label={t('caseDrawer.copy')}
        icon="pi pi-copy"
        disabled={name.trim() === ''}
        loading={state.state === 'running'}
        onClick={() => copy(undefined)}
      />
    </>
  );
  return (
    <Dialog
      visible
      modal
      header={t('caseDrawer.copyTitle')}
      footer={footer}
      onHide={onClose}
      style={{ width: '478px' }}
      breakpoints={{ '640px': '95vw' }}
    >
      <div className="form">
        {refusal.length > 0 && <Message severity="error" text={refusal.map((message) => translateFormMessage(t, message)).join(' ')} />}
        <FormField id="copy-case-name" label={t('caseDrawer.newName')}>
          <InputText id="copy-case-name" value={name} autoFocus onChange={(event) => setName(event.target.value)} />
        </FormField>
        <FormField id="copy-case-suite" label={t('caseDrawer.destination')}>
          <SuitePicker projectId={projectId} id="copy-case-suite" value={suite} invalid={false} onChange={setSuite} />
        </FormField>
      </div>
    </Dialog>
  );
}
