import { Button } from 'primereact/button';
import { SelectButton } from 'primereact/selectbutton';
import { useTranslation } from 'react-i18next';
import type { ListLayout } from './list-settings.ts';
import './list.css';

const LAYOUT_ICONS: Record<ListLayout, string> = { table: 'pi pi-list', tree: 'pi pi-sitemap' };

/** Table or tree (§2: a list switches between list and tree). */
export function LayoutSwitch({ value, onChange }: { value: ListLayout; onChange(layout: ListLayout): void }) {
  const { t } = useTranslation();
  const layouts = (['table', 'tree'] as const).map((layout) => ({ value: layout, label: t(`list.${layout}`) }));
  return (
    <SelectButton
      value={value}
      options={layouts}
      allowEmpty={false}
      onChange={(event) => onChange(event.value as ListLayout)}
      itemTemplate={(option: { value: ListLayout; label: string }) => (
        <i className={LAYOUT_ICONS[option.value]} title={option.label} role="img" aria-label={option.label} />
      )}
      aria-label={t('list.view')}
    />
  );
}

/** How many filters a query string holds, for the button's badge (the and/or switch is not one). */
export function activeFilterCount(query: string): number {
  return [...new URLSearchParams(query).keys()].filter((key) => key !== 'labels_condition').length;
}

/** Opens the filter drawer; a badge counts the filters that are on. */
export function FilterButton({ active, onClick }: { active: number; onClick(): void }) {
  const { t } = useTranslation();
  return (
    <Button
      label={t('list.filter.button')}
      icon="pi pi-filter"
      outlined
      onClick={onClick}
      {...(active > 0 ? { badge: String(active), badgeClassName: 'p-badge-info', 'aria-description': t('list.filter.active') } : {})}
    />
  );
}
