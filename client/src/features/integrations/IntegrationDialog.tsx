import { zodResolver } from '@hookform/resolvers/zod';
import { integrationCreateBody } from '@testament/contracts';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { SwitchField } from '../../forms/SwitchField.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useActionForm } from '../../forms/use-form-action.ts';
import { catalogueSaved } from '../../entities/catalogue/use-catalogue.ts';
import { INTEGRATION_PAGES, integrationApi, type Integration } from './integration.ts';
import { PLACEHOLDERS } from './placeholders.ts';

const { shape } = integrationCreateBody;
const schema = z.object({
  name: shape.name,
  description: z.string(),
  service_url: shape.service_url,
  page_type: z.string(),
  is_new_tab: z.boolean(),
});
const FIELDS = ['name', 'description', 'service_url', 'page_type', 'is_new_tab'] as const;

/** Create or edit an integration: a named link to an outside service, offered on one kind of page (§3.16). */
export function IntegrationDialog({
  projectId,
  integration,
  onClose,
}: {
  projectId: number;
  integration: Integration | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { control, errors, submitProps } = useActionForm({
    resolver: zodResolver(schema),
    defaultValues: {
      name: integration?.name ?? '',
      description: integration?.description ?? '',
      service_url: integration?.service_url ?? '',
      page_type: integration?.page_type ?? 'testplan',
      is_new_tab: integration?.is_new_tab ?? true,
    },
    fields: FIELDS,
    run: (values: z.output<typeof schema>) =>
      integration ? integrationApi.update(integration.id, values) : integrationApi.create({ ...values, project: projectId }),
    onDone: () => {
      catalogueSaved(t, 'integration', projectId, !integration);
      onClose();
    },
  });
  // One made through the API for another kind of page keeps it; the form names it by its model.
  const pages: string[] = [...INTEGRATION_PAGES];
  if (integration && !pages.includes(integration.page_type)) pages.push(integration.page_type);
  const pageOptions = pages.map((page) => ({ value: page, label: t(`catalogue.integration.pages.${page}`, { defaultValue: page }) }));
  return (
    <FormDialog
      formId="integration-form"
      header={t(integration ? 'catalogue.integration.editTitle' : 'catalogue.integration.createTitle')}
      editing={integration !== null}
      {...submitProps}
      onClose={onClose}
    >
      <TextField
        control={control}
        name="name"
        id="integration-name"
        label={t('catalogue.integration.name')}
        error={errors.name}
        autoFocus
      />
      <TextField
        control={control}
        name="service_url"
        id="integration-url"
        label={t('catalogue.integration.serviceUrl')}
        placeholder={t('catalogue.integration.serviceUrlHint', PLACEHOLDERS)}
        error={errors.service_url}
      />
      <FormField id="integration-page" label={t('catalogue.integration.pageType')} error={errors.page_type}>
        <Controller
          name="page_type"
          control={control}
          render={({ field }) => (
            <Dropdown
              inputId="integration-page"
              value={field.value}
              options={pageOptions}
              onChange={(event) => field.onChange(event.value as string)}
            />
          )}
        />
      </FormField>
      <FormField id="integration-description" label={t('catalogue.integration.description')} error={errors.description}>
        <Controller
          name="description"
          control={control}
          render={({ field }) => <InputTextarea id="integration-description" rows={3} autoResize {...field} />}
        />
      </FormField>
      <SwitchField control={control} name="is_new_tab" id="integration-new-tab" label={t('catalogue.integration.newTab')} />
    </FormDialog>
  );
}
