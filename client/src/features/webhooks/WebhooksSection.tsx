import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { announceChange, changesOf, topics } from '../../app/changes.ts';
import { confirmRemoval } from '../../app/confirm-removal.ts';
import { notifyRefusal } from '../../app/refusal.ts';
import { notify } from '../../app/toasts.ts';
import { useLiveQuery } from '../../app/use-live-query.ts';
import { CreateButton, SectionHeader } from '../../components/SectionHeader.tsx';
import { DeliveriesTable } from './DeliveriesTable.tsx';
import { SecretDialog } from './SecretDialog.tsx';
import { WebhookDialog } from './WebhookDialog.tsx';
import { eventKey, webhookApi, type Webhook, type WebhookWithSecret } from './webhook.ts';
import './webhooks.css';

const hasSecret = (webhook: Webhook | WebhookWithSecret): webhook is WebhookWithSecret => 'secret' in webhook;

/**
 * A project's outgoing webhooks (docs/webhooks.md), in its settings for those who manage it: the list, a dialog to add
 * or change one, its secret shown once when made or renewed, a test ping, and the chosen webhook's deliveries.
 */
export function WebhooksSection({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const topic = topics.webhooks(projectId);
  const webhooks = useLiveQuery(projectId, () => changesOf(topic), webhookApi.list).data;
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [secretShown, setSecretShown] = useState<WebhookWithSecret | null>(null);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const chosen = webhooks?.find((webhook) => webhook.id === chosenId) ?? webhooks?.[0] ?? null;

  const saved = (webhook: Webhook | WebhookWithSecret) => {
    const isNew = editing === 'new';
    setEditing(null);
    announceChange(topic);
    notify({ severity: 'success', summary: t(isNew ? 'webhooks.created' : 'webhooks.saved') });
    if (hasSecret(webhook)) setSecretShown(webhook);
    setChosenId(webhook.id);
  };
  const remove = (webhook: Webhook) =>
    confirmRemoval(t, {
      header: t('webhooks.deleteTitle'),
      message: t('webhooks.deleteQuestion', { name: webhook.name }),
      remove: () => webhookApi.destroy(webhook.id),
      onRemoved: () => announceChange(topic),
      doneMessage: t('webhooks.deleted'),
    });
  const rotate = (webhook: Webhook) =>
    confirmDialog({
      header: t('webhooks.rotateTitle'),
      message: t('webhooks.rotateQuestion', { name: webhook.name }),
      icon: 'pi pi-key',
      acceptLabel: t('webhooks.rotateAccept'),
      rejectLabel: t('common.cancel'),
      defaultFocus: 'reject',
      accept: () =>
        webhookApi.rotateSecret(webhook.id).subscribe({ next: setSecretShown, error: (error: unknown) => notifyRefusal(t, error) }),
    });
  const ping = (webhook: Webhook) =>
    webhookApi.ping(webhook.id).subscribe({
      next: () => {
        setChosenId(webhook.id);
        announceChange(topic);
        notify({ severity: 'success', summary: t('webhooks.pinged') });
      },
      error: (error: unknown) => notifyRefusal(t, error),
    });
  const action = (icon: string, label: string, onClick: () => void, severity?: 'danger') => (
    <Button
      icon={icon}
      text
      rounded
      severity={severity}
      aria-label={label}
      tooltip={label}
      tooltipOptions={{ position: 'top' }}
      onClick={onClick}
    />
  );

  return (
    <section className="webhooks">
      <SectionHeader title={t('webhooks.title')} hint={t('webhooks.hint')}>
        <CreateButton label={t('webhooks.create')} onClick={() => setEditing('new')} />
      </SectionHeader>
      <DataTable
        value={webhooks ?? []}
        loading={webhooks === null}
        dataKey="id"
        emptyMessage={t('webhooks.empty')}
        selectionMode="single"
        selection={chosen}
        onSelectionChange={(event) => setChosenId((event.value as Webhook | null)?.id ?? null)}
        pt={{ table: { 'aria-label': t('webhooks.title') } }}
      >
        <Column field="name" header={t('webhooks.name')} />
        <Column field="url" header={t('webhooks.url')} className="catalogue__url" />
        <Column
          header={t('webhooks.events')}
          body={(webhook: Webhook) => webhook.events.map((event) => t(`webhooks.event.${eventKey(event)}`)).join(', ')}
        />
        <Column
          header={t('webhooks.active')}
          body={(webhook: Webhook) => (
            <Tag value={t(webhook.is_active ? 'webhooks.on' : 'webhooks.off')} severity={webhook.is_active ? 'success' : 'secondary'} />
          )}
        />
        <Column
          className="catalogue__actions webhooks__actions"
          body={(webhook: Webhook) => (
            <>
              {action('pi pi-list', t('webhooks.showDeliveries', { name: webhook.name }), () => setChosenId(webhook.id))}
              {webhook.is_active && action('pi pi-send', t('webhooks.ping', { name: webhook.name }), () => ping(webhook))}
              {action('pi pi-key', t('webhooks.rotate', { name: webhook.name }), () => rotate(webhook))}
              {action('pi pi-pencil', t('webhooks.edit', { name: webhook.name }), () => setEditing(webhook))}
              {action('pi pi-trash', t('webhooks.delete', { name: webhook.name }), () => remove(webhook), 'danger')}
            </>
          )}
        />
      </DataTable>
      {chosen && <DeliveriesTable webhook={chosen} />}
      {editing && (
        <WebhookDialog
          projectId={projectId}
          webhook={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={saved}
        />
      )}
      {secretShown && <SecretDialog webhook={secretShown} onClose={() => setSecretShown(null)} />}
    </section>
  );
}
