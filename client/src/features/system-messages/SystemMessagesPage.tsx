import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { announceChange, changesOf, topics } from '../../app/changes.ts';
import { confirmRemoval } from '../../app/confirm-removal.ts';
import { useItemForm } from '../../app/use-item-form.ts';
import { useLiveQuery } from '../../app/use-live-query.ts';
import { RowActions } from '../../components/RowActions.tsx';
import { CreateButton, SectionHeader } from '../../components/SectionHeader.tsx';
import { FlagCell } from '../../components/FlagCell.tsx';
import { SystemMessageDialog } from './SystemMessageDialog.tsx';
import { levelOf, systemMessageApi, type ManagedSystemMessage } from './system-message.ts';

/** /administration/system-messages: superusers manage the banners everyone sees (§2 System messages). */
export function SystemMessagesPage() {
  const { t } = useTranslation();
  const messages = useLiveQuery(null, () => changesOf(topics.systemMessages), systemMessageApi.all).data;
  const form = useItemForm<ManagedSystemMessage>();
  const remove = (message: ManagedSystemMessage) =>
    confirmRemoval(t, {
      header: t('systemMessages.deleteTitle'),
      message: t('systemMessages.deleteQuestion'),
      remove: () => systemMessageApi.remove(message.id),
      onRemoved: () => announceChange(topics.systemMessages),
      doneMessage: t('systemMessages.deleted'),
    });
  return (
    <section className="catalogue">
      <SectionHeader title={t('systemMessages.title')} hint={t('systemMessages.hint')}>
        <CreateButton label={t('systemMessages.create')} onClick={form.openNew} />
      </SectionHeader>
      <DataTable
        value={messages ?? []}
        loading={messages === null}
        dataKey="id"
        emptyMessage={t('systemMessages.empty')}
        pt={{ table: { 'aria-label': t('systemMessages.title') } }}
      >
        <Column field="content" header={t('systemMessages.content')} className="system-messages__content" />
        <Column
          header={t('systemMessages.level')}
          body={(message: ManagedSystemMessage) => (
            <Tag value={t(`systemMessages.levels.${levelOf(message.level).key}`)} severity={levelOf(message.level).tag} />
          )}
        />
        <Column
          header={t('systemMessages.closable')}
          body={(message: ManagedSystemMessage) => <FlagCell value={message.is_closing} label={t('systemMessages.closable')} />}
        />
        <Column
          header={t('systemMessages.active')}
          body={(message: ManagedSystemMessage) => <FlagCell value={message.is_active} label={t('systemMessages.active')} />}
        />
        <Column
          className="catalogue__actions"
          body={(message: ManagedSystemMessage) => (
            <RowActions name={message.content.slice(0, 40)} onEdit={() => form.openEdit(message)} onDelete={() => remove(message)} />
          )}
        />
      </DataTable>
      {form.editing && <SystemMessageDialog message={form.editing === 'new' ? null : form.editing} onClose={form.close} />}
    </section>
  );
}
