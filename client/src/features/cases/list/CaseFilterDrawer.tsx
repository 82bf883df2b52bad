import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { Sidebar } from 'primereact/sidebar';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TreeFilter } from '../../../components/TreeFilter.tsx';
import { isoDay } from '../../../i18n/dates.ts';
import { labelApi } from '../../labels/label.ts';
import { useCatalogueList } from '../../project-catalogue/use-catalogue.ts';
import { EMPTY_FILTER, conditionApplies, labelState, withNextLabelState, withRangeStart, type CaseFilter, type DateRange, type LabelsCondition } from './case-filter.ts';
import { useSuiteNodes } from '../../suites/suite-nodes.ts';
import { useDebouncedText } from './use-debounced-text.ts';

interface CaseFilterDrawerProps {
  projectId: number;
  filter: CaseFilter;
  onChange(filter: CaseFilter): void;
  onHide(): void;
  /** The saved filters, above the fields. */
  saved: ReactNode;
}

/** The cases filter drawer (§2 "Filter drawers"): every change applies at once. */
export function CaseFilterDrawer({ projectId, filter, onChange, onHide, saved }: CaseFilterDrawerProps) {
  const { t } = useTranslation();
  const change = (part: Partial<CaseFilter>) => onChange({ ...filter, ...part });
  return (
    <Sidebar visible position="right" onHide={onHide} header={t('caseList.filter.title')} className="case-filter">
      {saved}
      <div className="form">
        <SearchField filter={filter} onChange={onChange} />
        <div className="field">
          <label htmlFor="case-filter-suites">{t('caseList.filter.suites')}</label>
          <SuitesChoice projectId={projectId} value={filter.suites} onChange={(suites) => change({ suites })} />
        </div>
        <LabelsChoice projectId={projectId} filter={filter} onChange={onChange} />
        <CreatedRange legend={t('caseList.filter.suiteCreated')} range={filter.suiteCreated} onChange={(suiteCreated) => onChange({ ...filter, suiteCreated })} />
        <CreatedRange legend={t('caseList.filter.caseCreated')} range={filter.caseCreated} onChange={(caseCreated) => onChange({ ...filter, caseCreated })} />
        <span className="field-switch">
          <InputSwitch inputId="case-filter-archived" checked={filter.showArchived} onChange={(event) => change({ showArchived: event.value })} />
          <label htmlFor="case-filter-archived">{t('caseList.filter.showArchived')}</label>
        </span>
        <Button type="button" label={t('caseList.filter.clear')} icon="pi pi-filter-slash" outlined onClick={() => onChange(EMPTY_FILTER)} />
      </div>
    </Sidebar>
  );
}

/** Name or ID: the list asks again once typing pauses, not for every key. */
function SearchField({ filter, onChange }: { filter: CaseFilter; onChange(filter: CaseFilter): void }) {
  const { t } = useTranslation();
  const [text, type] = useDebouncedText(filter.search, (search) => onChange({ ...filter, search }));
  return (
    <div className="field">
      <label htmlFor="case-filter-search">{t('caseList.filter.nameOrId')}</label>
      <InputText id="case-filter-search" value={text} onChange={(event) => type(event.target.value)} />
    </div>
  );
}

/** The project's suites in the tree filter; the list takes each chosen suite with its descendants. */
function SuitesChoice({ projectId, value, onChange }: { projectId: number; value: number[]; onChange(suites: number[]): void }) {
  const { t } = useTranslation();
  const suites = useSuiteNodes(projectId);
  return <TreeFilter inputId="case-filter-suites" nodes={suites ?? []} placeholder={t('treeFilter.suitesPlaceholder')} value={value} onChange={onChange} />;
}

const STATE_LOOK = {
  included: { icon: 'pi pi-check', severity: 'success' },
  excluded: { icon: 'pi pi-ban', severity: 'danger' },
  unset: { icon: 'pi pi-tag', severity: 'secondary' },
} as const;

/** Each label steps through included, excluded and unset; and/or needs two labels (§5). */
function LabelsChoice({ projectId, filter, onChange }: { projectId: number; filter: CaseFilter; onChange(filter: CaseFilter): void }) {
  const { t } = useTranslation();
  const labels = useCatalogueList(projectId, labelApi);
  const conditions = (['and', 'or'] as const).map((value) => ({ value, label: t(`caseList.filter.${value}`) }));
  return (
    <fieldset className="field case-filter__labels">
      <legend>{t('caseList.filter.labels')}</legend>
      <small>{labels?.length === 0 ? t('caseList.filter.noLabels') : t('caseList.filter.labelHint')}</small>
      <span className="case-filter__label-list">
        {(labels ?? []).map((label) => {
          const state = labelState(filter, label.id);
          return (
            <Button
              key={label.id}
              type="button"
              size="small"
              label={label.name}
              icon={STATE_LOOK[state].icon}
              severity={STATE_LOOK[state].severity}
              outlined={state === 'unset'}
              aria-label={t(`caseList.filter.${state}`, { name: label.name })}
              onClick={() => onChange(withNextLabelState(filter, label.id))}
            />
          );
        })}
      </span>
      <SelectButton
        value={filter.labelsCondition}
        options={conditions}
        allowEmpty={false}
        disabled={!conditionApplies(filter)}
        onChange={(event) => onChange({ ...filter, labelsCondition: event.value as LabelsCondition })}
        aria-label={t('caseList.filter.condition')}
      />
    </fieldset>
  );
}

/** A Calendar's day as the filter keeps it, at local midnight. */
const dayOf = (value: string | null) => (value ? new Date(`${value}T00:00:00`) : null);

/** The upper date waits for the lower one, cannot go below it, and goes when it goes (§5 date filters). */
function CreatedRange({ legend, range, onChange }: { legend: string; range: DateRange; onChange(range: DateRange): void }) {
  const { t } = useTranslation();
  const after = dayOf(range.after);
  return (
    <fieldset className="field case-filter__range">
      <legend>{legend}</legend>
      <Calendar
        value={after}
        onChange={(event) => onChange(withRangeStart(range, event.value ? isoDay(event.value) : null))}
        dateFormat="yy-mm-dd"
        showIcon
        showButtonBar
        placeholder={t('caseList.filter.from')}
        ariaLabel={`${legend}: ${t('caseList.filter.from')}`}
      />
      <Calendar
        value={dayOf(range.before)}
        onChange={(event) => onChange({ ...range, before: event.value ? isoDay(event.value) : null })}
        disabled={after === null}
        {...(after ? { minDate: after } : {})}
        dateFormat="yy-mm-dd"
        showIcon
        showButtonBar
        placeholder={t('caseList.filter.to')}
        ariaLabel={`${legend}: ${t('caseList.filter.to')}`}
      />
    </fieldset>
  );
}
