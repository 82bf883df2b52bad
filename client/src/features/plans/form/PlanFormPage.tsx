import { useObservable, useObservableState } from 'observable-hooks';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useParams, useSearchParams } from 'react-router';
import { combineLatest, of, switchMap } from 'rxjs';
import { customAttributeApi } from '../../../entities/custom-attribute/custom-attribute.ts';
import { parameterApi } from '../../../entities/parameter/parameter.ts';
import { planApi } from '../../../entities/plan/plan-api.ts';
import { PlanForm } from './PlanForm.tsx';

const numberOrNull = (text: string | null | undefined) => (text && /^\d+$/.test(text) ? Number(text) : null);

/** Only a path of this app is a place to go back to. */
const appPath = (url: string | null) => (url?.startsWith('/') && !url.startsWith('//') ? url : null);

/**
 * /projects/{id}/plans/new-test-plan?parentTestPlan=&prevUrl= and /plans/{planId}/edit-test-plan?prevUrl=
 * (§2). What the form starts from is read once: a change elsewhere must not reset what the user typed.
 */
export function PlanFormPage() {
  const params = useParams();
  const [query] = useSearchParams();
  const projectId = Number(params.projectId);
  const planId = numberOrNull(params.planId);
  const loaded$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        switchMap(([project, plan]) =>
          combineLatest({
            edited: plan === null ? of(null) : combineLatest({ plan: planApi.get(plan), caseIds: planApi.caseIds(plan) }),
            attributes: customAttributeApi.list(project),
            parameters: plan === null ? parameterApi.list(project) : of([]),
            planId: of(plan),
          }),
        ),
      ),
    [projectId, planId] as const,
  );
  const loaded = useObservableState(loaded$, null);
  // Until the new address's answer comes, the previous one's is not this form's.
  if (!loaded || loaded.planId !== planId) return <ProgressSpinner className="plan-form__loading" />;
  return (
    <PlanForm
      key={planId ?? 'new'}
      projectId={projectId}
      edited={loaded.edited}
      attributes={loaded.attributes}
      parameters={loaded.parameters}
      parentId={numberOrNull(query.get('parentTestPlan'))}
      prevUrl={appPath(query.get('prevUrl'))}
    />
  );
}
