import { zodResolver } from '@hookform/resolvers/zod';
import { systemMessageCreateBody } from '@testament/contracts';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { announceChange, topics } from '../../app/changes.ts';
import { notify } from '../../app/toasts.ts';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { SwitchField } from '../../forms/SwitchField.tsx';
import { useActionForm } from '../../forms/use-form-action.ts';
import { LEVELS, systemMessageApi, type ManagedSystemMessage, type SystemMessageBody } from './system-message.ts';

const schema = z.object({
  content: systemMessageCreateBody.shape.content,
  level: z.number(),
  is_closing: z.boolean(),
  is_active: z.boolean(),
});
const FIELDS = ['content', 'level', 'is_closing', 'is_active'] as const;

/** A superuser writes a banner: its text, its level, whether users may close it, whether it shows. */
export function SystemMessageDialog({ message, onClose }: { message: ManagedSystemMessage | null; onClose(): void }) {
  const { t } = useTranslation();
  const { control, errors, submitProps } = useActionForm({
    resolver: zodResolver(schema),
    defaultValues: {
      content: message?.content ?? '',
      level: message?.level ?? 0,
      is_closing: message?.is_closing ?? true,
      is_active: message?.is_active ?? true,
    },
    fields: FIELDS,
    run: (body: SystemMessageBody) => (message ? systemMessageApi.update(message.id, body) : systemMessageApi.create(body)),
    onDone: () => {
      announceChange(topics.systemMessages);
      notify({ severity: 'success', summary: t(message ? 'systemMessages.updated' : 'systemMessages.created') });
      onClose();
    },
  });
  const levels = LEVELS.map(({ value, key }) => ({ value, label: t(`systemMessages.levels.${key}`) }));
  return (
    <FormDialog
      formId="system-message-form"
      header={t(message ? 'systemMessages.editTitle' : 'systemMessages.createTitle')}
      editing={message !== null}
      {...submitProps}
      onClose={onClose}
    >
      <FormField id="system-message-content" label={t('systemMessages.content')} error={errors.content}>
        <Controller
          name="content"
          control={control}
          render={({ field }) => <InputTextarea id="system-message-content" rows={4} autoResize invalid={!!errors.content} {...field} />}
        />
      </FormField>
      <FormField id="system-message-level" label={t('systemMessages.level')} error={errors.level}>
        <Controller
          name="level"
          control={control}
          render={({ field }) => (
            <Dropdown
              inputId="system-message-level"
              value={field.value}
              options={levels}
              onChange={(event) => field.onChange(event.value as number)}
            />
          )}
        />
      </FormField>
      <SwitchField control={control} name="is_closing" id="system-message-closing" label={t('systemMessages.closable')} />
      <SwitchField control={control} name="is_active" id="system-message-active" label={t('systemMessages.active')} />
    </FormDialog>
  );
}
