import { Card } from 'primereact/card';
import { useTranslation } from 'react-i18next';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { useSignedInUser } from '../../../shell/use-signed-in-user.ts';
import { progressOf } from '../../../entities/plan/plan-api.ts';
import type { Project } from '../../../entities/project/project.ts';
import { overviewApi } from '../overview-api.ts';
import { overviewChanges } from '../streams/overview.ts';
import { StatusDonut, StatusLegend } from './StatusDonut.tsx';

/**
 * "Assigned to me": the reader's tests in the project by last status, a donut read as progress, tested of all (platform §2 Overview tab).
 */
export function AssignedToMeCard({ project }: { project: Project }) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const slices = useLiveQuery({ projectId: project.id, userId: me.id }, () => overviewChanges(project.id), overviewApi.assigned).data;
  const progress = slices && progressOf(slices);
  return (
    <Card title={t('projectPage.overview.assignedToMe')} className="overview-card overview-assigned">
      {progress?.total === 0 && <p className="overview-card__empty">{t('projectPage.overview.nothingAssigned')}</p>}
      {progress && progress.total > 0 && (
        <div className="overview-assigned__progress">
          <StatusDonut
            slices={progress.slices}
            centreLabel={t('projectPage.overview.tested')}
            centreValue={`${progress.tested} / ${progress.total}`}
            label={t('projectPage.overview.assignedProgress', { tested: progress.tested, total: progress.total })}
          />
          <StatusLegend slices={progress.slices} label={t('projectPage.overview.assignedToMe')} />
        </div>
      )}
    </Card>
  );
}
