import { Checkbox } from 'primereact/checkbox';
import { useTranslation } from 'react-i18next';
import { ALL_TICKED, NOTHING_TICKED, type TreeSelection } from './tree-selection.ts';

/** A tree's "Select all" box (cases-and-plans §4): ticked while select-all has no exclusions; either way it starts over. */
export function TreeSelectAll({
  id,
  selection,
  onChange,
}: {
  id: string;
  selection: TreeSelection;
  onChange(selection: TreeSelection): void;
}) {
  const { t } = useTranslation();
  return (
    <span className="list-view__select-all">
      <Checkbox
        inputId={id}
        checked={selection.all && selection.excluded.length === 0}
        onChange={(event) => onChange(event.checked ? ALL_TICKED : NOTHING_TICKED)}
      />
      <label htmlFor={id}>{t('list.selectAll')}</label>
    </span>
  );
}
