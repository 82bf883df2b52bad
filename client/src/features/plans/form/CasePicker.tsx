import { InputSwitch } from 'primereact/inputswitch';
import { Tag } from 'primereact/tag';
import { Tree } from 'primereact/tree';
import type { TreeNode } from 'primereact/treenode';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelsField } from '../../../components/list/FilterDrawer.tsx';
import { FieldError } from '../../../forms/FieldError.tsx';
import { labelApi } from '../../../entities/label/label.ts';
import { useCatalogueList } from '../../../entities/catalogue/use-catalogue.ts';
import { SearchBox } from '../../../shared/tree/SearchBox.tsx';
import { pickedAfter, selectionKeysOf, type CheckboxKeys } from './case-picker.ts';
import { useCaseSearch } from './use-case-search.ts';

interface CasePickerProps {
  projectId: number;
  /** The picked case ids. */
  value: number[];
  onChange(caseIds: number[]): void;
  error: { message?: string | undefined } | undefined;
}

/**
 * The plan's cases (§2 Plan form): the project's suites with their cases, searched, filtered by labels
 * (and/or), with or without archived cases. Checks outside what a search shows are kept; the suites'
 * own checks only stand for their cases.
 */
export function CasePicker({ projectId, value, onChange, error }: CasePickerProps) {
  const { t } = useTranslation();
  const picked = useMemo(() => new Set(value), [value]);
  const tree = useCaseSearch(projectId, picked);
  const projectLabels = useCatalogueList(projectId, labelApi);
  return (
    <fieldset className="case-picker">
      <legend className="field__label">{t('plans.picker.title')}</legend>
      <div className="case-picker__tools">
        <SearchBox className="case-picker__search" label={t('plans.picker.search')} value={tree.text} onType={tree.onType} />
        <span className="field-switch">
          <InputSwitch inputId="case-picker-archived" checked={tree.archived} onChange={(event) => tree.setArchived(event.value)} />
          <label htmlFor="case-picker-archived">{t('plans.picker.showArchived')}</label>
        </span>
        <span className="case-picker__count" aria-live="polite">
          {t('plans.picker.selected', { count: value.length })}
        </span>
      </div>
      <LabelsField labels={projectLabels} filter={tree.labels} onChange={tree.setLabels} />
      <FieldError error={error} />
      <Tree
        value={tree.nodes}
        selectionMode="checkbox"
        selectionKeys={selectionKeysOf(tree.nodes, picked)}
        onSelectionChange={(event) => onChange(pickedAfter(value, tree.nodes, event.value as CheckboxKeys | null))}
        expandedKeys={tree.expanded}
        onToggle={(event) => tree.setExpanded(event.value)}
        loading={tree.loading}
        nodeTemplate={(node) => <PickerNode node={node} />}
        emptyMessage={t(tree.filtering ? 'suites.tree.noMatches' : 'plans.picker.empty')}
        ariaLabel={t('plans.picker.title')}
        className="case-picker__tree"
      />
    </fieldset>
  );
}

/** A suite by its name; a case by its name, with its archive tag. */
function PickerNode({ node }: { node: TreeNode }) {
  const { t } = useTranslation();
  const archived = (node.data as { archived?: boolean } | undefined)?.archived === true;
  return (
    <span className="case-picker__node">
      {!node.leaf && <i className="pi pi-folder" aria-hidden />}
      <span>{node.label}</span>
      {archived && <Tag value={t('plans.picker.archived')} severity="warning" />}
    </span>
  );
}
