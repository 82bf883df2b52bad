import { Card } from 'primereact/card';
import { useTranslation } from 'react-i18next';
import { merge } from 'rxjs';
import { changesOf, topics } from '../../../app/changes.ts';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { seededSliceLabel } from '../../../i18n/seeded-names.ts';
import type { Project } from '../../projects/project.ts';
import { overviewApi } from '../overview-api.ts';

/** The project's tests by last status: the total and a legend per status (the donut of the plans' issue goes above it). */
export function StatusesCard({ project }: { project: Project }) {
  const { t } = useTranslation();
  const slices = useLiveQuery(
    project.id,
    () => merge(changesOf(topics.project(project.id)), changesOf(topics.catalogue('statuses'))),
    overviewApi.statistics,
  ).data;
  const total = slices?.reduce((sum, slice) => sum + slice.value, 0) ?? 0;
  return (
    <Card title={t('projectPage.overview.statuses')} className="overview-card overview-statuses">
      <p className="overview-statuses__total">
        {t('projectPage.overview.totalTests')} <strong>{total}</strong>
      </p>
      {slices && total === 0 && <p className="overview-card__empty">{t('projectPage.overview.noTests')}</p>}
      <ul className="overview-statuses__legend" aria-label={t('projectPage.overview.statuses')}>
        {slices?.map((slice) => (
          <li key={slice.id ?? 'untested'}>
            <span className="color-dot" style={{ background: slice.color }} aria-hidden />
            <span>{seededSliceLabel(t, slice.label)}</span>
            <span className="overview-statuses__value">{slice.value}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
