import { TreeSelect } from 'primereact/treeselect';
import { useTranslation } from 'react-i18next';
import { useSuiteNodes } from '../../entities/suite/suite-nodes.ts';

interface SuiteTreeSelectProps {
  id: string;
  projectId: number;
  value: number | null;
  onChange(suiteId: number | null): void;
  placeholder: string;
  invalid?: boolean;
}

/** A searchable pick of one of the project's suites, or none (the project's root). */
export function SuiteTreeSelect({ id, projectId, value, onChange, placeholder, invalid }: SuiteTreeSelectProps) {
  const { t } = useTranslation();
  const options = useSuiteNodes(projectId);
  return (
    <TreeSelect
      inputId={id}
      value={value === null ? null : String(value)}
      options={options ?? []}
      onChange={(event) => onChange(typeof event.value === 'string' ? Number(event.value) : null)}
      filter
      filterInputAutoFocus
      showClear
      placeholder={placeholder}
      emptyMessage={t('suites.tree.empty')}
      invalid={invalid ?? false}
      className="suite-tree-select"
    />
  );
}
