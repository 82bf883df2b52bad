import { Checkbox } from 'primereact/checkbox';
import { MultiSelect } from 'primereact/multiselect';
import { useTranslation } from 'react-i18next';
import { changesOf, topics } from '../../../app/changes.ts';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { TreeFilter } from '../../../components/tree-filter/TreeFilter.tsx';
import { DateRangeField, FilterDrawer, LabelsField, SearchField } from '../../../components/list/FilterDrawer.tsx';
import type { ListFilterDrawerProps } from '../../../components/list/ListFilters.tsx';
import { seededName } from '../../../i18n/seeded-names.ts';
import { useSignedInUser } from '../../../shell/use-signed-in-user.ts';
import { labelApi } from '../../../entities/label/label.ts';
import { planApi } from '../../../entities/plan/plan-api.ts';
import { planNodes } from '../../../entities/plan/PlanTreeSelect.tsx';
import { useCatalogueList } from '../../../entities/catalogue/use-catalogue.ts';
import { statusApi } from '../../../entities/status/status.ts';
import { useSuiteNodes } from '../../../entities/suite/suite-nodes.ts';
import { EMPTY_TEST_FILTER, withMe, type TestFilter } from '../../../entities/test/test-filter.ts';
import { useAssigneeOptions } from './use-assignee-options.ts';

/** The tests filter drawer (tests-and-results §2 "Filter drawers"): every change applies at once. */
export function TestFilterDrawer({ projectId, filter, onChange, onHide, saved }: ListFilterDrawerProps<TestFilter>) {
  const { t } = useTranslation();
  const labels = useCatalogueList(projectId, labelApi);
  const change = (part: Partial<TestFilter>) => onChange({ ...filter, ...part });
  return (
    <FilterDrawer className="test-filter" saved={saved} filter={filter} onChange={onChange} empty={EMPTY_TEST_FILTER} onHide={onHide}>
      <SearchField value={filter.search} onChange={(search) => change({ search })} />
      <PlansField projectId={projectId} value={filter.plans} onChange={(plans) => change({ plans })} />
      <SuitesField projectId={projectId} value={filter.suites} onChange={(suites) => change({ suites })} />
      <StatusesField projectId={projectId} value={filter.statuses} onChange={(statuses) => change({ statuses })} />
      <AssigneeField projectId={projectId} filter={filter} onChange={onChange} />
      <LabelsField labels={labels} filter={filter} onChange={onChange} />
      <DateRangeField
        legend={t('testList.filter.planStarted')}
        range={filter.planStarted}
        onChange={(planStarted) => change({ planStarted })}
      />
      <DateRangeField
        legend={t('testList.filter.planCreated')}
        range={filter.planCreated}
        onChange={(planCreated) => change({ planCreated })}
      />
      <DateRangeField
        legend={t('testList.filter.testCreated')}
        range={filter.testCreated}
        onChange={(testCreated) => change({ testCreated })}
      />
    </FilterDrawer>
  );
}

interface IdsFieldProps<T> {
  projectId: number;
  value: T[];
  onChange(value: T[]): void;
}

/** The project's plans in the tree filter (cases-and-plans "Tree filter dropdown"); a plan stands for its subtree. */
function PlansField({ projectId, value, onChange }: IdsFieldProps<number>) {
  const { t } = useTranslation();
  const tree = useLiveQuery(projectId, (id) => changesOf(topics.plans(id)), planApi.tree).data;
  return (
    <div className="field">
      <label htmlFor="test-filter-plans">{t('testList.filter.plans')}</label>
      <TreeFilter
        inputId="test-filter-plans"
        nodes={tree ? planNodes(tree, null) : []}
        placeholder={t('treeFilter.plansPlaceholder')}
        value={value}
        onChange={onChange}
      />
    </div>
  );
}

/** The project's suites in the tree filter; the list takes each chosen suite with its sub-suites (`nested_search`). */
function SuitesField({ projectId, value, onChange }: IdsFieldProps<number>) {
  const { t } = useTranslation();
  const suites = useSuiteNodes(projectId);
  return (
    <div className="field">
      <label htmlFor="test-filter-suites">{t('testList.filter.suites')}</label>
      <TreeFilter
        inputId="test-filter-suites"
        nodes={suites ?? []}
        placeholder={t('treeFilter.suitesPlaceholder')}
        value={value}
        onChange={onChange}
      />
    </div>
  );
}

/** A choice of ids with null among them (untested, not assigned), as a MultiSelect holds them: strings. */
const asOption = (value: number | null) => (value === null ? 'null' : String(value));
const fromOption = (option: string) => (option === 'null' ? null : Number(option));

/** The project's statuses, and Untested (`null`, §4). */
function StatusesField({ projectId, value, onChange }: IdsFieldProps<number | null>) {
  const { t } = useTranslation();
  const statuses = useCatalogueList(projectId, statusApi) ?? [];
  const options = [
    { value: 'null', label: t('testList.untested') },
    ...statuses.map((status) => ({ value: String(status.id), label: seededName(t, 'status', status.name) })),
  ];
  return (
    <div className="field">
      <label htmlFor="test-filter-statuses">{t('testList.filter.statuses')}</label>
      <MultiSelect
        inputId="test-filter-statuses"
        value={value.map(asOption)}
        options={options}
        onChange={(event) => onChange((event.value as string[]).map(fromOption))}
        display="chip"
        placeholder={t('testList.filter.statusesPlaceholder')}
      />
    </div>
  );
}

/** Users of the project, not assigned (`null`), and Assigned to me (cases-and-plans §6). */
function AssigneeField({ projectId, filter, onChange }: { projectId: number; filter: TestFilter; onChange(filter: TestFilter): void }) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const chosen = filter.assignees.filter((id): id is number => id !== null);
  const { users, search } = useAssigneeOptions(projectId, chosen);
  const options = [
    { value: 'null', label: t('testList.filter.unassigned') },
    ...users.map((user) => ({ value: String(user.id), label: user.username })),
  ];
  return (
    <div className="field">
      <label htmlFor="test-filter-assignee">{t('testList.filter.assignee')}</label>
      <MultiSelect
        inputId="test-filter-assignee"
        value={filter.assignees.map(asOption)}
        options={options}
        onChange={(event) => onChange({ ...filter, assignees: (event.value as string[]).map(fromOption) })}
        filter
        onFilter={(event) => search(event.filter)}
        display="chip"
        placeholder={t('testList.filter.assigneePlaceholder')}
      />
      <span className="field-switch">
        <Checkbox
          inputId="test-filter-me"
          checked={chosen.includes(me.id)}
          onChange={(event) => onChange(withMe(filter, me.id, event.checked === true))}
        />
        <label htmlFor="test-filter-me">{t('testList.filter.me')}</label>
      </span>
    </div>
  );
}
