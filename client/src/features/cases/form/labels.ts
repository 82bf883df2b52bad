import type { LabelChoice } from './case-form.ts';

/**
 * A suggestion of the labels chooser: a project label, one already on the case, or a name no label has yet (§5); the chosen ones carry no
 * state.
 */
export interface LabelSuggestion extends LabelChoice {
  state?: 'existing' | 'added' | 'new';
}

const same = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/** What the typed text matches, case-insensitively, and 'New label' when no label has exactly that name. */
export function labelSuggestions(query: string, projectLabels: readonly LabelChoice[], chosen: readonly LabelChoice[]): LabelSuggestion[] {
  const typed = query.trim();
  const matches: LabelSuggestion[] = projectLabels
    .filter((label) => label.name.toLocaleLowerCase().includes(typed.toLocaleLowerCase()))
    .map((label) => ({
      id: label.id,
      name: label.name,
      state: chosen.some((taken) => same(taken.name, label.name)) ? 'added' : 'existing',
    }));
  const known = [...projectLabels, ...chosen].some((label) => same(label.name, typed));
  return typed !== '' && !known ? [{ name: typed, state: 'new' }, ...matches] : matches;
}

/** The chooser's new value: each name once, suggestions already on the case ignored. */
export function chosenLabels(picked: readonly LabelSuggestion[]): LabelChoice[] {
  const result: LabelChoice[] = [];
  for (const label of picked) {
    if (label.state === 'added') continue;
    if (result.some((taken) => same(taken.name, label.name))) continue;
    result.push(label.id === undefined ? { name: label.name } : { id: label.id, name: label.name });
  }
  return result;
}
