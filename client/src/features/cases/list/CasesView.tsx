import { Button } from 'primereact/button';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListFilters } from '../../../components/list/ListFilters.tsx';
import { LayoutSwitch } from '../../../components/list/ListToolbar.tsx';
import { useUrlFilter } from '../../../components/list/use-url-filter.ts';
import { suitePaths } from '../../../shared/tree/suite-paths.ts';
import { useKeptTreeSearch } from '../../../shared/tree/use-tree-search.ts';
import { CaseFilterDrawer } from './CaseFilterDrawer.tsx';
import { CasesTable } from './CasesTable.tsx';
import { CasesTree } from './CasesTree.tsx';
import { caseFilterCodec } from './case-filter.ts';
import { useCaseListSetting } from './case-list-settings.ts';
import '../../../components/list/list.css';
import './case-list.css';

/**
 * A suite's cases (or the project's, `suiteId` null) as a table or a tree, with
 * filters, saved filters and bulk actions. The filter lives in the page's
 * query, so a link or a reload keeps it; the table or tree choice stays with the browser.
 * Memoised: the suite page draws again as the suite and the actions come; the table need not.
 */
export const CasesView = memo(function CasesView({ projectId, suiteId }: { projectId: number; suiteId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const keepSearch = useKeptTreeSearch();
  const [layout, setLayout] = useCaseListSetting('layout');
  const [filter, setFilter] = useUrlFilter(caseFilterCodec);

  const toolbar = (
    <>
      <LayoutSwitch value={layout} onChange={setLayout} />
      <ListFilters
        projectId={projectId}
        area="test_suites"
        codec={caseFilterCodec}
        filter={filter}
        onChange={setFilter}
        drawer={(props) => <CaseFilterDrawer {...props} />}
      />
    </>
  );
  const actions = suiteId !== null && (
    <Button
      label={t('caseList.create')}
      icon="pi pi-plus"
      onClick={() => navigate(keepSearch(suitePaths.createCase(projectId, suiteId)))}
    />
  );
  const View = layout === 'table' ? CasesTable : CasesTree;
  return (
    <section className="list-view case-list" aria-label={t('caseList.title')}>
      <View projectId={projectId} suiteId={suiteId} filter={filter} toolbar={toolbar} actions={actions} />
    </section>
  );
});
