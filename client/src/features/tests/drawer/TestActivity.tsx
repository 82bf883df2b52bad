import { TabPanel, TabView } from 'primereact/tabview';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ObjectHistory } from '../../audit/index.ts';
import type { ResultActionsProps } from '../../results/index.ts';
import { ActivityList, type Ordering } from './ActivityList.tsx';
import type { Test } from './test-drawer-api.ts';
import { useHashTarget } from './use-hash-target.ts';

const TABS = [
  { name: 'all', type: undefined },
  { name: 'results', type: 'result' },
  { name: 'comments', type: 'comment' },
] as const;
/** After the thread's tabs, the test's life from the audit trail. */
type TabName = (typeof TABS)[number]['name'] | 'audit';

/** The test's results and comments: tabs All / Results / Comments, newest first unless turned round (tests-and-results §2); and Audit. */
export function TestActivity({ projectId, test, resultActions }: { projectId: number; test: Test; resultActions: ResultActionsProps }) {
  const { t } = useTranslation();
  const target = useHashTarget();
  const [tab, setTab] = useState<TabName>(target?.kind === 'comment' ? 'comments' : 'all');
  const [ordering, setOrdering] = useState<Ordering>('-created_at');
  // `#comment-N` opens the comments tab, also when the address changes while the drawer is open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new comment address opens the tab again
  useEffect(() => {
    if (target?.kind === 'comment') setTab('comments');
  }, [target?.kind, target?.id]);

  return (
    <section className="test-activity" aria-label={t('testDrawer.activity')}>
      <TabView
        activeIndex={tab === 'audit' ? TABS.length : TABS.findIndex((entry) => entry.name === tab)}
        onTabChange={(event) => setTab(TABS[event.index]?.name ?? 'audit')}
      >
        {TABS.map(({ name, type }) => (
          <TabPanel key={name} header={t(`testDrawer.tabs.${name}`)}>
            <ActivityList
              projectId={projectId}
              test={test}
              query={{ ordering, ...(type ? { type } : {}) }}
              onOrdering={setOrdering}
              emptyText={t(`testDrawer.empty.${name}`)}
              withComposer={name !== 'results'}
              target={target}
              resultActions={resultActions}
            />
          </TabPanel>
        ))}
        <TabPanel header={t('audit.tab')}>
          <ObjectHistory projectId={projectId} type="test" id={test.id} />
        </TabPanel>
      </TabView>
    </section>
  );
}
