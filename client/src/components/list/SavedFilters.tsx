import { useObservableState } from 'observable-hooks';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/toasts.ts';
import { session } from '../../app/services.ts';
import { isBlankName, savedFilterState, savedFiltersOf, savedFiltersPatch, type SavedFilterArea } from './saved-filters.ts';
import './list.css';

interface SavedFiltersProps {
  projectId: number;
  /** Which list's filters these are. */
  area: SavedFilterArea;
  /** A saved query string as the current one would read (saved strings compare as filters). */
  normalize(query: string): string;
  /** The current filter's query string. */
  current: string;
  /** The saved filter the user picked, if any. */
  picked: string | null;
  onPick(name: string | null): void;
  /** Puts a saved query string in place of the current filter. */
  onLoad(query: string): void;
}

/** Named filters kept in the user config (§3 "Saved filters", §4 filter states). */
export function SavedFilters({ projectId, area, normalize, current, picked, onPick, onLoad }: SavedFiltersProps) {
  const { t } = useTranslation();
  const config = useObservableState(session.config$, session.config$.value);
  const saved = savedFiltersOf(config, area, projectId);
  const { selected, unsaved } = savedFilterState(saved, picked, current, normalize);
  const [naming, setNaming] = useState<'new' | 'rename' | null>(null);
  // A filter found equal to a saved one counts as picked from then on, so leaving it shows as unsaved changes.
  useEffect(() => {
    if (picked === null && selected !== null) onPick(selected);
  }, [picked, selected, onPick]);

  const store = (changes: Record<string, string | null>, message: 'created' | 'updated' | 'deleted') => {
    session.changeConfig(savedFiltersPatch(area, projectId, changes));
    notify({ severity: 'success', summary: t(`list.saved.${message}`) });
  };
  const choose = (name: string) => {
    onPick(name);
    onLoad(saved[name]!);
  };
  const named = (name: string) => {
    if (naming === 'rename' && selected !== null) store({ [selected]: null, [name]: saved[selected]! }, 'updated');
    else store({ [name]: current }, 'created');
    onPick(name);
    setNaming(null);
  };
  const remove = (name: string) => {
    store({ [name]: null }, 'deleted');
    onPick(null);
  };

  return (
    <section className="saved-filters" aria-label={t('list.saved.title')}>
      <div className="saved-filters__choice">
        <Dropdown
          value={selected}
          options={Object.keys(saved).sort()}
          onChange={(event) => choose(event.value as string)}
          placeholder={t('list.saved.choose')}
          aria-label={t('list.saved.title')}
          emptyMessage={t('list.saved.none')}
        />
        {unsaved && <Tag value={t('list.saved.unsaved')} severity="warning" />}
      </div>
      <div className="saved-filters__actions">
        {selected !== null && (
          <>
            <Button
              type="button"
              label={t('list.saved.save')}
              icon="pi pi-save"
              size="small"
              disabled={!unsaved}
              onClick={() => store({ [selected]: current }, 'updated')}
            />
            <Button
              type="button"
              label={t('list.saved.reset')}
              icon="pi pi-undo"
              size="small"
              outlined
              disabled={!unsaved}
              onClick={() => onLoad(saved[selected]!)}
            />
            <Button
              type="button"
              label={t('list.saved.rename')}
              icon="pi pi-pencil"
              size="small"
              outlined
              onClick={() => setNaming('rename')}
            />
            <Button
              type="button"
              label={t('list.saved.delete')}
              icon="pi pi-trash"
              size="small"
              outlined
              severity="danger"
              onClick={() => remove(selected)}
            />
          </>
        )}
        <Button type="button" label={t('list.saved.saveAsNew')} icon="pi pi-plus" size="small" outlined onClick={() => setNaming('new')} />
      </div>
      {naming && (
        <FilterNameForm initial={naming === 'rename' ? (selected ?? '') : ''} onConfirm={named} onCancel={() => setNaming(null)} />
      )}
    </section>
  );
}

/** The name for a new or renamed filter; a blank one is refused with the spec's message (§5). */
function FilterNameForm({ initial, onConfirm, onCancel }: { initial: string; onConfirm(name: string): void; onCancel(): void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [blank, setBlank] = useState(false);
  const confirm = () => (isBlankName(name) ? setBlank(true) : onConfirm(name.trim()));
  return (
    <div className="saved-filters__name field">
      <label htmlFor="saved-filter-name">{t('list.saved.name')}</label>
      <span className="saved-filters__name-row">
        <InputText
          id="saved-filter-name"
          value={name}
          autoFocus
          invalid={blank}
          aria-describedby={blank ? 'saved-filter-name-error' : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setBlank(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') confirm();
          }}
        />
        <Button type="button" icon="pi pi-check" aria-label={t('list.saved.confirm')} onClick={confirm} />
        <Button type="button" icon="pi pi-times" aria-label={t('common.cancel')} text severity="secondary" onClick={onCancel} />
      </span>
      {blank && (
        <small id="saved-filter-name-error" className="p-error field__error" role="alert">
          {t('list.saved.emptyName')}
        </small>
      )}
    </div>
  );
}
