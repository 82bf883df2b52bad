import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES, eventCatalog } from '@testament/contracts';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { MultiSelect } from 'primereact/multiselect';
import { useTranslation } from 'react-i18next';
import { useDebouncedText } from '../../../components/list/use-debounced-text.ts';
import { isoDay } from '../../../i18n/dates.ts';
import { SearchBox } from '../../../shared/tree/SearchBox.tsx';
import { auditEventName } from '../audit-summary.ts';
import { cleared, filtered, isFiltered, type AuditView } from '../audit-view.ts';
import { useActorOptions } from '../use-actor-options.ts';

/** Every event type the log holds. */
const EVENT_TYPES = Object.keys(eventCatalog);

const dateOf = (day: string | null) => (day ? new Date(`${day}T00:00`) : null);

interface ChoicesProps<T> {
  id: string;
  label: string;
  placeholder: string;
  value: readonly T[];
  options: Array<{ value: T; label: string }>;
  onChange(chosen: T[]): void;
  /** Typed text asks the server for options (users); otherwise `searchable` filters the options given. */
  onSearch?(text: string): void;
  searchable?: boolean;
}

/** One labelled multiple choice of the filters. */
function Choices<T>({ id, label, placeholder, value, options, onChange, onSearch, searchable = false }: ChoicesProps<T>) {
  return (
    <span className="audit__field">
      <label htmlFor={id}>{label}</label>
      <MultiSelect
        inputId={id}
        value={value}
        options={options}
        onChange={(event) => onChange(event.value as T[])}
        filter={searchable || onSearch !== undefined}
        {...(onSearch && { onFilter: (event: { filter: string }) => onSearch(event.filter) })}
        placeholder={placeholder}
        display="chip"
        showSelectAll={false}
      />
    </span>
  );
}

interface AuditFiltersProps {
  view: AuditView;
  onChange(view: AuditView): void;
}

/** Order, user, object kind, action, event type, dates, a search by object or user, and Clear. */
export function AuditFilters({ view, onChange }: AuditFiltersProps) {
  const { t, i18n } = useTranslation();
  const [search, type] = useDebouncedText(view.search, (text) => onChange(filtered(view, { search: text })));
  const actors = useActorOptions(view.actors);
  const orders = [
    { value: true, label: t('audit.newestFirst') },
    { value: false, label: t('audit.oldestFirst') },
  ];
  const objectTypes = AUDIT_OBJECT_TYPES.map((value) => ({ value, label: t(`audit.objectTypes.${value}`) }));
  const actions = AUDIT_ACTIONS.map((value) => ({ value, label: t(`audit.actions.${value}`) }));
  const eventTypes = EVENT_TYPES.map((value) => ({ value, label: auditEventName(t, value) })).sort((a, b) =>
    a.label.localeCompare(b.label, i18n.language),
  );
  const range = view.from ? [dateOf(view.from), dateOf(view.to)] : null;
  const pickRange = (picked: Array<Date | null> | null | undefined) => {
    const [start, end] = picked ?? [];
    onChange(filtered(view, { from: start ? isoDay(start) : null, to: start && end ? isoDay(end) : null }));
  };
  return (
    <fieldset className="audit__filters" aria-label={t('audit.filters')}>
      <span className="audit__field">
        <label htmlFor="audit-order">{t('audit.time')}</label>
        <Dropdown
          inputId="audit-order"
          value={view.newestFirst}
          options={orders}
          onChange={(event) => onChange(filtered(view, { newestFirst: event.value as boolean }))}
        />
      </span>
      <Choices
        id="audit-actor"
        label={t('audit.actor')}
        placeholder={t('audit.anyActor')}
        value={view.actors}
        options={actors.users.map((user) => ({ value: user.id, label: user.username }))}
        onChange={(actorIds) => onChange(filtered(view, { actors: actorIds }))}
        onSearch={actors.search}
      />
      <Choices
        id="audit-object-type"
        label={t('audit.objectType')}
        placeholder={t('audit.anyObjectType')}
        value={view.objectTypes}
        options={objectTypes}
        onChange={(objectTypes) => onChange(filtered(view, { objectTypes }))}
      />
      <Choices
        id="audit-action"
        label={t('audit.action')}
        placeholder={t('audit.anyAction')}
        value={view.actions}
        options={actions}
        onChange={(actions) => onChange(filtered(view, { actions }))}
      />
      <Choices
        id="audit-event-type"
        label={t('audit.eventType')}
        placeholder={t('audit.anyEventType')}
        value={view.eventTypes}
        options={eventTypes}
        onChange={(eventTypes) => onChange(filtered(view, { eventTypes }))}
        searchable
      />
      <span className="audit__field">
        <label htmlFor="audit-dates">{t('audit.dates')}</label>
        <Calendar
          inputId="audit-dates"
          value={range}
          onChange={(event) => pickRange(event.value)}
          selectionMode="range"
          readOnlyInput
          showIcon
          showButtonBar
          dateFormat="yy-mm-dd"
          placeholder={t('audit.anyDate')}
        />
      </span>
      <SearchBox className="audit__search" label={t('audit.search')} value={search} onType={type} />
      <Button
        type="button"
        label={t('audit.clear')}
        icon="pi pi-filter-slash"
        outlined
        disabled={!isFiltered(view)}
        onClick={() => onChange(cleared(view))}
      />
    </fieldset>
  );
}
