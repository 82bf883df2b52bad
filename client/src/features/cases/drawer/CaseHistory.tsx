import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changesOf, topics } from '../../../app/changes.ts';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { formatDateTime } from '../../../i18n/dates.ts';
import { caseApi, type CaseHistoryRow } from '../form/case-api.ts';
import type { VersionPair } from '../versions/CaseVersionsDialog.tsx';

/** The comparison comes with the text diff library it needs, fetched once someone compares. */
const CaseVersionsDialog = lazy(() =>
  import('../versions/CaseVersionsDialog.tsx').then((module) => ({ default: module.CaseVersionsDialog })),
);

/** Case history comes 5 a page (tests-and-results §9). */
const HISTORY_PAGE_SIZE = 5;

/** Who made each version, and when, newest first; any version compared with the one before it or with the current one. */
export function CaseHistory({ projectId, caseId }: { projectId: number; caseId: number }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [comparing, setComparing] = useState<VersionPair | null>(null);
  const history = useLiveQuery(
    { caseId, page },
    () => changesOf(topics.suites(projectId)),
    (query) => caseApi.history(query.caseId, query.page, HISTORY_PAGE_SIZE),
  ).data;
  // A case has as many versions as history rows; the newest is the current one.
  const current = history?.count ?? 0;
  const compare = (label: string, icon: string, pair: VersionPair) => (
    <Button icon={icon} text rounded size="small" aria-label={label} tooltip={label} onClick={() => setComparing(pair)} />
  );
  const compareButtons = (row: CaseHistoryRow) => (
    <span className="case-history__compare">
      {row.version > 1 &&
        compare(t('caseVersions.withPrevious', { version: row.version }), 'pi pi-arrow-right-arrow-left', {
          older: row.version - 1,
          newer: row.version,
        })}
      {row.version < current &&
        compare(t('caseVersions.withCurrent', { version: row.version }), 'pi pi-forward', { older: row.version, newer: current })}
    </span>
  );
  return (
    <>
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
        <Column header={t('caseVersions.compare')} body={compareButtons} />
      </DataTable>
      {comparing && (
        <Suspense fallback={null}>
          <CaseVersionsDialog
            projectId={projectId}
            caseId={caseId}
            versions={Array.from({ length: current }, (_, index) => current - index)}
            initial={comparing}
            onClose={() => setComparing(null)}
          />
        </Suspense>
      )}
    </>
  );
}
