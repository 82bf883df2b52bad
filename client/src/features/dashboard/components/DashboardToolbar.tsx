import { Button } from 'primereact/button';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { useTranslation } from 'react-i18next';
import type { DashboardView } from '../dashboard-view.ts';

interface DashboardToolbarProps {
  search: string;
  onSearch(text: string): void;
  onlyFavorites: boolean;
  onOnlyFavorites(value: boolean): void;
  showArchived: boolean;
  onShowArchived(value: boolean): void;
  view: DashboardView;
  onView(view: DashboardView): void;
  onCreate(): void;
}

const VIEW_ICONS: Record<DashboardView, string> = { cards: 'pi pi-th-large', table: 'pi pi-list' };

export function DashboardToolbar(props: DashboardToolbarProps) {
  const { t } = useTranslation();
  const views = (['cards', 'table'] as const).map((value) => ({ value, label: t(`dashboard.view.${value}`) }));
  return (
    <div className="dashboard-toolbar">
      <IconField iconPosition="left" className="dashboard-toolbar__search">
        <InputIcon className="pi pi-search" />
        <InputText
          type="search"
          value={props.search}
          onChange={(event) => props.onSearch(event.target.value)}
          placeholder={t('dashboard.search')}
          aria-label={t('dashboard.search')}
        />
      </IconField>
      <span className="field-switch">
        <InputSwitch inputId="only-favorites" checked={props.onlyFavorites} onChange={(event) => props.onOnlyFavorites(event.value)} />
        <label htmlFor="only-favorites">{t('dashboard.onlyFavorites')}</label>
      </span>
      <span className="field-switch">
        <InputSwitch inputId="show-archived" checked={props.showArchived} onChange={(event) => props.onShowArchived(event.value)} />
        <label htmlFor="show-archived">{t('dashboard.showArchived')}</label>
      </span>
      <span className="dashboard-toolbar__end">
        <SelectButton
          value={props.view}
          options={views}
          allowEmpty={false}
          onChange={(event) => props.onView(event.value as DashboardView)}
          itemTemplate={(option: { value: DashboardView; label: string }) => (
            <i className={VIEW_ICONS[option.value]} title={option.label} />
          )}
          aria-label={t('dashboard.view.label')}
        />
        <Button label={t('dashboard.create')} icon="pi pi-plus" onClick={props.onCreate} />
      </span>
    </div>
  );
}
