import type { Status } from '@testament/contracts';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { MultiSelect } from 'primereact/multiselect';
import { useTranslation } from 'react-i18next';
import { useDebouncedText } from '../../../components/list/use-debounced-text.ts';
import { seededName } from '../../../i18n/seeded-names.ts';
import { ColorDot } from '../../../shared/color/ColorField.tsx';
import { SearchBox } from '../../../shared/tree/SearchBox.tsx';
import { ACTIVITY_ACTION_NAMES, cleared, filtered, isFiltered, type ActivityAction, type ActivityView } from '../activity-view.ts';

interface ActivityFiltersProps {
  view: ActivityView;
  /** The statuses the plan's history holds; null while they load. */
  statuses: readonly Status[] | null;
  onChange(view: ActivityView): void;
}

/** Time order, actions, statuses, a search by test or user, and Clear (cases-and-plans §2 "Plan activity page"). */
export function ActivityFilters({ view, statuses, onChange }: ActivityFiltersProps) {
  const { t } = useTranslation();
  const [search, type] = useDebouncedText(view.search, (text) => onChange(filtered(view, { search: text })));
  const orders = [
    { value: true, label: t('planActivity.newestFirst') },
    { value: false, label: t('planActivity.oldestFirst') },
  ];
  const actions = ACTIVITY_ACTION_NAMES.map((action) => ({ value: action, label: t(`planActivity.actions.${action}`) }));
  const statusOptions = (statuses ?? []).map((status) => ({
    value: status.id,
    label: seededName(t, 'status', status.name),
    color: status.color,
  }));
  return (
    <fieldset className="plan-activity__filters" aria-label={t('planActivity.filters')}>
      <span className="plan-activity__field">
        <label htmlFor="plan-activity-time">{t('planActivity.time')}</label>
        <Dropdown
          inputId="plan-activity-time"
          value={view.newestFirst}
          options={orders}
          onChange={(event) => onChange(filtered(view, { newestFirst: event.value as boolean }))}
        />
      </span>
      <span className="plan-activity__field">
        <label htmlFor="plan-activity-action">{t('planActivity.action')}</label>
        <MultiSelect
          inputId="plan-activity-action"
          value={view.actions}
          options={actions}
          onChange={(event) => onChange(filtered(view, { actions: event.value as ActivityAction[] }))}
          placeholder={t('planActivity.anyAction')}
          display="chip"
          showSelectAll={false}
        />
      </span>
      <span className="plan-activity__field">
        <label htmlFor="plan-activity-status">{t('planActivity.status')}</label>
        <MultiSelect
          inputId="plan-activity-status"
          value={view.statuses}
          options={statusOptions}
          onChange={(event) => onChange(filtered(view, { statuses: event.value as number[] }))}
          itemTemplate={(option: (typeof statusOptions)[number]) => (
            <span className="plan-activity__status-option">
              <ColorDot color={option.color} />
              {option.label}
            </span>
          )}
          placeholder={t('planActivity.anyStatus')}
          display="chip"
          showSelectAll={false}
          loading={statuses === null}
        />
      </span>
      <SearchBox className="plan-activity__search" label={t('planActivity.search')} value={search} onType={type} />
      <Button
        type="button"
        label={t('planActivity.clear')}
        icon="pi pi-filter-slash"
        outlined
        disabled={!isFiltered(view)}
        onClick={() => onChange(cleared(view))}
      />
    </fieldset>
  );
}
