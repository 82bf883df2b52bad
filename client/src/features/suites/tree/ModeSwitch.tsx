import { SelectButton } from 'primereact/selectbutton';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { suitePaths } from '../suite-paths.ts';

/** Test Suites & Cases or Test Plans & Results (§2 Tree bar); suites is where this bar lives. */
export function ModeSwitch({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const options = [
    { value: 'suites', label: t('suites.tree.modes.suites') },
    { value: 'plans', label: t('suites.tree.modes.plans') },
  ];
  return (
    <SelectButton
      value="suites"
      options={options}
      allowEmpty={false}
      className="tree-bar__modes"
      onChange={(event) => {
        if (event.value === 'plans') void navigate(suitePaths.plans(projectId));
      }}
    />
  );
}
