import { useState } from 'react';
import { readLocal, writeLocal } from '../../../app/local-settings.ts';
import { CASE_COLUMNS, type CaseColumn } from './ColumnsToggle.tsx';

export type CasesLayout = 'table' | 'tree';

/** What this browser remembers of the cases list (§3 "Local settings"): the view, and the columns each view hides. */
export interface CaseListSettings {
  layout: CasesLayout;
  hiddenInTable: CaseColumn[];
  hiddenInTree: CaseColumn[];
}

const KEY = 'case-list';

/** Stored columns that are still columns; anything else was written by another version, or by hand. */
const columnsIn = (stored: unknown): CaseColumn[] => (Array.isArray(stored) ? CASE_COLUMNS.filter((column) => stored.includes(column)) : []);

export function readCaseListSettings(): CaseListSettings {
  try {
    const stored = JSON.parse(readLocal(KEY) ?? '{}') as Partial<Record<keyof CaseListSettings, unknown>>;
    return { layout: stored.layout === 'tree' ? 'tree' : 'table', hiddenInTable: columnsIn(stored.hiddenInTable), hiddenInTree: columnsIn(stored.hiddenInTree) };
  } catch {
    return { layout: 'table', hiddenInTable: [], hiddenInTree: [] }; // Unreadable settings fall back to the defaults.
  }
}

/** One of the settings as state that outlives the page: each change is written at once, beside the other settings as stored now. */
export function useCaseListSetting<K extends keyof CaseListSettings>(key: K): [CaseListSettings[K], (value: CaseListSettings[K]) => void] {
  const [value, setValue] = useState(() => readCaseListSettings()[key]);
  const change = (next: CaseListSettings[K]) => {
    setValue(next);
    writeLocal(KEY, JSON.stringify({ ...readCaseListSettings(), [key]: next }));
  };
  return [value, change];
}
