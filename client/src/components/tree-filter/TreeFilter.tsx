import { Button } from 'primereact/button';
import { InputSwitch } from 'primereact/inputswitch';
import type { TreeNode } from 'primereact/treenode';
import { TreeSelect, type TreeSelectExpandedKeysType, type TreeSelectSelectionKeysType } from 'primereact/treeselect';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './tree-filter.css';

/** cases-and-plans §9 "Tree filter": height 300, at most 6 tags. */
const PANEL_HEIGHT = '300px';
const MOST_TAGS = 6;

interface TreeFilterProps {
  inputId: string;
  /** The tree, each node keyed by its object's id as a string. */
  nodes: readonly TreeNode[];
  placeholder: string;
  /** The checked ids. */
  value: readonly number[];
  onChange(ids: number[]): void;
}

/**
 * The tree filter dropdown (cases-and-plans "Tree filter dropdown"): a checkable
 * tree with a search, Select all, Reset, Show full tree, the selected count, and
 * at most six tags in the field.
 */
export function TreeFilter({ inputId, nodes, placeholder, value, onChange }: TreeFilterProps) {
  const { t } = useTranslation();
  const [fullTree, setFullTree] = useState(false);
  const [expandedKeys, setExpandedKeys] = useState<TreeSelectExpandedKeysType>({});
  const selection = useMemo(() => selectionKeysOf(nodes, new Set(value.map(String))), [nodes, value]);
  // PrimeReact's tree filters again only when its nodes or its search change: fresh nodes make a flip of the switch apply to the search
  // already typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a flip of the switch must hand the tree fresh nodes
  const options = useMemo(() => [...nodes], [nodes, fullTree]);
  const showFullTree = (on: boolean) => {
    setFullTree(on);
    setExpandedKeys(
      on
        ? Object.fromEntries(
            everyNode(nodes)
              .filter(hasChildren)
              .map((node) => [String(node.key), true]),
          )
        : {},
    );
  };
  const switchId = `${inputId}-full-tree`;
  const tools = (
    <div className="tree-filter__tools">
      <Button type="button" size="small" text label={t('treeFilter.selectAll')} onClick={() => onChange(everyNode(nodes).map(idOf))} />
      <Button type="button" size="small" text severity="secondary" label={t('treeFilter.reset')} onClick={() => onChange([])} />
      <span className="tree-filter__switch">
        <InputSwitch inputId={switchId} checked={fullTree} onChange={(event) => showFullTree(event.value)} />
        <label htmlFor={switchId}>{t('treeFilter.showFullTree')}</label>
      </span>
    </div>
  );
  return (
    <TreeSelect
      inputId={inputId}
      className="tree-filter"
      options={options}
      value={selection}
      onChange={(event) => onChange(checkedBranches(nodes, event.value as TreeSelectSelectionKeysType))}
      selectionMode="checkbox"
      display="chip"
      valueTemplate={(selected) => <SelectedTags nodes={selected as TreeNode[]} placeholder={placeholder} />}
      placeholder={placeholder}
      filter
      // Show full tree off: a search shows the matching nodes and the way to them; on: every branch opens and a search keeps each match's
      // whole branch.
      filterMode={fullTree ? 'lenient' : 'strict'}
      filterPlaceholder={t('common.search')}
      emptyMessage={t('treeFilter.empty')}
      expandedKeys={expandedKeys}
      onToggle={(event) => setExpandedKeys(event.value)}
      scrollHeight={PANEL_HEIGHT}
      panelHeaderTemplate={tools}
      panelFooterTemplate={<div className="tree-filter__count">{t('treeFilter.selected', { count: value.length })}</div>}
    />
  );
}

/** The first six checked nodes as tags, the rest as one "+n" tag naming them on hover. */
function SelectedTags({ nodes, placeholder }: { nodes: TreeNode[]; placeholder: string }) {
  const { t } = useTranslation();
  if (nodes.length === 0) return placeholder;
  const rest = nodes.slice(MOST_TAGS);
  return (
    <>
      {nodes.slice(0, MOST_TAGS).map((node) => (
        <Tag key={String(node.key)} label={String(node.label)} />
      ))}
      {rest.length > 0 && <Tag label={t('treeFilter.more', { count: rest.length })} title={rest.map((node) => node.label).join(', ')} />}
    </>
  );
}

/** A tag as PrimeReact draws its own chips, so the theme styles it. */
function Tag({ label, title }: { label: string; title?: string }) {
  return (
    <span className="p-treeselect-token" title={title}>
      <span className="p-treeselect-token-label">{label}</span>
    </span>
  );
}

const idOf = (node: TreeNode) => Number(node.key);
const hasChildren = (node: TreeNode) => (node.children?.length ?? 0) > 0;
const everyNode = (nodes: readonly TreeNode[]): TreeNode[] => nodes.flatMap((node) => [node, ...everyNode(node.children ?? [])]);

/** The checkbox tree's state for the checked keys: a node with something checked below it shows partly checked. */
function selectionKeysOf(nodes: readonly TreeNode[], checked: ReadonlySet<string>): TreeSelectSelectionKeysType {
  const keys: TreeSelectSelectionKeysType = {};
  const mark = (node: TreeNode): boolean => {
    const key = String(node.key);
    const below = (node.children ?? []).map(mark).some(Boolean);
    if (checked.has(key) || below) keys[key] = { checked: checked.has(key), partialChecked: !checked.has(key) };
    return checked.has(key) || below;
  };
  nodes.forEach(mark);
  return keys;
}

/**
 * The ids of the checked nodes and of everything below them: a search may hide a
 * node's children when it is checked, yet a checked node stands for its branch.
 */
function checkedBranches(nodes: readonly TreeNode[], selection: TreeSelectSelectionKeysType | null): number[] {
  const isChecked = (node: TreeNode) => {
    const state = selection?.[String(node.key)];
    return typeof state === 'object' && state.checked === true;
  };
  const collect = (node: TreeNode, inCheckedBranch: boolean): number[] => {
    const checked = inCheckedBranch || isChecked(node);
    return [...(checked ? [idOf(node)] : []), ...(node.children ?? []).flatMap((child) => collect(child, checked))];
  };
  return nodes.flatMap((node) => collect(node, false));
}
