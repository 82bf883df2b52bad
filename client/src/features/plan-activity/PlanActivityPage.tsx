import { Skeleton } from 'primereact/skeleton';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { changesOf, topics } from '../../app/changes.ts';
import { useLiveQuery } from '../../app/use-live-query.ts';
import { planOrGone } from '../../entities/plan/plan-api.ts';
import { planPaths } from '../../entities/plan/plan-paths.ts';
import { useKeptTreeSearch } from '../../shared/tree/use-tree-search.ts';
import { GONE } from '../../shared/tree/followed-or-gone.ts';
import { ActivityRecords } from './components/ActivityRecords.tsx';
import './plan-activity.css';

/** /projects/{id}/plans/{planId}/activity: the result history of the plan's subtree (cases-and-plans §2 "Plan activity page"). */
export function PlanActivityPage() {
  const { t } = useTranslation();
  const params = useParams();
  const projectId = Number(params.projectId);
  const planId = Number(params.planId);
  const plan = useLiveQuery(planId, () => changesOf(topics.plans(projectId)), planOrGone).data;
  const keepSearch = useKeptTreeSearch();
  if (plan === GONE) return <Navigate to={keepSearch(planPaths.root(projectId))} replace />;
  if (!plan || plan.id !== planId) return <Skeleton height="10rem" />;
  return (
    <section className="suite-page plan-activity" aria-labelledby="plan-activity-title">
      <header className="plan-activity__header">
        <Link to={keepSearch(planPaths.plan(projectId, planId))} className="plan-activity__back">
          <i className="pi pi-arrow-left" aria-hidden />
          {t('planActivity.back')}
        </Link>
        <h1 id="plan-activity-title">{t('planActivity.title', { name: plan.title })}</h1>
      </header>
      <ActivityRecords key={planId} projectId={projectId} planId={planId} />
    </section>
  );
}
