import { AutoComplete } from 'primereact/autocomplete';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogueList } from '../../project-catalogue/use-catalogue.ts';
import { labelApi } from '../../labels/label.ts';
import type { LabelChoice } from './case-form.ts';
import { chosenLabels, labelSuggestions, type LabelSuggestion } from './labels.ts';
import './labels-chooser.css';

/** The case's labels: type to find a project label, or make a new one by name (§5 Label chooser). */
export function LabelsChooser({ projectId, id, value, onChange }: { projectId: number; id: string; value: LabelChoice[]; onChange(labels: LabelChoice[]): void }) {
  const { t } = useTranslation();
  const projectLabels = useCatalogueList(projectId, labelApi) ?? [];
  const [suggestions, setSuggestions] = useState<LabelSuggestion[]>([]);
  return (
    <AutoComplete
      inputId={id}
      multiple
      field="name"
      value={value}
      suggestions={suggestions}
      completeMethod={(event) => setSuggestions(labelSuggestions(event.query, projectLabels, value))}
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
