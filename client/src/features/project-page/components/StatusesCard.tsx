import { Card } from 'primereact/card';
import { useTranslation } from 'react-i18next';
import { merge } from 'rxjs';
import { changesOf, topics } from '../../../app/changes.ts';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { progressOf } from '../../../entities/plan/plan-api.ts';
import type { Project } from '../../../entities/project/project.ts';
import { overviewApi } from '../overview-api.ts';
import { overviewChanges } from '../streams/overview.ts';
import { StatusDonut, StatusLegend } from './StatusDonut.tsx';

/** The project's tests by last status: a donut with the total in the middle, and the statuses with their counts. */
export function StatusesCard({ project }: { project: Project }) {
  const { t } = useTranslation();
  const slices = useLiveQuery(
    project.id,
    // A status renamed or recoloured shows at once.
    () => merge(overviewChanges(project.id), changesOf(topics.catalogue('statuses'))),
    overviewApi.statistics,
  ).data;
  const { total } = progressOf(slices ?? []);
  return (
    <Card title={t('projectPage.overview.statuses')} className="overview-card overview-statuses">
      {slices && total === 0 && <p className="overview-card__empty">{t('projectPage.overview.noTests')}</p>}
      {slices && total > 0 && (
        <StatusDonut
          slices={slices}
          centreLabel={t('projectPage.overview.total')}
          centreValue={String(total)}
          label={t('projectPage.overview.totalTests', { count: total })}
        />
      )}
      <StatusLegend slices={slices ?? []} label={t('projectPage.overview.statuses')} />
    </Card>
  );
}
