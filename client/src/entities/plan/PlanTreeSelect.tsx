import type { TreeNode } from 'primereact/treenode';
import { TreeSelect } from 'primereact/treeselect';
import { useTranslation } from 'react-i18next';
import { changesOf, topics } from '../../app/changes.ts';
import { useLiveQuery } from '../../app/use-live-query.ts';
import { planApi, type PlanTreeNode } from './plan-api.ts';

/** Plans as tree nodes keyed by id; a plan and its subtree cannot be picked as a parent of itself (§5). */
export function planNodes(plans: readonly PlanTreeNode[], excludedId: number | null, underExcluded = false): TreeNode[] {
  return plans.map((plan) => {
    const excluded = underExcluded || plan.id === excludedId;
    return {
      key: String(plan.id),
      label: plan.title,
      selectable: !excluded,
      className: excluded ? 'plan-tree-select__excluded' : '',
      children: planNodes(plan.children, excludedId, excluded),
    };
  });
}

interface PlanTreeSelectProps {
  id: string;
  projectId: number;
  value: number | null;
  onChange(planId: number | null): void;
  placeholder: string;
  /** The plan being edited: neither it nor its subtree may become its parent. */
  excludedId?: number | null;
  invalid?: boolean;
}

/** A searchable pick of one of the project's plans, or none (a root plan). */
export function PlanTreeSelect({ id, projectId, value, onChange, placeholder, excludedId = null, invalid = false }: PlanTreeSelectProps) {
  const { t } = useTranslation();
  const tree = useLiveQuery(projectId, (project) => changesOf(topics.plans(project)), planApi.tree).data;
  return (
    <TreeSelect
      inputId={id}
      value={value === null ? null : String(value)}
      options={tree ? planNodes(tree, excludedId) : []}
      onChange={(event) => onChange(typeof event.value === 'string' ? Number(event.value) : null)}
      filter
      filterInputAutoFocus
      showClear
      placeholder={placeholder}
      emptyMessage={t('plans.tree.empty')}
      invalid={invalid}
      className="plan-tree-select"
    />
  );
}
