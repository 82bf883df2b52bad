import { zodResolver } from '@hookform/resolvers/zod';
import { webhookCreateBody } from '@testament/contracts';
import { Checkbox } from 'primereact/checkbox';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { SwitchField } from '../../forms/SwitchField.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useActionForm } from '../../forms/use-form-action.ts';
import { eventKey, WEBHOOK_EVENTS, webhookApi, type Webhook, type WebhookEventName, type WebhookWithSecret } from './webhook.ts';

const { shape } = webhookCreateBody;
const schema = z.object({ name: shape.name, url: shape.url, events: shape.events, is_active: z.boolean() });
const FIELDS = ['name', 'url', 'events', 'is_active'] as const;

/** Create or edit a webhook: its name, address, events and whether it is on. A new one's answer carries its secret. */
export function WebhookDialog({
  projectId,
  webhook,
  onClose,
  onSaved,
}: {
  projectId: number;
  webhook: Webhook | null;
  onClose(): void;
  onSaved(saved: Webhook | WebhookWithSecret): void;
}) {
  const { t } = useTranslation();
  const { control, errors, submitProps } = useActionForm({
    resolver: zodResolver(schema),
    defaultValues: {
      name: webhook?.name ?? '',
      url: webhook?.url ?? '',
      events: webhook?.events ?? (['result.failed'] as WebhookEventName[]),
      is_active: webhook?.is_active ?? true,
    },
    fields: FIELDS,
    run: (values: z.output<typeof schema>) =>
      webhook ? webhookApi.update(webhook.id, values) : webhookApi.create({ ...values, project: projectId }),
    onDone: onSaved,
  });
  return (
    <FormDialog
      formId="webhook-form"
      header={t(webhook ? 'webhooks.editTitle' : 'webhooks.createTitle')}
      editing={webhook !== null}
      {...submitProps}
      onClose={onClose}
    >
      <TextField control={control} name="name" id="webhook-name" label={t('webhooks.name')} error={errors.name} autoFocus />
      <TextField
        control={control}
        name="url"
        id="webhook-url"
        label={t('webhooks.url')}
        placeholder="https://ci.example.com/testament"
        error={errors.url}
      />
      <small className="field__hint">{t('webhooks.urlHint')}</small>
      <FormField id="webhook-events" label={t('webhooks.events')} error={errors.events as never}>
        <Controller
          name="events"
          control={control}
          render={({ field }) => (
            <div id="webhook-events" className="webhook-events">
              {WEBHOOK_EVENTS.map((event) => {
                const id = `webhook-event-${eventKey(event)}`;
                const checked = (field.value as string[]).includes(event);
                return (
                  <div key={event} className="webhook-events__choice">
                    <Checkbox
                      inputId={id}
                      checked={checked}
                      onChange={() =>
                        field.onChange(checked ? field.value.filter((chosen: string) => chosen !== event) : [...field.value, event])
                      }
                    />
                    <label htmlFor={id}>
                      {t(`webhooks.event.${eventKey(event)}`)} <code>{event}</code>
                      <small className="field__hint">{t(`webhooks.eventHint.${eventKey(event)}`)}</small>
                    </label>
                  </div>
                );
              })}
            </div>
          )}
        />
      </FormField>
      <SwitchField control={control} name="is_active" id="webhook-active" label={t('webhooks.active')} />
    </FormDialog>
  );
}
