import { Skeleton } from 'primereact/skeleton';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { changesOf, topics } from '../../app/changes.ts';
import { useLiveQuery } from '../../app/use-live-query.ts';
import { Markdown } from '../../components/Markdown.tsx';
import { RouteTabs } from '../../components/RouteTabs.tsx';
import { formatDate } from '../../i18n/dates.ts';
import { CaseDrawer, CasesView } from '../cases/index.ts';
import { AttachmentList } from '../attachments/index.ts';
import { ObjectHistory } from '../audit/index.ts';
import { useWorkspaceActions } from './dialogs/use-suite-actions.tsx';
import { SuiteActions } from './page/SuiteActions.tsx';
import { SuiteAttributes } from './page/SuiteAttributes.tsx';
import { goneSuites, suiteApi, type SuiteDetail } from '../../entities/suite/suite-api.ts';
import { suitePaths } from '../../shared/tree/suite-paths.ts';
import { useKeptTreeSearch } from '../../shared/tree/use-tree-search.ts';
import { GONE, followedOrGone } from '../../shared/tree/followed-or-gone.ts';
import { WorkspaceRoot, useDrawerParam, useWorkspacePage } from '../../shared/tree/workspace-pages.tsx';

const SUITE_TABS = [
  { path: 'overview', icon: 'pi pi-info-circle' },
  { path: 'custom-attributes', icon: 'pi pi-list' },
  { path: 'attachments', icon: 'pi pi-paperclip' },
  { path: 'history', icon: 'pi pi-history' },
] as const;

/** A suite deleted here, or elsewhere meanwhile (a 404), is gone: the page goes back to the project's root. */
const suiteOrGone = followedOrGone<SuiteDetail>(suiteApi.follow, goneSuites);

/** /projects/{id}/suites[/{suiteId}[/{tab}]]: a suite (or the project's root) with its tabs and its cases; `?test_case=` opens a case. */
export function SuitePage() {
  const { projectId, nodeId: suiteId, tab } = useWorkspacePage('suiteId');
  return (
    <>
      {suiteId === null ? <ProjectRoot projectId={projectId} /> : <SuiteView projectId={projectId} suiteId={suiteId} tab={tab} />}
      <OpenCase projectId={projectId} />
    </>
  );
}

/** Without a suite: every case of the project, and a way to start a top-level suite. */
function ProjectRoot({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  return (
    <WorkspaceRoot
      title={t('suites.page.allCases')}
      createLabel={t('suites.actions.createSuite')}
      createPath={(prevUrl) => suitePaths.create(projectId, null, prevUrl)}
    >
      <CasesView projectId={projectId} suiteId={null} />
    </WorkspaceRoot>
  );
}

function SuiteView({ projectId, suiteId, tab }: { projectId: number; suiteId: number; tab: string }) {
  const { t, i18n } = useTranslation();
  const suite = useLiveQuery(suiteId, () => changesOf(topics.suites(projectId)), suiteOrGone).data;
  const actions = useWorkspaceActions();
  const keepSearch = useKeptTreeSearch();
  if (suite === GONE) return <Navigate to={keepSearch(suitePaths.root(projectId))} replace />;
  const shown = suite && suite.id === suiteId ? suite : null;
  const tabs = SUITE_TABS.map(({ path, icon }) => ({
    label: path === 'history' ? t('audit.history') : t(`suites.page.tabs.${path}`),
    icon,
    to: keepSearch(suitePaths.suite(projectId, suiteId, path)),
  }));
  // An unknown tab shows the overview, as the tabs do.
  const overview = tab === 'overview' || !SUITE_TABS.some((candidate) => candidate.path === tab);
  return (
    <section className="suite-page">
      {shown ? (
        <header className="suite-page__header">
          <div>
            <h1>{shown.name}</h1>
            <p className="suite-page__created">{t('suites.page.created', { date: formatDate(shown.created_at, i18n.language) })}</p>
          </div>
          <SuiteActions items={actions.itemsFor(shown)} />
        </header>
      ) : (
        <Skeleton height="4rem" />
      )}
      {/* From the first render, as they need only the address: TabMenu measures its active tab as it mounts (a forced layout). */}
      <RouteTabs
        tabs={tabs}
        active={Math.max(
          0,
          SUITE_TABS.findIndex((candidate) => candidate.path === tab),
        )}
      />
      {!overview && (shown ? <SuiteTab suite={shown} tab={tab} /> : <Skeleton height="6rem" />)}
      {overview && (
        // The cases ask for their own page beside the suite's, not after it.
        <div className="suite-page__overview">
          {shown &&
            (shown.description ? (
              <Markdown text={shown.description} />
            ) : (
              <p className="suite-page__empty">{t('suites.page.noDescription')}</p>
            ))}
          <CasesView projectId={projectId} suiteId={suiteId} />
        </div>
      )}
    </section>
  );
}

/** The suite's other tabs than the overview. */
function SuiteTab({ suite, tab }: { suite: SuiteDetail; tab: string }) {
  const { t } = useTranslation();
  if (tab === 'custom-attributes') return <SuiteAttributes suite={suite} />;
  if (tab === 'attachments') return <AttachmentList files={suite.attachments} emptyText={t('suites.page.noAttachments')} />;
  return <ObjectHistory projectId={suite.project} type="suite" id={suite.id} />;
}

/** `?test_case=` (with its `version`) shows the case in a drawer; closing it takes both away and keeps the rest. */
function OpenCase({ projectId }: { projectId: number }) {
  const { id: caseId, close } = useDrawerParam('test_case', ['version']);
  return caseId === null ? null : <CaseDrawer projectId={projectId} caseId={caseId} onClose={close} />;
}
