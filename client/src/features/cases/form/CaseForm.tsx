import { zodResolver } from '@hookform/resolvers/zod';
import type { CustomAttribute } from '@testament/contracts';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { Message } from 'primereact/message';
import { TabPanel, TabView } from 'primereact/tabview';
import { Suspense, lazy, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { catchError, map, of, switchMap, throwError, type Observable } from 'rxjs';
import { isApiError } from '../../../api/api-error.ts';
import { announceChange, topics } from '../../../app/changes.ts';
import { notify } from '../../../app/toasts.ts';
import { translateFormMessage } from '../../../forms/form-messages.ts';
import { useFormAction } from '../../../forms/use-form-action.ts';
import { AttachmentsField } from '../../attachments/index.ts';
import { caseApi, type CaseDetail, type EditedCase } from './case-api.ts';
import { loadConflict, type Conflict } from './case-conflict.ts';
import { CASE_SERVER_FIELDS, caseBody, caseFormDefaults, caseFormSchema, type CaseFormValues, type SuiteChoice } from './case-form.ts';
import type { Side } from './case-merge.ts';
import { CaseContentFields, CaseGeneralFields } from './CaseFields.tsx';
import { mergeSubjectLabel } from './merge-labels.ts';
import { ResizableSplit } from '../../../shared/form-page/ResizableSplit.tsx';
import { useLeaveGuard } from '../../../forms/use-leave-guard.ts';
import { useKeptTreeSearch } from '../../../shared/tree/use-tree-search.ts';

/** The merge dialog comes with the text diff library it needs, fetched on the first conflict. */
const CaseMergeDialog = lazy(() => import('./CaseMergeDialog.tsx').then((module) => ({ default: module.CaseMergeDialog })));

/** A save merged with versions saved meanwhile that still meets newer ones is shown to the user rather than merged again. */
const QUIET_MERGES = 3;

interface CaseFormProps {
  projectId: number;
  /** The case being edited (at the version asked for), or null for a new one. */
  found: CaseDetail | null;
  /** The case's current version when the form opened, which a save names (`If-Match`); null for a new case. */
  base: EditedCase | null;
  startSuite: SuiteChoice | null;
  attributes: CustomAttribute[];
  prevUrl: string | null;
}

interface Submission {
  values: CaseFormValues;
  /** "Update current version" overwrites the latest version instead of adding one (§4). */
  skipHistory: boolean;
  /** The version the values were made on: the save is refused (409) if the case has moved on since. */
  base: EditedCase | null;
}

/** A save's end: saved (merged quietly with the versions saved meanwhile when nobody changed what I did), or a conflict to show. */
type Outcome = { saved: CaseDetail; mergedWith?: Conflict } | { conflict: Conflict; submission: Submission };

/** The case form itself (§2, §4, §5): its fields on two tabs, the save modes, and where a save leads. */
export function CaseForm({ projectId, found, base, startSuite, attributes, prevUrl }: CaseFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const schema = useMemo(() => caseFormSchema(t, attributes), [t, attributes]);
  const form = useForm<CaseFormValues>({ defaultValues: caseFormDefaults(found, startSuite, attributes), resolver: zodResolver(schema) });
  const { control, formState } = form;
  const guard = useLeaveGuard(formState.isDirty);
  const keepSearch = useKeptTreeSearch();
  const suitesPage = (suiteId: number | undefined) => `/projects/${projectId}/suites${suiteId ? `/${suiteId}` : ''}`;

  const [latestBase, setLatestBase] = useState(base);
  const [conflict, setConflict] = useState<{ conflict: Conflict; submission: Submission } | null>(null);

  /**
   * An edit saved against the version it was made on. Refused because someone
   * saved another meanwhile (409), it is merged with theirs: saved at once when
   * we changed different things, else shown for the user to choose.
   */
  const update = (caseId: number, submission: Submission, merges = 0): Observable<Outcome> => {
    const { values, skipHistory, base: madeOn } = submission;
    const body = { ...caseBody(values, projectId, attributes, true), ...(skipHistory ? { skip_history: true } : {}) };
    return caseApi.update(caseId, body, madeOn?.etag ?? null).pipe(
      map(({ found: saved }): Outcome => ({ saved })),
      catchError((error: unknown) => {
        if (!isApiError(error) || error.status !== 409 || !madeOn) return throwError(() => error);
        return loadConflict(madeOn.found, values, attributes).pipe(
          switchMap((loaded): Observable<Outcome> => {
            const merged = { ...submission, values: loaded.merge.resolve({}), base: loaded.current };
            if (loaded.merge.items.some((item) => item.outcome === 'conflict') || merges >= QUIET_MERGES)
              return of({ conflict: loaded, submission: merged });
            return update(caseId, merged, merges + 1).pipe(
              map((outcome) => ('saved' in outcome ? { ...outcome, mergedWith: outcome.mergedWith ?? loaded } : outcome)),
            );
          }),
        );
      }),
    );
  };

  const action = useFormAction(
    (submission: Submission): Observable<Outcome> =>
      found
        ? update(found.id, submission)
        : caseApi.create(caseBody(submission.values, projectId, attributes, false)).pipe(map((saved) => ({ saved }))),
    { fields: CASE_SERVER_FIELDS, setError: form.setError },
    (outcome) => {
      if ('conflict' in outcome) return setConflict(outcome);
      const { saved, mergedWith } = outcome;
      guard.release();
      announceChange(topics.suites(projectId));
      notify({ severity: 'success', summary: t(found ? 'caseForm.updated' : 'caseForm.created') });
      if (mergedWith) {
        const fields = mergedWith.merge.items.map((item) => mergeSubjectLabel(t, item, attributes)).join(', ');
        notify({
          severity: 'info',
          summary: t('caseForm.merge.savedMerged', { version: mergedWith.current.found.current_version, fields }),
        });
      }
      const version = found ? `&version=${saved.versions[0] ?? saved.current_version}` : '';
      const target = `${suitesPage(saved.suite.id)}?test_case=${saved.id}${version}`;
      void navigate(!found && prevUrl ? prevUrl : keepSearch(target));
    },
  );

  /** The merge as chosen, saved against the version it was merged with; the form shows it meanwhile. */
  const saveMerged = (choices: Record<string, Side>) => {
    if (!conflict) return;
    const values = conflict.conflict.merge.resolve(choices);
    form.reset(values, { keepDefaultValues: true });
    setLatestBase(conflict.conflict.current);
    setConflict(null);
    action.submit({ ...conflict.submission, values });
  };

  const save = (skipHistory: boolean) =>
    form.handleSubmit((values) => {
      const submission = { values, skipHistory, base: latestBase };
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
  const back = () =>
    void navigate(prevUrl ?? keepSearch(found ? `${suitesPage(found.suite.id)}?test_case=${found.id}` : suitesPage(startSuite?.id)));
  return (
    <form className="case-form" noValidate onSubmit={(event) => void save(false)(event)}>
      <header className="case-form__header">
        <Button type="button" icon="pi pi-arrow-left" text rounded severity="secondary" aria-label={t('caseForm.back')} onClick={back} />
        <h1>{found ? t('caseForm.editTitle', { name: found.name }) : t('caseForm.createTitle')}</h1>
        <div className="case-form__actions">
          <Button type="button" label={t('common.cancel')} text severity="secondary" onClick={back} />
          {found && (
            <Button
              type="button"
              label={t('caseForm.updateCurrent')}
              outlined
              disabled={running}
              onClick={(event) => void save(true)(event)}
            />
          )}
          <Button type="submit" label={t(found ? 'caseForm.update' : 'caseForm.create')} icon="pi pi-check" loading={running} />
        </div>
      </header>
      {action.alert.length > 0 && (
        <Message
          severity="error"
          className="case-form__alert"
          text={action.alert.map((message) => translateFormMessage(t, message)).join(' ')}
        />
      )}
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
      {conflict && (
        <Suspense fallback={null}>
          <CaseMergeDialog
            merge={conflict.conflict.merge}
            currentVersion={conflict.conflict.current.found.current_version}
            attributes={attributes}
            saving={running}
            onSave={saveMerged}
            onCancel={() => setConflict(null)}
          />
        </Suspense>
      )}
    </form>
  );
}
