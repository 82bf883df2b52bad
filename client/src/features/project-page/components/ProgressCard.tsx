import type { PlanProgress } from '@testament/contracts';
import { Calendar } from 'primereact/calendar';
import { Card } from 'primereact/card';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { ProgressMeter } from '../../../components/charts/ProgressMeter.tsx';
import { isoDay, lastDays, type DayRange } from '../../../i18n/dates.ts';
import { planPaths } from '../../../entities/plan/plan-paths.ts';
import type { Project } from '../../../entities/project/project.ts';
import { PROGRESS_DAYS, overviewApi } from '../overview-api.ts';
import { overviewChanges } from '../streams/overview.ts';

/** The overview progress table's page size (§9). */
const PROGRESS_PAGE_SIZE = 5;

const dayOf = (day: string) => new Date(`${day}T00:00`);

/**
 * "Executed tests": each root plan's tested tests of all as a progress bar, and those executed in the chosen period; future days cannot be
 * chosen.
 */
export function ProgressCard({ project }: { project: Project }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<DayRange>(() => lastDays(PROGRESS_DAYS));
  // The range shown while its second day is being picked; it is asked for once both are.
  const [range, setRange] = useState<Array<Date | null>>(() => [dayOf(period.start), dayOf(period.end)]);
  const rows = useLiveQuery({ projectId: project.id, period }, () => overviewChanges(project.id), overviewApi.progress);

  const choose = (chosen: Array<Date | null>) => {
    setRange(chosen);
    const [start, end] = chosen;
    if (start && end) setPeriod({ start: isoDay(start), end: isoDay(end) });
  };

  return (
    <Card title={t('projectPage.overview.progress')} className="overview-card overview-progress">
      <Calendar
        value={range}
        onChange={(event) => choose(event.value ?? [])}
        selectionMode="range"
        maxDate={new Date()}
        readOnlyInput
        showIcon
        dateFormat="yy-mm-dd"
        aria-label={t('projectPage.overview.period')}
      />
      <DataTable
        value={rows.data ?? []}
        loading={rows.data === null || rows.stale}
        dataKey="id"
        paginator={(rows.data?.length ?? 0) > PROGRESS_PAGE_SIZE}
        rows={PROGRESS_PAGE_SIZE}
        emptyMessage={t('projectPage.overview.noPlans')}
        pt={{ table: { 'aria-label': t('projectPage.overview.progress') } }}
      >
        <Column
          header={t('projectPage.overview.plan')}
          body={(row: PlanProgress) => <Link to={planPaths.plan(project.id, row.id)}>{row.title}</Link>}
        />
        <Column
          header={t('projectPage.overview.executedTotal')}
          className="overview-progress__meter"
          body={(row: PlanProgress) => (
            <span className="overview-progress__executed">
              <ProgressMeter
                done={row.tests_progress_total}
                total={row.tests_total}
                label={t('projectPage.overview.executedOf', { title: row.title })}
              />
              <span className="overview-progress__figures">{`${row.tests_progress_total} / ${row.tests_total}`}</span>
            </span>
          )}
        />
        <Column field="tests_progress_period" header={t('projectPage.overview.executedInPeriod')} className="overview-progress__period" />
      </DataTable>
    </Card>
  );
}
