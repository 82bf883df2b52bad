import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputSwitch } from 'primereact/inputswitch';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { seededName } from '../../i18n/seeded-names.ts';
import { useOutletContext } from 'react-router';
import type { Project } from '../../entities/project/project.ts';
import { CreateButton, SectionHeader } from '../../components/SectionHeader.tsx';
import { ColorDot } from '../../shared/color/ColorField.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { useItemForm } from '../../app/use-item-form.ts';
import { useCatalogueDelete, useCatalogueList } from '../../entities/catalogue/use-catalogue.ts';
import { StatusDialog } from './StatusDialog.tsx';
import { isSystemStatus, moved, statusApi, type Status } from '../../entities/status/status.ts';
import { useDefaultStatus } from './use-default-status.ts';
import './statuses.css';
import { useStatusOrder } from './use-status-order.ts';

/**
 * /projects/{id}/statuses: the seeded system statuses and the project's own,
 * in the project's order (§2 Statuses, §4.3).
 */
export function StatusesTab() {
  const { t } = useTranslation();
  const project = useOutletContext<Project>();
  const statuses = useCatalogueList(project.id, statusApi);
  const order = useStatusOrder(project.id, statuses);
  const defaultStatus = useDefaultStatus(project);
  const form = useItemForm<Status>();
  const remove = useCatalogueDelete('status', project.id, statusApi, (status) => status.name);

  // Drag and drop has no keyboard; these buttons move a status a place up or down.
  const reorderCell = (status: Status, { rowIndex }: { rowIndex: number }) => (
    <span className="status-order">
      {([-1, 1] as const).map((delta) => (
        <Button
          key={delta}
          icon={delta < 0 ? 'pi pi-arrow-up' : 'pi pi-arrow-down'}
          text
          rounded
          size="small"
          severity="secondary"
          aria-label={t(delta < 0 ? 'catalogue.status.moveUp' : 'catalogue.status.moveDown', { name: status.name })}
          disabled={rowIndex + delta < 0 || rowIndex + delta >= order.shown.length}
          onClick={() => order.arrange(moved(order.shown, rowIndex, delta))}
        />
      ))}
    </span>
  );

  return (
    <section className="catalogue">
      <SectionHeader title={t('catalogue.status.title')} hint={t('catalogue.status.hint')}>
        <Button
          label={t('catalogue.status.saveOrder')}
          icon="pi pi-sort-alt"
          outlined
          disabled={!order.pending}
          loading={order.saving}
          onClick={order.save}
        />
        <CreateButton label={t('catalogue.status.create')} onClick={form.openNew} />
      </SectionHeader>
      <DataTable
        value={order.shown}
        loading={statuses === null}
        dataKey="id"
        // Cells read the project's default and the arranged order, which are not in the row: no memoised cells.
        cellMemo={false}
        reorderableRows
        onRowReorder={(event) => order.arrange((event.value as Status[]).map((status) => status.id))}
        rowClassName={() => (order.pending ? 'is-pending' : '')}
        emptyMessage={t('catalogue.status.empty')}
        pt={{ table: { 'aria-label': t('catalogue.status.title') } }}
      >
        <Column rowReorder className="status-table__handle" />
        <Column body={reorderCell} className="status-table__move" />
        <Column
          header={t('catalogue.status.name')}
          body={(status: Status) => (
            <span className="catalogue__name">
              <ColorDot color={status.color} />
              {seededName(t, 'status', status.name)}
            </span>
          )}
        />
        <Column
          header={t('catalogue.status.type')}
          body={(status: Status) => (
            <Tag
              value={t(isSystemStatus(status) ? 'catalogue.status.system' : 'catalogue.status.custom')}
              severity={isSystemStatus(status) ? 'secondary' : 'info'}
            />
          )}
        />
        <Column
          header={t('catalogue.status.default')}
          body={(status: Status) => (
            <InputSwitch
              checked={project.settings.default_status === status.id}
              disabled={defaultStatus.saving}
              aria-label={t('catalogue.status.makeDefault', { name: status.name })}
              onChange={(event) => defaultStatus.choose({ status, isDefault: event.value })}
            />
          )}
        />
        <Column
          className="catalogue__actions"
          body={(status: Status) =>
            isSystemStatus(status) ? null : (
              <RowActions name={status.name} onEdit={() => form.openEdit(status)} onDelete={() => remove(status)} />
            )
          }
        />
      </DataTable>
      {form.editing && <StatusDialog projectId={project.id} status={form.editing === 'new' ? null : form.editing} onClose={form.close} />}
    </section>
  );
}
