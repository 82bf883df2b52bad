import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { announceChange, changesOf, topics } from '../../app/changes.ts';
import { notifyRefusal } from '../../app/refusal.ts';
import { notify } from '../../app/toasts.ts';
import { useLiveQuery } from '../../app/use-live-query.ts';
import { SectionHeader } from '../../components/SectionHeader.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { eventKey, webhookApi, type Webhook, type WebhookDelivery } from './webhook.ts';

const SEVERITY = { pending: 'warning', delivered: 'success', failed: 'danger' } as const;

/** The latest deliveries of a webhook with their latest answers, live; a delivered or given-up one can be sent again. */
export function DeliveriesTable({ webhook }: { webhook: Webhook }) {
  const { t, i18n } = useTranslation();
  const topic = topics.webhooks(webhook.project);
  const deliveries = useLiveQuery(webhook.id, () => changesOf(topic), webhookApi.deliveries).data;
  const at = (time: string | null) => (time === null ? '' : formatDateTime(time, i18n.language));
  const redeliver = (delivery: WebhookDelivery) =>
    webhookApi.redeliver(webhook.id, delivery.id).subscribe({
      next: () => {
        announceChange(topic);
        notify({ severity: 'success', summary: t('webhooks.redelivered') });
      },
      error: (error: unknown) => notifyRefusal(t, error),
    });
  return (
    <section className="webhook-deliveries">
      <SectionHeader title={t('webhooks.deliveries', { name: webhook.name })} />
      <DataTable
        value={deliveries?.results ?? []}
        loading={deliveries === null}
        dataKey="id"
        size="small"
        emptyMessage={t('webhooks.noDeliveries')}
        pt={{ table: { 'aria-label': t('webhooks.deliveries', { name: webhook.name }) } }}
      >
        <Column header={t('webhooks.eventName')} body={(delivery: WebhookDelivery) => t(`webhooks.event.${eventKey(delivery.event)}`)} />
        <Column header={t('webhooks.occurredAt')} body={(delivery: WebhookDelivery) => at(delivery.occurred_at)} />
        <Column
          header={t('webhooks.state')}
          body={(delivery: WebhookDelivery) => <Tag value={t(`webhooks.states.${delivery.state}`)} severity={SEVERITY[delivery.state]} />}
        />
        <Column header={t('webhooks.statusCode')} body={(delivery: WebhookDelivery) => delivery.status_code ?? '—'} />
        <Column field="attempts" header={t('webhooks.attempts')} />
        <Column
          header={t('webhooks.error')}
          body={(delivery: WebhookDelivery) => delivery.error ?? ''}
          className="webhook-deliveries__error"
        />
        <Column header={t('webhooks.nextAttempt')} body={(delivery: WebhookDelivery) => at(delivery.next_attempt_at)} />
        <Column
          header={t('webhooks.deliveryId')}
          body={(delivery: WebhookDelivery) => <code className="webhook-deliveries__id">{delivery.id}</code>}
        />
        <Column
          className="catalogue__actions"
          body={(delivery: WebhookDelivery) =>
            delivery.state !== 'pending' && (
              <Button
                icon="pi pi-replay"
                text
                rounded
                aria-label={t('webhooks.redeliver', { id: delivery.id })}
                onClick={() => redeliver(delivery)}
              />
            )
          }
        />
      </DataTable>
    </section>
  );
}
