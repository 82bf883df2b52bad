import { Card } from 'primereact/card';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../entities/project/project.ts';

/** The Overview tab's settings summary (§2 Project page). */
export function SettingsSummary({ project }: { project: Project }) {
  const { t } = useTranslation();
  const rows: Array<[string, string]> = [
    [t('projectPage.settings.status'), t(project.is_archive ? 'projectPage.settings.archived' : 'projectPage.settings.active')],
    [t('projectPage.settings.type'), t(project.is_private ? 'projectPage.settings.private' : 'projectPage.settings.public')],
    [t('projectPage.settings.editableResults'), t(project.settings.is_result_editable ? 'common.yes' : 'common.no')],
    [t('projectPage.settings.resultEditTime'), project.settings.result_edit_limit ?? t('projectPage.settings.unlimited')],
  ];
  return (
    <Card title={t('projectPage.settings.title')} className="settings-summary">
      <dl>
        {rows.map(([label, value]) => (
          <div key={label} className="settings-summary__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
