import { Calendar } from 'primereact/calendar';
import { Card } from 'primereact/card';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { ProgressBar } from 'primereact/progressbar';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanProgress } from '@testament/contracts';
import { changesOf, topics } from '../../../app/changes.ts';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import type { Project } from '../../projects/project.ts';
import { isoDay, lastSevenDays, overviewApi, type Period } from '../overview-api.ts';

/** The overview progress table's page size (§9). */
const PROGRESS_PAGE_SIZE = 5;

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

/** "Executed tests": each root plan's tests executed in the chosen period and overall; future days cannot be chosen. */
export function ProgressCard({ project }: { project: Project }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>(() => lastSevenDays());
  const [range, setRange] = useState<Array<Date | null>>(() => [new Date(`${period.start}T00:00`), new Date(`${period.end}T00:00`)]);
  const rows = useLiveQuery({ projectId: project.id, period }, () => changesOf(topics.project(project.id)), overviewApi.progress);

  const choose = (chosen: Array<Date | null>) => {
    setRange(chosen);
    const [start, end] = chosen;
    // A range is asked for once both ends are chosen.
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
        <Column field="title" header={t('projectPage.overview.plan')} />
        <Column field="tests_total" header={t('projectPage.overview.testsTotal')} />
        <Column field="tests_progress_period" header={t('projectPage.overview.executedInPeriod')} />
        <Column
          header={t('projectPage.overview.executedTotal')}
          body={(row: PlanProgress) => <ProgressBar value={percent(row.tests_progress_total, row.tests_total)} />}
        />
      </DataTable>
    </Card>
  );
}
