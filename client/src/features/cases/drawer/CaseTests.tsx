import type { Test } from '@testament/contracts';
import { Column } from 'primereact/column';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { InputSwitch } from 'primereact/inputswitch';
import { MultiSelect } from 'primereact/multiselect';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { changesOf, topics } from '../../../app/changes.ts';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { PathBreadcrumbs } from '../../../components/PathBreadcrumbs.tsx';
import { withSeededNames } from '../../../i18n/seeded-names.ts';
import { planPaths } from '../../../entities/plan/plan-paths.ts';
import { useCatalogueList } from '../../../entities/catalogue/use-catalogue.ts';
import { StatusTag } from '../../../entities/status/StatusTag.tsx';
import { statusApi } from '../../../entities/status/status.ts';
import { CASE_TESTS_PAGE_SIZE, caseTests } from './case-tests-api.ts';

/** Untested, as the status filter sends it (§4.3). */
const UNTESTED = 'null';

interface Sort {
  field: string;
  order: 1 | -1;
}

/**
 * The tests of the case in the project's plans: sortable, filtered by last status, archived ones on request; each opens in its plan
 * (tests-and-results §2 Case drawer).
 */
export function CaseTests({ projectId, caseId }: { projectId: number; caseId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<Sort | null>(null);
  const [statuses, setStatuses] = useState<string[]>([]);
  const [archived, setArchived] = useState(false);
  const known = useCatalogueList(projectId, statusApi) ?? [];
  const query = {
    caseId,
    page,
    page_size: CASE_TESTS_PAGE_SIZE,
    ...(sort ? { ordering: `${sort.order < 0 ? '-' : ''}${sort.field}` } : {}),
    ...(statuses.length > 0 ? { last_status: statuses.join(',') } : {}),
    ...(archived ? { is_archive: 'true' } : {}),
  };
  const tests = useLiveQuery(query, () => changesOf(topics.plans(projectId)), caseTests).data;
  const statusOptions = [
    { value: UNTESTED, label: t('results.untested') },
    ...withSeededNames(t, 'status', known).map((status) => ({ value: String(status.id), label: status.name })),
  ];
  const onSort = (event: DataTableStateEvent) => {
    setSort(event.sortField && event.sortOrder ? { field: event.sortField, order: event.sortOrder === -1 ? -1 : 1 } : null);
    setPage(1);
  };

  return (
    <section className="case-tests" aria-label={t('caseDrawer.tests')}>
      <div className="case-tests__filters">
        <MultiSelect
          value={statuses}
          options={statusOptions}
          placeholder={t('caseDrawer.testsStatusFilter')}
          aria-label={t('caseDrawer.testsStatusFilter')}
          display="chip"
          showClear
          onChange={(event) => {
            setStatuses(event.value as string[]);
            setPage(1);
          }}
        />
        <span className="case-tests__archived">
          <InputSwitch
            inputId="case-tests-archived"
            checked={archived}
            onChange={(event) => {
              setArchived(event.value);
              setPage(1);
            }}
          />
          <label htmlFor="case-tests-archived">{t('caseDrawer.testsShowArchived')}</label>
        </span>
      </div>
      <DataTable
        value={tests?.results ?? []}
        loading={tests === null}
        lazy
        paginator
        rows={CASE_TESTS_PAGE_SIZE}
        first={((tests?.pages.current ?? page) - 1) * CASE_TESTS_PAGE_SIZE}
        totalRecords={tests?.count ?? 0}
        onPage={(event) => setPage((event.page ?? 0) + 1)}
        sortField={sort?.field}
        sortOrder={sort?.order ?? 0}
        onSort={onSort}
        removableSort
        size="small"
        emptyMessage={t('caseDrawer.noTests')}
        pt={{ table: { 'aria-label': t('caseDrawer.tests') } }}
      >
        <Column
          field="id"
          header={t('caseDrawer.testsId')}
          sortable
          body={(test: Test) => <Link to={planPaths.test(projectId, test.plan, test.id)}>{test.id}</Link>}
        />
        <Column
          field="plan"
          header={t('caseDrawer.testsPlan')}
          sortable
          body={(test: Test) => <PathBreadcrumbs path={test.plan_path} label={t('caseDrawer.testsPlan')} />}
        />
        <Column
          field="last_status"
          header={t('caseDrawer.testsLastStatus')}
          sortable
          body={(test: Test) => <StatusTag name={test.last_status_name} color={test.last_status_color} />}
        />
        <Column
          field="assignee_username"
          header={t('caseDrawer.testsAssignee')}
          sortable
          body={(test: Test) => test.assignee_username ?? '—'}
        />
      </DataTable>
    </section>
  );
}
