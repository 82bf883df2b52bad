import { useObservableEagerState } from 'observable-hooks';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { EMPTY, type Observable } from 'rxjs';
import { useLiveQuery } from '../../app/use-live-query.ts';
import { hiddenMessages$, hideMessage, isHidden, levelOf, systemMessageApi, type SystemMessage } from './system-message.ts';

/**
 * The active system banners (§2 System messages), on the login page and above
 * every screen; `changes` keeps them current where the live channel is open.
 */
export function SystemBanners({ changes = () => EMPTY }: { changes?: () => Observable<unknown> }) {
  const { t } = useTranslation();
  const messages = useLiveQuery(null, changes, systemMessageApi.active).data ?? [];
  const hidden = useObservableEagerState(hiddenMessages$);
  const shown = messages.filter((message) => !isHidden(message, hidden));
  if (shown.length === 0) return null;
  return (
    <section className="system-banners" aria-label={t('systemMessages.banners')}>
      {shown.map((message: SystemMessage) => (
        <Message
          key={message.id}
          severity={levelOf(message.level).severity}
          className="system-banner"
          content={
            <div className="system-banner__content">
              <i className={`pi ${message.level === 0 ? 'pi-info-circle' : 'pi-exclamation-triangle'}`} aria-hidden />
              <span className="system-banner__text">{message.content}</span>
              {message.is_closing && (
                <Button
                  icon="pi pi-times"
                  text
                  rounded
                  size="small"
                  aria-label={t('systemMessages.hide')}
                  onClick={() => hideMessage(message)}
                />
              )}
            </div>
          }
        />
      ))}
    </section>
  );
}
