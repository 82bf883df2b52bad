import { Card } from 'primereact/card';
import { InputSwitch } from 'primereact/inputswitch';
import { useTranslation } from 'react-i18next';
import { announceChange, changesOf, topics } from '../../app/changes.ts';
import { notifyRefusal } from '../../app/refusal.ts';
import { useLiveQuery } from '../../app/use-live-query.ts';
import { useSignedInUser } from '../../shell/use-signed-in-user.ts';
import { notificationApi, type NotificationSettingState } from './notification.ts';

/**
 * One switch per kind of notification, as the server says it stands: most are off until switched on (K10), the end of one's own background
 * jobs on until switched off.
 */
export function NotificationSettings() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const settings = useLiveQuery(user.id, (id) => changesOf(topics.notificationSettings(id)), notificationApi.settings).data;
  const toggle = (setting: NotificationSettingState, enabled: boolean) =>
    notificationApi.setEnabled(setting.action_code, enabled).subscribe({
      next: () => announceChange(topics.notificationSettings(user.id)),
      error: (error: unknown) => notifyRefusal(t, error),
    });
  return (
    <Card subTitle={t('notifications.settingsHint')} className="notification-settings">
      <ul className="notification-settings__list">
        {(settings ?? []).map((setting) => {
          const id = `notification-kind-${setting.action_code}`;
          return (
            <li key={setting.action_code} className="field-switch">
              <InputSwitch inputId={id} checked={setting.enabled} onChange={(event) => toggle(setting, event.value)} />
              <label htmlFor={id}>{t(`notifications.kinds.${setting.action_code}`, { defaultValue: setting.verbose_name })}</label>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
