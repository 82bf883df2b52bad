import { useTranslation } from 'react-i18next';
import { TreeFilter } from '../../../components/tree-filter/TreeFilter.tsx';
import { DateRangeField, FilterDrawer, LabelsField, SearchField } from '../../../components/list/FilterDrawer.tsx';
import type { ListFilterDrawerProps } from '../../../components/list/ListFilters.tsx';
import { labelApi } from '../../../entities/label/label.ts';
import { useCatalogueList } from '../../../entities/catalogue/use-catalogue.ts';
import { useSuiteNodes } from '../../../entities/suite/suite-nodes.ts';
import { EMPTY_FILTER, type CaseFilter } from './case-filter.ts';

/** The cases filter drawer (§2 "Filter drawers"): every change applies at once. */
export function CaseFilterDrawer({ projectId, filter, onChange, onHide, saved }: ListFilterDrawerProps<CaseFilter>) {
  const { t } = useTranslation();
  const labels = useCatalogueList(projectId, labelApi);
  const suites = useSuiteNodes(projectId);
  const change = (part: Partial<CaseFilter>) => onChange({ ...filter, ...part });
  return (
    <FilterDrawer className="case-filter" saved={saved} filter={filter} onChange={onChange} empty={EMPTY_FILTER} onHide={onHide}>
      <SearchField value={filter.search} onChange={(search) => change({ search })} />
      <div className="field">
        <label htmlFor="case-filter-suites">{t('caseList.filter.suites')}</label>
        {/* The list takes each chosen suite with its descendants. */}
        <TreeFilter
          inputId="case-filter-suites"
          nodes={suites ?? []}
          placeholder={t('treeFilter.suitesPlaceholder')}
          value={filter.suites}
          onChange={(chosen) => change({ suites: chosen })}
        />
      </div>
      <LabelsField labels={labels} filter={filter} onChange={onChange} />
      <DateRangeField
        legend={t('caseList.filter.suiteCreated')}
        range={filter.suiteCreated}
        onChange={(suiteCreated) => change({ suiteCreated })}
      />
      <DateRangeField
        legend={t('caseList.filter.caseCreated')}
        range={filter.caseCreated}
        onChange={(caseCreated) => change({ caseCreated })}
      />
    </FilterDrawer>
  );
}
