import { REPORT_OUTCOMES, type ReportOutcome } from '@testament/contracts';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useTranslation } from 'react-i18next';
import { useLiveQuery } from '../../app/use-live-query.ts';
import { useCatalogueList } from '../../entities/catalogue/use-catalogue.ts';
import { projectApi } from '../../entities/project/project-api.ts';
import { projectChanges } from '../../entities/project/project-changes.ts';
import { statusApi, type Status } from '../../entities/status/status.ts';
import { seededName } from '../../i18n/seeded-names.ts';
import { translateServerMessage } from '../../i18n/server-messages.ts';
import { ColorDot } from '../../shared/color/ColorField.tsx';
import type { ReportImportSummary } from './report-import-api.ts';

type SkippedTest = ReportImportSummary['skipped_tests'][number];

/** The status each outcome's tests get, by the project's settings (`import_statuses`); empty while they load. */
function useOutcomeStatuses(projectId: number): Partial<Record<ReportOutcome, Status>> {
  const project = useLiveQuery(projectId, projectChanges, projectApi.get).data;
  const statuses = useCatalogueList(projectId, statusApi);
  const mapping = project?.settings.import_statuses;
  if (!mapping || !statuses) return {};
  return Object.fromEntries(
    REPORT_OUTCOMES.flatMap((outcome) => {
      const status = statuses.find((candidate) => candidate.id === mapping[outcome]);
      return status ? [[outcome, status]] : [];
    }),
  );
}

/**
 * What an import did (as far as it got): the cases and tests it created, its tests by outcome, each in the colour of
 * the status that outcome is recorded as, and the tests it left out, with their place in the report and why.
 */
export function ReportSummary({ projectId, summary }: { projectId: number; summary: ReportImportSummary }) {
  const { t, i18n } = useTranslation();
  const statuses = useOutcomeStatuses(projectId);
  const count = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const unlisted = summary.skipped - summary.skipped_tests.length;
  return (
    <section className="report-summary" aria-label={t('reportImport.summary.label')}>
      <dl className="report-summary__counts">
        <div>
          <dt>{t('reportImport.summary.casesCreated')}</dt>
          <dd>{count(summary.cases_created)}</dd>
        </div>
        <div>
          <dt>{t('reportImport.summary.testsCreated')}</dt>
          <dd>{count(summary.tests_created)}</dd>
        </div>
      </dl>
      <h3 className="report-summary__heading">{t('reportImport.summary.outcomes')}</h3>
      <ul className="report-summary__outcomes">
        {REPORT_OUTCOMES.map((outcome) => {
          const status = statuses[outcome];
          const label = t(`reportImport.outcomes.${outcome}`);
          return (
            <li
              key={outcome}
              className="report-summary__outcome"
              title={status ? t('reportImport.outcomeStatus', { outcome: label, status: seededName(t, 'status', status.name) }) : undefined}
            >
              <ColorDot color={status?.color ?? null} />
              <span>{label}</span>
              <strong>{count(summary.outcomes[outcome])}</strong>
            </li>
          );
        })}
      </ul>
      {summary.skipped > 0 && (
        <>
          <h3 className="report-summary__heading">{t('reportImport.skipped.title', { count: summary.skipped })}</h3>
          <DataTable
            value={summary.skipped_tests}
            size="small"
            scrollable
            scrollHeight="16rem"
            className="report-summary__skipped"
            pt={{ table: { 'aria-label': t('reportImport.skipped.title', { count: summary.skipped }) } }}
          >
            <Column field="file" header={t('reportImport.skipped.file')} />
            <Column field="line" header={t('reportImport.skipped.line')} />
            <Column field="name" header={t('reportImport.skipped.name')} />
            <Column header={t('reportImport.skipped.reason')} body={(test: SkippedTest) => translateServerMessage(t, test.reason)} />
          </DataTable>
          {unlisted > 0 && <p className="report-summary__more">{t('reportImport.skipped.more', { count: unlisted })}</p>}
        </>
      )}
    </section>
  );
}
