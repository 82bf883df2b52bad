import { ACTIVITY_PAGE_SIZES } from '@testament/contracts';
import { Paginator } from 'primereact/paginator';
import { ProgressBar } from 'primereact/progressbar';
import { useTranslation } from 'react-i18next';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { useUrlFilter } from '../../../components/list/use-url-filter.ts';
import { activityApi } from '../activity-api.ts';
import { activityViewCodec, isFiltered } from '../activity-view.ts';
import { activityChanges, activityPage } from '../streams/activity.ts';
import { ActivityDayTable } from './ActivityDayTable.tsx';
import { ActivityFilters } from './ActivityFilters.tsx';

/** The plan's activity: filters, the records of a page by day, and the paginator; kept current as results change. */
export function ActivityRecords({ projectId, planId }: { projectId: number; planId: number }) {
  const { t } = useTranslation();
  const [view, setView] = useUrlFilter(activityViewCodec);
  const page = useLiveQuery({ planId, ...view }, () => activityChanges(projectId), activityPage);
  const statuses = useLiveQuery(planId, () => activityChanges(projectId), activityApi.statuses).data;
  const answer = page.data;
  return (
    <div className="plan-activity__records">
      <ActivityFilters view={view} statuses={statuses} onChange={setView} />
      <div className="plan-activity__progress">{(answer === null || page.stale) && <ProgressBar mode="indeterminate" />}</div>
      {answer && <p className="plan-activity__total">{t('planActivity.total', { count: answer.count })}</p>}
      {answer?.count === 0 && (
        <p className="suite-page__empty">{t(isFiltered(view) ? 'planActivity.nothingFound' : 'planActivity.empty')}</p>
      )}
      {answer?.days.map((day) => (
        <ActivityDayTable key={day.day} day={day} projectId={projectId} planId={planId} />
      ))}
      <Paginator
        first={((answer?.current ?? view.page) - 1) * view.page_size}
        rows={view.page_size}
        totalRecords={answer?.count ?? 0}
        rowsPerPageOptions={[...ACTIVITY_PAGE_SIZES]}
        // A new page size starts again at the first page.
        onPageChange={(event) => setView({ ...view, page: event.rows === view.page_size ? event.page + 1 : 1, page_size: event.rows })}
      />
    </div>
  );
}
