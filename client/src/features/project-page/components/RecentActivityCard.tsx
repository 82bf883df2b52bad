import { Card } from 'primereact/card';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { lastDays } from '../../../i18n/dates.ts';
import { HistogramChart } from '../../plan-statistics/index.ts';
import type { Project } from '../../../entities/project/project.ts';
import { PROGRESS_DAYS } from '../overview-api.ts';

/** The activity of the last days: the project's results per day and status (the plans' histogram over the whole project). */
export function RecentActivityCard({ project }: { project: Project }) {
  const { t } = useTranslation();
  const query = useMemo(
    () => ({ projectId: project.id, planId: null, conditions: {}, range: lastDays(PROGRESS_DAYS), attribute: null }),
    [project.id],
  );
  return (
    <Card title={t('projectPage.overview.recentActivity')} className="overview-card overview-activity">
      <HistogramChart query={query} />
    </Card>
  );
}
