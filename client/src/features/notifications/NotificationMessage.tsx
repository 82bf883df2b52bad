import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateServerMessage } from '../../i18n/server-messages.ts';
import { splitTemplate, type Notification } from './notification.ts';

/**
 * The message with its placeholder as a link to what it is about (§3.13); a bulk job's place, and why it stopped, are worded in the
 * reader's language too.
 */
export function NotificationMessage({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  const { template, placeholder_text, placeholder_link } = notification.message;
  const [before, after] = splitTemplate(translateServerMessage(t, template, undefined, true));
  return (
    <span className="notification-message">
      {before}
      {after !== null && (
        <>
          <Link to={placeholder_link}>{translateServerMessage(t, placeholder_text, 'notificationPlace')}</Link>
          {after}
        </>
      )}
    </span>
  );
}
