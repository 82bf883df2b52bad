import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { OverlayPanel } from 'primereact/overlaypanel';
import { SelectButton } from 'primereact/selectbutton';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SORT_FIELDS, orderingOf, sortOf, type SortField } from './tree-bar-settings.ts';

/** The sort field and direction of the tree, as one `ordering` (§2 Tree bar). */
export function SortPopover({ ordering, onChange }: { ordering: string; onChange(ordering: string): void }) {
  const { t } = useTranslation();
  const panel = useRef<OverlayPanel>(null);
  const sort = sortOf(ordering);
  const fields = SORT_FIELDS.map((field) => ({ value: field, label: t(`suites.tree.sortFields.${field}`) }));
  const directions = [
    { value: false, label: t('suites.tree.ascending') },
    { value: true, label: t('suites.tree.descending') },
  ];
  return (
    <>
      <Button type="button" icon="pi pi-sort-alt" text rounded severity="secondary" aria-label={t('suites.tree.sort')} onClick={(event) => panel.current?.toggle(event)} />
      <OverlayPanel ref={panel} className="tree-sort">
        <div className="field">
          <label htmlFor="tree-sort-field">{t('suites.tree.sortField')}</label>
          <Dropdown inputId="tree-sort-field" value={sort.field} options={fields} onChange={(event) => onChange(orderingOf({ ...sort, field: event.value as SortField }))} />
        </div>
        <SelectButton
          value={sort.descending}
          options={directions}
          allowEmpty={false}
          aria-label={t('suites.tree.sort')}
          onChange={(event) => onChange(orderingOf({ ...sort, descending: event.value as boolean }))}
        />
      </OverlayPanel>
    </>
  );
}
