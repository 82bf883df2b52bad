import { Button } from 'primereact/button';
import { SelectButton } from 'primereact/selectbutton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { suitePaths } from '../../suites/suite-paths.ts';
import { useKeptTreeSearch } from '../../suites/tree/use-tree-search.ts';
import { CaseFilterDrawer } from './CaseFilterDrawer.tsx';
import { CasesTable } from './CasesTable.tsx';
import { CasesTree } from './CasesTree.tsx';
import { filterFromQueryString, filterToQueryString } from './case-filter.ts';
import { SavedFilters } from './SavedFilters.tsx';
import { useCaseListSetting, type CasesLayout } from './case-list-settings.ts';
import { useUrlFilter } from './use-url-filter.ts';
import './case-list.css';

const LAYOUT_ICONS: Record<CasesLayout, string> = { table: 'pi pi-list', tree: 'pi pi-sitemap' };

/**
 * A suite's cases (or the project's, `suiteId` null) as a table or a tree, with
 * filters, saved filters and bulk actions. The filter lives in the page's
 * query, so a link or a reload keeps it; the table or tree choice stays with the browser.
 */
export function CasesView({ projectId, suiteId }: { projectId: number; suiteId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const keepSearch = useKeptTreeSearch();
  const [layout, setLayout] = useCaseListSetting('layout');
  const [filtering, setFiltering] = useState(false);
  const [pickedFilter, setPickedFilter] = useState<string | null>(null);
  const [filter, setFilter] = useUrlFilter();
  const current = filterToQueryString(filter);
  /** How many filters are on, for the button's badge (the and/or switch is not one). */
  const activeFilters = [...new URLSearchParams(current).keys()].filter((key) => key !== 'labels_condition').length;
  const layouts = (['table', 'tree'] as const).map((value) => ({ value, label: t(`caseList.${value}`) }));

  return (
    <section className="case-list" aria-label={t('caseList.title')}>
      <div className="case-list__toolbar">
        <SelectButton
          value={layout}
          options={layouts}
          allowEmpty={false}
          onChange={(event) => setLayout(event.value as CasesLayout)}
          itemTemplate={(option: { value: CasesLayout; label: string }) => <i className={LAYOUT_ICONS[option.value]} title={option.label} aria-label={option.label} />}
          aria-label={t('caseList.view')}
        />
        <Button
          label={t('caseList.filter.button')}
          icon="pi pi-filter"
          outlined
          onClick={() => setFiltering(true)}
          {...(activeFilters > 0 ? { badge: String(activeFilters), badgeClassName: 'p-badge-info', 'aria-description': t('caseList.filter.active') } : {})}
        />
        {suiteId !== null && (
          <Button label={t('caseList.create')} icon="pi pi-plus" className="case-list__create" onClick={() => navigate(keepSearch(suitePaths.createCase(projectId, suiteId)))} />
        )}
      </div>
      {layout === 'table' ? <CasesTable projectId={projectId} suiteId={suiteId} filter={filter} /> : <CasesTree projectId={projectId} suiteId={suiteId} filter={filter} />}
      {filtering && (
        <CaseFilterDrawer
          projectId={projectId}
          filter={filter}
          onChange={setFilter}
          onHide={() => setFiltering(false)}
          saved={
            <SavedFilters
              projectId={projectId}
              current={current}
              picked={pickedFilter}
              onPick={setPickedFilter}
              onLoad={(query) => setFilter(filterFromQueryString(query))}
            />
          }
        />
      )}
    </section>
  );
}
