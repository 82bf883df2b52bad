import { zodResolver } from '@hookform/resolvers/zod';
import type { CustomAttribute } from '@testament/contracts';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { TabPanel, TabView } from 'primereact/tabview';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../../app/toasts.ts';
import { translateFormMessage } from '../../../forms/form-messages.ts';
import { FormField } from '../../../forms/FormField.tsx';
import { TextField } from '../../../forms/TextField.tsx';
import { useActionForm } from '../../../forms/use-form-action.ts';
import { useLeaveGuard } from '../../../forms/use-leave-guard.ts';
import { SuiteTreeSelect } from '../SuiteTreeSelect.tsx';
import { announceSuitesChange, suiteApi, type SuiteDetail } from '../../../entities/suite/suite-api.ts';
import { translatedError } from '../suite-messages.ts';
import { suitePaths } from '../../../shared/tree/suite-paths.ts';
import { useKeptTreeSearch } from '../../../shared/tree/use-tree-search.ts';
import { AttachmentsField } from '../../attachments/index.ts';
import { AttributeFields } from './AttributeFields.tsx';
import { suiteAttributes, suiteFormDefaults, suiteFormSchema, type SuiteFormBody, type SuiteFormValues } from './suite-form.ts';

/** The fields a 400's messages may name; the rest go to the alert. */
const FIELDS = ['name', 'parent', 'description', 'attributes'] as const;

interface SuiteFormProps {
  projectId: number;
  /** The suite being edited; null creates one. */
  suite: SuiteDetail | null;
  attributes: readonly CustomAttribute[];
  /** The parent a new suite starts under (`?parentTestSuite=`). */
  parentId: number | null;
  /** Where Back goes (`?prevUrl=`). */
  backTo: string;
}

/** Create or edit a suite (§ Suite pages): General and Attachments tabs; leaving with changes asks first. */
/** The suite form's own leave question (§ Suite pages: 'Are you sure? All changes will be lost.'). */
const LEAVE_QUESTION = { header: 'suites.form.leave.header', message: 'suites.form.leave.message' };

export function SuiteForm({ projectId, suite, attributes, parentId, backTo }: SuiteFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const keepSearch = useKeptTreeSearch();
  const shown = suiteAttributes(attributes);
  const { control, errors, submitProps, formState } = useActionForm<SuiteFormValues, SuiteFormBody, { id: number; name: string }>({
    resolver: zodResolver(suiteFormSchema(suite?.id ?? null, shown, suite?.attributes)),
    defaultValues: suiteFormDefaults(suite, shown, parentId),
    fields: FIELDS,
    run: (body) => (suite ? suiteApi.update(suite.id, body) : suiteApi.create({ ...body, project: projectId })),
    onDone: (result) => {
      guard.release();
      announceSuitesChange(projectId);
      notify({ severity: 'success', summary: t(suite ? 'suites.form.updated' : 'suites.form.created', { name: result.name }) });
      void navigate(keepSearch(suitePaths.suite(projectId, result.id)));
    },
  });
  // Leaving with changes asks first (§ Suite pages); once saved, going to the suite is no leaving.
  const guard = useLeaveGuard(formState.isDirty, LEAVE_QUESTION);
  const running = submitProps.action.state.state === 'running';
  const alert = submitProps.action.alert;
  return (
    <section className="suite-form">
      <header className="page-header">
        <h1>{suite ? t('suites.form.editTitle', { name: suite.name }) : t('suites.form.createTitle')}</h1>
        <div className="suite-form__buttons">
          <Button
            type="button"
            label={t('suites.form.back')}
            icon="pi pi-arrow-left"
            text
            severity="secondary"
            onClick={() => void navigate(backTo)}
          />
          <Button
            type="submit"
            form="suite-form"
            label={t(suite ? 'suites.form.save' : 'suites.form.create')}
            icon="pi pi-check"
            loading={running}
          />
        </div>
      </header>
      <form id="suite-form" className="form" onSubmit={submitProps.onSubmit} noValidate>
        {alert.length > 0 && <Message severity="error" text={alert.map((message) => translateFormMessage(t, message)).join(' ')} />}
        <TabView>
          <TabPanel header={t('suites.form.general')}>
            <div className="form">
              <TextField control={control} name="name" id="suite-name" label={t('suites.form.name')} error={errors.name} autoFocus />
              <Controller
                name="parent"
                control={control}
                render={({ field }) => (
                  <FormField id="suite-parent" label={t('suites.form.parent')} error={translatedError(t, errors.parent)}>
                    <SuiteTreeSelect
                      id="suite-parent"
                      projectId={projectId}
                      value={field.value}
                      onChange={field.onChange}
                      placeholder={t('suites.form.noParent')}
                      invalid={!!errors.parent}
                    />
                  </FormField>
                )}
              />
              <Controller
                name="description"
                control={control}
                render={({ field }) => (
                  <FormField id="suite-description" label={t('suites.form.description')} error={errors.description}>
                    <InputTextarea id="suite-description" rows={6} autoResize placeholder={t('suites.form.descriptionHint')} {...field} />
                  </FormField>
                )}
              />
              <AttributeFields attributes={shown} control={control} errors={errors} />
            </div>
          </TabPanel>
          <TabPanel header={t('suites.form.attachments')}>
            <Controller
              name="attachments"
              control={control}
              render={({ field }) => <AttachmentsField projectId={projectId} value={field.value} onChange={field.onChange} />}
            />
          </TabPanel>
        </TabView>
      </form>
    </section>
  );
}
