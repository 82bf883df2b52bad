import { InputSwitch } from 'primereact/inputswitch';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFilters } from '../../../components/list/ListFilters.tsx';
import { LayoutSwitch } from '../../../components/list/ListToolbar.tsx';
import { useUrlFilter } from '../../../components/list/use-url-filter.ts';
import { useSignedInUser } from '../../../shell/use-signed-in-user.ts';
import { TestFilterDrawer } from './TestFilterDrawer.tsx';
import { TestsTable } from './TestsTable.tsx';
import { TestsTree } from './TestsTree.tsx';
import { testFilterCodec, withMe } from '../../../entities/test/test-filter.ts';
import { useTestListSetting } from './test-list-settings.ts';
import '../../../components/list/list.css';
import './plan-tests.css';

/**
 * A plan's tests with its subtree's (or the project's, `planId` null) as a
 * table or a tree, with filters, saved filters and "Assigned to me". The
 * filter lives in the page's query, so a link or a reload keeps it; the table
 * or tree choice and the hidden columns stay with the browser. A test opens in
 * the drawer the plan page mounts for `?test=`.
 * Memoised: the plan page draws again as the plan, the trail and the actions come; the table need not.
 */
export const PlanTests = memo(function PlanTests({ projectId, planId }: { projectId: number; planId: number | null }) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const [layout, setLayout] = useTestListSetting('layout');
  const [filter, setFilter] = useUrlFilter(testFilterCodec);

  const toolbar = (
    <>
      <LayoutSwitch value={layout} onChange={setLayout} />
      <ListFilters
        projectId={projectId}
        area="test_plans"
        codec={testFilterCodec}
        filter={filter}
        onChange={setFilter}
        drawer={(props) => <TestFilterDrawer {...props} />}
      />
      <span className="field-switch">
        <InputSwitch
          inputId="plan-tests-mine"
          checked={filter.assignees.includes(me.id)}
          onChange={(event) => setFilter(withMe(filter, me.id, event.value))}
        />
        <label htmlFor="plan-tests-mine">{t('testList.assignedToMe')}</label>
      </span>
    </>
  );
  const View = layout === 'table' ? TestsTable : TestsTree;
  return (
    <section className="list-view plan-tests" aria-label={t('testList.title')}>
      <View projectId={projectId} planId={planId} filter={filter} toolbar={toolbar} />
    </section>
  );
});
