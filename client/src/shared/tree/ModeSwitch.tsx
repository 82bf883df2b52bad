import { SelectButton } from 'primereact/selectbutton';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { suitePaths } from './suite-paths.ts';
import type { TreeMode } from './tree-kind.ts';

const ROOTS: Record<TreeMode, (projectId: number) => string> = { suites: suitePaths.root, plans: suitePaths.plans };

/** Test Suites & Cases or Test Plans & Results (§2 Tree bar): the choice is the path, each mode's root. */
export function ModeSwitch({ projectId, mode }: { projectId: number; mode: TreeMode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const options = [
    { value: 'suites', label: t('suites.tree.modes.suites') },
    { value: 'plans', label: t('suites.tree.modes.plans') },
  ];
  return (
    <SelectButton
      value={mode}
      options={options}
      allowEmpty={false}
      className="tree-bar__modes"
      onChange={(event) => {
        const chosen = event.value as TreeMode;
        if (chosen !== mode) void navigate(ROOTS[chosen](projectId));
      }}
    />
  );
}
