import { useSubscription } from 'observable-hooks';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { backgroundStarted$ } from './bulk-update.ts';

/** "Async operation" (tests-and-results §8): a bulk change went to the background; its end is notified, and other bulk actions wait. */
export function AsyncOperationDialog() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useSubscription(backgroundStarted$, () => setVisible(true));
  const close = () => setVisible(false);
  return (
    <Dialog
      visible={visible}
      modal
      header={t('bulkJobs.async.title')}
      footer={<Button label={t('bulkJobs.async.ok')} onClick={close} autoFocus />}
      onHide={close}
      style={{ width: '478px' }}
      breakpoints={{ '640px': '95vw' }}
    >
      <p>{t('bulkJobs.async.message')}</p>
    </Dialog>
  );
}
