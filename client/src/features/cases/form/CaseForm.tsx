import { zodResolver } from '@hookform/resolvers/zod';
import type { CustomAttribute } from '@testament/contracts';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { Message } from 'primereact/message';
import { TabPanel, TabView } from 'primereact/tabview';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { announceChange, topics } from '../../../app/changes.ts';
import { notify } from '../../../app/toasts.ts';
import { translateFormMessage } from '../../../forms/form-messages.ts';
import { useFormAction } from '../../../forms/use-form-action.ts';
import { AttachmentsField } from '../../attachments/AttachmentsField.tsx';
import { caseApi, type CaseDetail } from './case-api.ts';
import { CASE_SERVER_FIELDS, caseBody, caseFormDefaults, caseFormSchema, type CaseFormValues, type SuiteChoice } from './case-form.ts';
import { CaseContentFields, CaseGeneralFields } from './CaseFields.tsx';
import { ResizableSplit } from './ResizableSplit.tsx';
import { useLeaveGuard } from '../../../forms/use-leave-guard.ts';
import { useKeptTreeSearch } from '../../suites/tree/use-tree-search.ts';

interface CaseFormProps {
  projectId: number;
  /** The case being edited (at the version asked for), or null for a new one. */
  found: CaseDetail | null;
  startSuite: SuiteChoice | null;
  attributes: CustomAttribute[];
  prevUrl: string | null;
}

interface Submission {
  values: CaseFormValues;
  /** "Update current version" overwrites the latest version instead of adding one (§4). */
  skipHistory: boolean;
}

/** The case form itself (§2, §4, §5): its fields on two tabs, the save modes, and where a save leads. */
export function CaseForm({ projectId, found, startSuite, attributes, prevUrl }: CaseFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const schema = useMemo(() => caseFormSchema(t, attributes), [t, attributes]);
  const form = useForm<CaseFormValues>({ defaultValues: caseFormDefaults(found, startSuite, attributes), resolver: zodResolver(schema) });
  const { control, formState } = form;
  const guard = useLeaveGuard(formState.isDirty);
  const keepSearch = useKeptTreeSearch();
  const suitesPage = (suiteId: number | undefined) => `/projects/${projectId}/suites${suiteId ? `/${suiteId}` : ''}`;

  const action = useFormAction(
    ({ values, skipHistory }: Submission) => {
      const body = caseBody(values, projectId, attributes, found !== null);
      return found ? caseApi.update(found.id, { ...body, ...(skipHistory ? { skip_history: true } : {}) }) : caseApi.create(body);
    },
    { fields: CASE_SERVER_FIELDS, setError: form.setError },
    (saved) => {
      guard.release();
      announceChange(topics.suites(projectId));
      notify({ severity: 'success', summary: t(found ? 'caseForm.updated' : 'caseForm.created') });
      const version = found ? `&version=${saved.versions[0] ?? saved.current_version}` : '';
      const target = `${suitesPage(saved.suite.id)}?test_case=${saved.id}${version}`;
      void navigate(!found && prevUrl ? prevUrl : keepSearch(target));
    },
  );

  const save = (skipHistory: boolean) =>
    form.handleSubmit((values) => {
      const submission = { values, skipHistory };
      if (!found || values.suite?.id === found.suite.id) return action.submit(submission);
      confirmDialog({
        header: t('caseForm.suite.changeTitle'),
        message: t('caseForm.suite.changeMessage'),
        icon: 'pi pi-exclamation-triangle',
        acceptLabel: t('common.yes'),
        rejectLabel: t('common.no'),
        accept: () => action.submit(submission),
      });
    });

  const running = action.state.state === 'running';
  const back = () => void navigate(prevUrl ?? keepSearch(found ? `${suitesPage(found.suite.id)}?test_case=${found.id}` : suitesPage(startSuite?.id)));
  return (
    <form className="case-form" noValidate onSubmit={(event) => void save(false)(event)}>
      <header className="case-form__header">
        <Button type="button" icon="pi pi-arrow-left" text rounded severity="secondary" aria-label={t('caseForm.back')} onClick={back} />
        <h1>{found ? t('caseForm.editTitle', { name: found.name }) : t('caseForm.createTitle')}</h1>
        <div className="case-form__actions">
          <Button type="button" label={t('common.cancel')} text severity="secondary" onClick={back} />
          {found && <Button type="button" label={t('caseForm.updateCurrent')} outlined disabled={running} onClick={(event) => void save(true)(event)} />}
          <Button type="submit" label={t(found ? 'caseForm.update' : 'caseForm.create')} icon="pi pi-check" loading={running} />
        </div>
      </header>
      {action.alert.length > 0 && <Message severity="error" className="case-form__alert" text={action.alert.map((message) => translateFormMessage(t, message)).join(' ')} />}
      <TabView className="case-form__tabs" renderActiveOnly={false}>
        <TabPanel header={t('caseForm.tabs.general')} pt={{ headerAction: { id: 'general' } }}>
          <ResizableSplit
            first={<CaseGeneralFields projectId={projectId} form={form} attributes={attributes} />}
            second={<CaseContentFields projectId={projectId} form={form} />}
          />
        </TabPanel>
        <TabPanel header={t('caseForm.tabs.attachments')} pt={{ headerAction: { id: 'attachments' } }}>
          <Controller
            name="attachments"
            control={control}
            render={({ field }) => <AttachmentsField projectId={projectId} value={field.value} onChange={field.onChange} />}
          />
        </TabPanel>
      </TabView>
    </form>
  );
}
