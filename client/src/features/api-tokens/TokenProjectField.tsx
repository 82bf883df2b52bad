import { Dropdown } from 'primereact/dropdown';
import { useObservableCallback, useObservableState } from 'observable-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { map, startWith, switchMap } from 'rxjs';
import { projectApi } from '../../entities/project/project-api.ts';
import type { Project } from '../../entities/project/project.ts';
import { FormField } from '../../forms/FormField.tsx';

const SUGGESTIONS = 50;

interface TokenProjectFieldProps {
  value: number | null;
  onChange(projectId: number | null): void;
  error: { message?: string | undefined } | undefined;
}

/** The one project a token may be kept to, found by name among those the user sees; none: every project. */
export function TokenProjectField({ value, onChange, error }: TokenProjectFieldProps) {
  const { t } = useTranslation();
  // The latest typed name's projects only, as the server finds them: a user may see thousands.
  const [search, options$] = useObservableCallback<Project[], string>((name$) =>
    name$.pipe(
      startWith(''),
      switchMap((name) =>
        projectApi
          .list({ name, onlyFavorites: false, showArchived: false, page: 1, pageSize: SUGGESTIONS })
          .pipe(map((page) => page.results)),
      ),
    ),
  );
  const options = useObservableState(options$, []);
  // A chosen project stays among the options while another name is typed, so the field keeps showing it.
  const [chosen, setChosen] = useState<Project | null>(null);
  const shown = chosen && !options.some((option) => option.id === chosen.id) ? [chosen, ...options] : options;
  return (
    <FormField id="token-project" label={t('tokens.project')} error={error}>
      <Dropdown
        inputId="token-project"
        value={value}
        options={shown}
        optionLabel="name"
        optionValue="id"
        filter
        onFilter={(event) => search(event.filter)}
        showClear
        placeholder={t('tokens.everyProject')}
        emptyFilterMessage={t('tokens.noProject')}
        onChange={(event) => {
          const id = (event.value as number | undefined) ?? null;
          setChosen(shown.find((option) => option.id === id) ?? null);
          onChange(id);
        }}
      />
    </FormField>
  );
}
