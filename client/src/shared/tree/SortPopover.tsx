import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { OverlayPanel } from 'primereact/overlaypanel';
import { SelectButton } from 'primereact/selectbutton';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { orderingOf, sortOf } from './tree-bar-settings.ts';
import type { TreeItem, TreeKind } from './tree-kind.ts';

interface SortPopoverProps {
  kind: TreeKind<TreeItem>;
  ordering: string;
  onChange(ordering: string): void;
  /** Show Archived, for a tree that offers it (§2: plans). */
  archived: boolean;
  onArchivedChange(archived: boolean): void;
}

/** The filter and sort popover (§2 Tree bar): the sort field and direction as one `ordering`, and Show Archived for plans. */
export function SortPopover({ kind, ordering, onChange, archived, onArchivedChange }: SortPopoverProps) {
  const { t } = useTranslation();
  const panel = useRef<OverlayPanel>(null);
  const sort = sortOf(ordering, kind.sortFields);
  const fields = kind.sortFields.map((field) => ({ value: field, label: t(`${kind.texts.sortFields}.${field}`) }));
  const directions = [
    { value: false, label: t('suites.tree.ascending') },
    { value: true, label: t('suites.tree.descending') },
  ];
  return (
    <>
      <Button
        type="button"
        icon="pi pi-sort-alt"
        text
        rounded
        severity="secondary"
        aria-label={t('suites.tree.sort')}
        onClick={(event) => panel.current?.toggle(event)}
      />
      <OverlayPanel ref={panel} className="tree-sort">
        <div className="field">
          <label htmlFor="tree-sort-field">{t('suites.tree.sortField')}</label>
          <Dropdown
            inputId="tree-sort-field"
            value={sort.field}
            options={fields}
            onChange={(event) => onChange(orderingOf({ ...sort, field: event.value as string }))}
          />
        </div>
        <SelectButton
          value={sort.descending}
          options={directions}
          allowEmpty={false}
          aria-label={t('suites.tree.sort')}
          onChange={(event) => onChange(orderingOf({ ...sort, descending: event.value as boolean }))}
        />
        {kind.archivable && (
          <span className="field-switch">
            <InputSwitch inputId="tree-show-archived" checked={archived} onChange={(event) => onArchivedChange(event.value)} />
            <label htmlFor="tree-show-archived">{t('suites.tree.showArchived')}</label>
          </span>
        )}
      </OverlayPanel>
    </>
  );
}
