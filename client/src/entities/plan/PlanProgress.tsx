import { Skeleton } from 'primereact/skeleton';
import { useTranslation } from 'react-i18next';
import { changesOf, topics } from '../../app/changes.ts';
import { useLiveQuery } from '../../app/use-live-query.ts';
import { ProgressMeter } from '../../components/charts/ProgressMeter.tsx';
import { seededSliceLabel } from '../../i18n/seeded-names.ts';
import { useVisibleColor } from '../../theme/visible-color.ts';
import { planApi, type PlanRef } from './plan-api.ts';

/** A plan node's progress popover (§2 Tree bar): its subtree's tests, those tested, and how many have each status. */
export function PlanProgress({ projectId, plan }: { projectId: number; plan: Pick<PlanRef, 'id' | 'title' | 'is_archive'> }) {
  const { t } = useTranslation();
  const visible = useVisibleColor();
  const query = { projectId, planId: plan.id, archived: plan.is_archive };
  const progress = useLiveQuery(query, (q) => changesOf(topics.plans(q.projectId)), planApi.progress).data;
  if (!progress) return <Skeleton width="14rem" height="4rem" />;
  return (
    <section className="plan-progress" aria-label={t('plans.tree.progress', { name: plan.title })}>
      <dl className="suite-info">
        <dt>{t('plans.progress.total')}</dt>
        <dd>{progress.total}</dd>
        <dt>{t('plans.progress.tested')}</dt>
        <dd>{progress.tested}</dd>
      </dl>
      <ProgressMeter done={progress.tested} total={progress.total} label={t('plans.tree.progress', { name: plan.title })} />
      {progress.slices.length > 0 && (
        <ul className="plan-progress__statuses">
          {progress.slices.map((slice) => (
            <li key={slice.id ?? 'untested'}>
              <span className="plan-progress__dot" style={{ background: visible(slice.color) }} aria-hidden />
              {seededSliceLabel(t, slice.label)} <strong>{slice.value}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
