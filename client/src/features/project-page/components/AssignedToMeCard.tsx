import { Card } from 'primereact/card';
import { useTranslation } from 'react-i18next';

/** "Assigned to me": the tests of the project's plans assigned to the reader; plans and tests bring its donut and tree. */
export function AssignedToMeCard() {
  const { t } = useTranslation();
  return (
    <Card title={t('projectPage.overview.assignedToMe')} className="overview-card overview-assigned">
      <p className="overview-card__empty">{t('projectPage.overview.nothingAssigned')}</p>
    </Card>
  );
}
