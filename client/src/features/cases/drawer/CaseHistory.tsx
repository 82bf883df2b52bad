import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changesOf, topics } from '../../../app/changes.ts';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { formatDateTime } from '../../../i18n/dates.ts';
import { caseApi, type CaseHistoryRow } from '../form/case-api.ts';

/** Case history comes 5 a page (tests-and-results §9). */
const HISTORY_PAGE_SIZE = 5;

/** Who made each version, and when, newest first. */
export function CaseHistory({ projectId, caseId }: { projectId: number; caseId: number }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useLiveQuery({ caseId, page }, () => changesOf(topics.suites(projectId)), (query) => caseApi.history(query.caseId, query.page, HISTORY_PAGE_SIZE)).data;
  return (
    <DataTable
      value={history?.results ?? []}
      loading={history === null}
      lazy
      paginator
      rows={HISTORY_PAGE_SIZE}
      first={(page - 1) * HISTORY_PAGE_SIZE}
      totalRecords={history?.count ?? 0}
      onPage={(event) => setPage((event.page ?? 0) + 1)}
      size="small"
      pt={{ table: { 'aria-label': t('caseDrawer.history') } }}
    >
      <Column header={t('caseDrawer.historyUser')} body={(row: CaseHistoryRow) => row.user?.username ?? '—'} />
      <Column header={t('caseDrawer.historyAction')} body={(row: CaseHistoryRow) => t(`caseDrawer.actions.${row.action}`)} />
      <Column header={t('caseDrawer.historyDate')} body={(row: CaseHistoryRow) => formatDateTime(row.history_date, i18n.language)} />
      <Column header={t('caseDrawer.version')} field="version" />
    </DataTable>
  );
}
