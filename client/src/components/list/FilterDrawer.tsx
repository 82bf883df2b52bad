import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { Sidebar } from 'primereact/sidebar';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isoDay } from '../../i18n/dates.ts';
import {
  conditionApplies,
  labelState,
  withNextLabelState,
  withRangeStart,
  type DateRange,
  type LabelFilter,
  type LabelsCondition,
} from './filter-values.ts';
import { useDebouncedText } from './use-debounced-text.ts';
import './list.css';

interface FilterDrawerProps<F extends { showArchived: boolean }> {
  /** Its own class beside the shared one. */
  className: string;
  /** The saved filters, above the fields. */
  saved: ReactNode;
  filter: F;
  onChange(filter: F): void;
  /** What Clear leaves. */
  empty: F;
  onHide(): void;
  /** The list's own fields, between the saved filters and the archive switch. */
  children: ReactNode;
}

/** A list's filter drawer (§2 "Filter drawers"): saved filters, the fields, Show archived and Clear; every change applies at once. */
export function FilterDrawer<F extends { showArchived: boolean }>({
  className,
  saved,
  filter,
  onChange,
  empty,
  onHide,
  children,
}: FilterDrawerProps<F>) {
  const { t } = useTranslation();
  const archivedId = useId();
  return (
    <Sidebar visible position="right" onHide={onHide} header={t('list.filter.title')} className={`filter-drawer ${className}`}>
      {saved}
      <div className="form">
        {children}
        <span className="field-switch">
          <InputSwitch
            inputId={archivedId}
            checked={filter.showArchived}
            onChange={(event) => onChange({ ...filter, showArchived: event.value })}
          />
          <label htmlFor={archivedId}>{t('list.filter.showArchived')}</label>
        </span>
        <Button type="button" label={t('list.filter.clear')} icon="pi pi-filter-slash" outlined onClick={() => onChange(empty)} />
      </div>
    </Sidebar>
  );
}

/** Name or ID: the list asks again once typing pauses, not for every key. */
export function SearchField({ value, onChange }: { value: string; onChange(search: string): void }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, type] = useDebouncedText(value, onChange);
  return (
    <div className="field">
      <label htmlFor={id}>{t('list.filter.nameOrId')}</label>
      <InputText id={id} value={text} onChange={(event) => type(event.target.value)} />
    </div>
  );
}

const STATE_LOOK = {
  included: { icon: 'pi pi-check', severity: 'success' },
  excluded: { icon: 'pi pi-ban', severity: 'danger' },
  unset: { icon: 'pi pi-tag', severity: 'secondary' },
} as const;

interface LabelsFieldProps<F extends LabelFilter> {
  /** The project's labels; null while they load. */
  labels: ReadonlyArray<{ id: number; name: string }> | null;
  filter: F;
  onChange(filter: F): void;
}

/** Each label steps through included, excluded and unset; and/or needs two labels (§5). */
export function LabelsField<F extends LabelFilter>({ labels, filter, onChange }: LabelsFieldProps<F>) {
  const { t } = useTranslation();
  const conditions = (['and', 'or'] as const).map((value) => ({ value, label: t(`list.filter.${value}`) }));
  return (
    <fieldset className="field filter-drawer__labels">
      <legend>{t('list.filter.labels')}</legend>
      <small>{labels?.length === 0 ? t('list.filter.noLabels') : t('list.filter.labelHint')}</small>
      <span className="filter-drawer__label-list">
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
              aria-label={t(`list.filter.${state}`, { name: label.name })}
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
        aria-label={t('list.filter.condition')}
      />
    </fieldset>
  );
}

/** A Calendar's day as the filter keeps it, at local midnight. */
const dayOf = (value: string | null) => (value ? new Date(`${value}T00:00:00`) : null);

/** The upper date waits for the lower one, cannot go below it, and goes when it goes (§5 date filters). */
export function DateRangeField({ legend, range, onChange }: { legend: string; range: DateRange; onChange(range: DateRange): void }) {
  const { t } = useTranslation();
  const after = dayOf(range.after);
  return (
    <fieldset className="field filter-drawer__range">
      <legend>{legend}</legend>
      <Calendar
        value={after}
        onChange={(event) => onChange(withRangeStart(range, event.value ? isoDay(event.value) : null))}
        dateFormat="yy-mm-dd"
        showIcon
        showButtonBar
        placeholder={t('list.filter.from')}
        ariaLabel={`${legend}: ${t('list.filter.from')}`}
      />
      <Calendar
        value={dayOf(range.before)}
        onChange={(event) => onChange({ ...range, before: event.value ? isoDay(event.value) : null })}
        disabled={after === null}
        {...(after ? { minDate: after } : {})}
        dateFormat="yy-mm-dd"
        showIcon
        showButtonBar
        placeholder={t('list.filter.to')}
        ariaLabel={`${legend}: ${t('list.filter.to')}`}
      />
    </fieldset>
  );
}
