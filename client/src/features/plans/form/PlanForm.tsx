import { zodResolver } from '@hookform/resolvers/zod';
import type { CustomAttribute } from '@testament/contracts';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { TabPanel, TabView } from 'primereact/tabview';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { map } from 'rxjs';
import { notify } from '../../../app/toasts.ts';
import { translateFormMessage } from '../../../forms/form-messages.ts';
import { useActionForm } from '../../../forms/use-form-action.ts';
import { useLeaveGuard } from '../../../forms/use-leave-guard.ts';
import { AttachmentsField } from '../../attachments/index.ts';
import { ResizableSplit } from '../../../shared/form-page/ResizableSplit.tsx';
import '../../../shared/form-page/case-form.css';
import type { Parameter } from '../../../entities/parameter/parameter.ts';
import { useKeptTreeSearch } from '../../../shared/tree/use-tree-search.ts';
import { announcePlansChange, planApi, type Plan } from '../../../entities/plan/plan-api.ts';
import { translatedPlanMessage } from '../plan-messages.ts';
import { planPaths } from '../../../entities/plan/plan-paths.ts';
import { CasePicker } from './CasePicker.tsx';
import { PlanFields } from './PlanFields.tsx';
import { planAttributes, planFormDefaults, planFormSchema, type PlanFormBody, type PlanFormValues } from './plan-form.ts';

/** The fields a 400's messages appear beside (§5); the rest go to the alert. */
const FIELDS = ['name', 'description', 'parent', 'attributes', 'test_cases'] as const;

interface PlanFormProps {
  projectId: number;
  /** The plan being edited, with the cases of its own tests; null creates plans. */
  edited: { plan: Plan; caseIds: number[] } | null;
  attributes: readonly CustomAttribute[];
  /** The project's parameters, offered on create only. */
  parameters: readonly Parameter[];
  /** The parent a new plan starts under (`?parentTestPlan=`). */
  parentId: number | null;
  /** Where Back goes, and an edit's save (`?prevUrl=`). */
  prevUrl: string | null;
}

/** What a save answers: the plan to go to and its name. */
type Saved = { id: number; name: string; count: number };

/**
 * Create or edit a plan (§2 Plan form, §4): the fields beside the case picker, the files on their own tab; leaving with changes asks first.
 */
export function PlanForm({ projectId, edited, attributes, parameters, parentId, prevUrl }: PlanFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const keepSearch = useKeptTreeSearch();
  const plan = edited?.plan ?? null;
  const shown = useMemo(() => planAttributes(attributes), [attributes]);
  const form = useActionForm<PlanFormValues, PlanFormBody & { parameters: number[] }, Saved>({
    resolver: zodResolver(planFormSchema(t, plan?.id ?? null, shown, plan?.attributes)),
    defaultValues: planFormDefaults(plan, shown, parentId, edited?.caseIds ?? []),
    fields: FIELDS,
    run: ({ parameters: chosen, ...body }) =>
      plan
        ? planApi.update(plan.id, body).pipe(map((saved) => ({ id: saved.id, name: saved.name, count: 1 })))
        : planApi
            .create({ ...body, project: projectId, parameters: chosen })
            .pipe(map((created) => ({ id: created[0]!.id, name: created[0]!.name, count: created.length }))),
    onDone: (saved) => {
      guard.release();
      announcePlansChange(projectId);
      notify({
        severity: 'success',
        summary: t(plan ? 'plans.form.updated' : saved.count > 1 ? 'plans.form.createdMany' : 'plans.form.created', {
          name: saved.name,
          count: saved.count,
        }),
      });
      // A new plan is shown; an edited one goes back where the user came from (§4).
      void navigate(plan && prevUrl ? prevUrl : keepSearch(planPaths.plan(projectId, saved.id)));
    },
  });
  const { control, errors, submitProps, formState } = form;
  const guard = useLeaveGuard(formState.isDirty);
  const running = submitProps.action.state.state === 'running';
  const alert = submitProps.action.alert;
  const back = () => void navigate(prevUrl ?? keepSearch(planPaths.plan(projectId, plan?.id ?? parentId)));
  return (
    <section className="plan-form">
      <header className="page-header">
        <h1>{plan ? t('plans.form.editTitle', { name: plan.title }) : t('plans.form.createTitle')}</h1>
        <div className="plan-form__buttons">
          <Button type="button" label={t('plans.form.back')} icon="pi pi-arrow-left" text severity="secondary" onClick={back} />
          <Button
            type="submit"
            form="plan-form"
            label={t(plan ? 'plans.form.save' : 'plans.form.create')}
            icon="pi pi-check"
            loading={running}
          />
        </div>
      </header>
      <form id="plan-form" className="form" onSubmit={submitProps.onSubmit} noValidate>
        {alert.length > 0 && (
          <Message severity="error" text={alert.map((message) => translatedPlanMessage(t, translateFormMessage(t, message))).join(' ')} />
        )}
        <TabView renderActiveOnly={false}>
          <TabPanel header={t('plans.form.general')}>
            <ResizableSplit
              first={
                <PlanFields
                  projectId={projectId}
                  form={form}
                  editedId={plan?.id ?? null}
                  attributes={shown}
                  parameters={plan ? null : parameters}
                />
              }
              second={
                <Controller
                  name="test_cases"
                  control={control}
                  render={({ field }) => (
                    <CasePicker projectId={projectId} value={field.value} onChange={field.onChange} error={errors.test_cases} />
                  )}
                />
              }
            />
          </TabPanel>
          <TabPanel header={t('plans.form.attachments')}>
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
