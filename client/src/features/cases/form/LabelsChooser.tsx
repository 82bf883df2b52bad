import { AutoComplete } from 'primereact/autocomplete';
import { Tag } from 'primereact/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogueList } from '../../../entities/catalogue/use-catalogue.ts';
import { labelApi } from '../../../entities/label/label.ts';
import type { LabelChoice } from './case-form.ts';
import { chosenLabels, labelSuggestions, type LabelSuggestion } from './labels.ts';
import './labels-chooser.css';

const NO_LABELS: never[] = [];

/** The case's labels: type to find a project label, or make a new one by name (§5 Label chooser). */
export function LabelsChooser({
  projectId,
  id,
  value,
  onChange,
}: {
  projectId: number;
  id: string;
  value: LabelChoice[];
  onChange(labels: LabelChoice[]): void;
}) {
  const { t } = useTranslation();
  const projectLabels = useCatalogueList(projectId, labelApi) ?? NO_LABELS;
  // The typed text is kept and the suggestions follow the labels, so text typed before they arrive still finds them.
  // Each search is a new object: the list changes even for the same text, which is what opens the panel.
  const [search, setSearch] = useState<{ text: string } | null>(null);
  const suggestions = useMemo(
    () => (search === null ? [] : labelSuggestions(search.text, projectLabels, value)),
    [search, projectLabels, value],
  );
  return (
    <AutoComplete
      inputId={id}
      multiple
      field="name"
      value={value}
      suggestions={suggestions}
      completeMethod={(event) => setSearch({ text: event.query })}
      onChange={(event) => onChange(chosenLabels(event.value))}
      itemTemplate={(item: LabelSuggestion) => (
        <span className={`label-suggestion is-${item.state}`}>
          {item.name}
          {item.state === 'new' && <Tag value={t('caseForm.labels.new')} severity="success" />}
          {item.state === 'added' && <Tag value={t('caseForm.labels.added')} severity="secondary" />}
        </span>
      )}
      emptyMessage={t('caseForm.labels.noMatches')}
      showEmptyMessage
      className="labels-chooser"
    />
  );
}
