import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { changesOf, topics } from '../../../app/changes.ts';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { Markdown } from '../../../components/Markdown.tsx';
import { RouteTabs } from '../../../components/RouteTabs.tsx';
import { AttachmentList } from '../../attachments/index.ts';
import { ObjectHistory } from '../../audit/index.ts';
import { AttributeValues } from '../../custom-attributes/index.ts';
import { PageIntegrations } from '../../integrations/index.ts';
import { PlanStatistics } from '../../plan-statistics/index.ts';
import { SuiteActions } from '../../suites/index.ts';
import { useKeptTreeSearch } from '../../../shared/tree/use-tree-search.ts';
import { GONE } from '../../../shared/tree/followed-or-gone.ts';
import { WorkspaceRoot, useDrawerParam, useWorkspacePage } from '../../../shared/tree/workspace-pages.tsx';
import { TestDrawer, PlanTests } from '../../tests/index.ts';
import { usePlanWorkspaceActions } from '../dialogs/use-plan-actions.tsx';
import { planOrGone, type Plan } from '../../../entities/plan/plan-api.ts';
import { planPaths } from '../../../entities/plan/plan-paths.ts';
import { PlanDatesLine } from './PlanDatesLine.tsx';

const PLAN_TABS = [
  { path: 'overview', icon: 'pi pi-info-circle' },
  { path: 'attachments', icon: 'pi pi-paperclip' },
  { path: 'custom-attributes', icon: 'pi pi-list' },
  { path: 'history', icon: 'pi pi-history' },
] as const;

/** /projects/{id}/plans[/{planId}[/{tab}]]: a plan (or the project's root) with its tests; `?test=` opens a test (tests-and-results §2). */
export function PlanPage() {
  const { t } = useTranslation();
  const { projectId, nodeId: planId, tab } = useWorkspacePage('planId');
  const test = useDrawerParam('test', ['view']);
  return (
    <>
      {planId === null ? (
        // Without a plan: every test of the project, and a way to start a root plan.
        <WorkspaceRoot
          title={t('plans.page.allTests')}
          createLabel={t('plans.actions.createPlan')}
          createPath={(prevUrl) => planPaths.create(projectId, null, prevUrl)}
        >
          <PlanStatistics projectId={projectId} planId={null} />
          <PlanTests projectId={projectId} planId={null} />
        </WorkspaceRoot>
      ) : (
        <PlanView projectId={projectId} planId={planId} tab={tab} />
      )}
      {test.id !== null && <TestDrawer projectId={projectId} testId={test.id} onClose={test.close} />}
    </>
  );
}

function PlanView({ projectId, planId, tab }: { projectId: number; planId: number; tab: string }) {
  const plan = useLiveQuery(planId, () => changesOf(topics.plans(projectId)), planOrGone).data;
  const actions = usePlanWorkspaceActions();
  const keepSearch = useKeptTreeSearch();
  if (plan === GONE) return <Navigate to={keepSearch(planPaths.root(projectId))} replace />;
  if (actions.isLeaving(planId)) return <Skeleton height="10rem" />;
  // The statistics and the tests ask for their own data beside the plan's, not after it.
  const shown = plan && plan.id === planId ? plan : null;
  return (
    <section className="suite-page">
      {shown ? <PlanHeader plan={shown} /> : <Skeleton height="4rem" />}
      <PlanTabs projectId={projectId} planId={planId} tab={tab} />
      {shown ? <PlanTab plan={shown} tab={tab} /> : <Skeleton height="3rem" />}
      <PlanStatistics projectId={projectId} planId={planId} />
      <PlanTests projectId={projectId} planId={planId} />
    </section>
  );
}

function PlanHeader({ plan }: { plan: Plan }) {
  const { t } = useTranslation();
  const actions = usePlanWorkspaceActions();
  return (
    <header className="suite-page__header">
      <div>
        <h1 className="plan-page__title">
          {plan.title}
          {plan.is_archive && <Tag value={t('plans.page.archived')} severity="warning" icon="pi pi-box" className="plan-page__archived" />}
        </h1>
        <PlanDatesLine plan={plan} />
      </div>
      <div className="plan-page__actions">
        <PageIntegrations pageType="testplan" place={{ projectId: plan.project, planId: plan.id }} />
        <SuiteActions items={actions.buttonsFor(plan)} />
      </div>
    </header>
  );
}

/**
 * The plan's tabs, drawn from the page's first render since they need only its address: TabMenu measures
 * its active tab as it mounts, a forced layout that, once the rows and statistics were in, cost the pies
 * about 50 ms on 100,000 tests.
 */
function PlanTabs({ projectId, planId, tab }: { projectId: number; planId: number; tab: string }) {
  const { t } = useTranslation();
  const keepSearch = useKeptTreeSearch();
  const tabs = PLAN_TABS.map(({ path, icon }) => ({
    label: path === 'history' ? t('audit.history') : t(`plans.page.tabs.${path}`),
    icon,
    to: keepSearch(planPaths.plan(projectId, planId, path)),
  }));
  return (
    <RouteTabs
      tabs={tabs}
      active={Math.max(
        0,
        PLAN_TABS.findIndex((candidate) => candidate.path === tab),
      )}
    />
  );
}

function PlanTab({ plan, tab }: { plan: Plan; tab: string }) {
  const { t } = useTranslation();
  if (tab === 'attachments') return <AttachmentList files={plan.attachments} emptyText={t('plans.page.noAttachments')} />;
  if (tab === 'history') return <ObjectHistory projectId={plan.project} type="plan" id={plan.id} />;
  if (tab === 'custom-attributes') {
    return Object.keys(plan.attributes).length > 0 ? (
      <AttributeValues values={plan.attributes} />
    ) : (
      <p className="suite-page__empty">{t('plans.page.noAttributes')}</p>
    );
  }
  return plan.description ? <Markdown text={plan.description} /> : <p className="suite-page__empty">{t('plans.page.noDescription')}</p>;
}
