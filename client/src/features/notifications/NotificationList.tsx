import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { announceChange, changesOf, topics } from '../../app/changes.ts';
import { useAction } from '../../app/use-action.ts';
import { useLiveQuery } from '../../app/use-live-query.ts';
import { formatTimeAgo } from '../../i18n/dates.ts';
import { useSignedInUser } from '../../shell/use-signed-in-user.ts';
import { NotificationMessage } from './NotificationMessage.tsx';
import { NOTIFICATIONS_PAGE_SIZE, notificationApi, type Notification } from './notification.ts';

/** The user's notifications, ten a page, newest first; selected rows are marked read or unread together (§2 Notifications). */
export function NotificationList() {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Notification[]>([]);
  const list = useLiveQuery(
    { page, page_size: NOTIFICATIONS_PAGE_SIZE },
    () => changesOf(topics.notifications(user.id)),
    notificationApi.list,
  );
  const [mark, marking] = useAction(
    ({ ids, unread }: { ids: number[]; unread: boolean }) => notificationApi.mark(ids, unread),
    ({ state }) => {
      if (state !== 'done') return;
      setSelected([]);
      announceChange(topics.notifications(user.id));
    },
  );
  const busy = marking.state === 'running';
  const ids = selected.map((notification) => notification.id);

  return (
    <section className="notification-list">
      <div className="notification-list__toolbar">
        <span className="notification-list__selected">{t('notifications.selected', { count: selected.length })}</span>
        <Button
          label={t('notifications.markRead')}
          icon="pi pi-envelope"
          outlined
          size="small"
          disabled={ids.length === 0 || busy}
          onClick={() => mark({ ids, unread: false })}
        />
        <Button
          label={t('notifications.markUnread')}
          icon="pi pi-inbox"
          outlined
          size="small"
          disabled={ids.length === 0 || busy}
          onClick={() => mark({ ids, unread: true })}
        />
        <Button
          label={t('notifications.markAllRead')}
          icon="pi pi-check-square"
          text
          size="small"
          disabled={busy}
          onClick={() => mark({ ids: [], unread: false })}
        />
      </div>
      <DataTable
        value={list.data?.results ?? []}
        loading={list.data === null || list.stale}
        dataKey="id"
        lazy
        paginator
        rows={NOTIFICATIONS_PAGE_SIZE}
        first={((list.data?.pages.current ?? page) - 1) * NOTIFICATIONS_PAGE_SIZE}
        totalRecords={list.data?.count ?? 0}
        onPage={(event) => setPage((event.page ?? 0) + 1)}
        selectionMode="checkbox"
        selection={selected}
        onSelectionChange={(event) => setSelected(event.value as Notification[])}
        rowClassName={(notification: Notification) => (notification.unread ? 'notification--unread' : '')}
        emptyMessage={t('notifications.empty')}
        pt={{ table: { 'aria-label': t('notifications.title') } }}
      >
        <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} />
        <Column
          header={t('notifications.message')}
          body={(notification: Notification) => (
            <span className="notification">
              {notification.unread && <span className="notification__dot" role="img" aria-label={t('notifications.unread')} />}
              <NotificationMessage notification={notification} />
            </span>
          )}
        />
        <Column field="actor" header={t('notifications.actor')} />
        <Column
          header={t('notifications.when')}
          body={(notification: Notification) => (
            <span title={notification.timestamp}>{formatTimeAgo(notification.timestamp, i18n.language)}</span>
          )}
        />
      </DataTable>
    </section>
  );
}
