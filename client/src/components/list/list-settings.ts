import { useState } from 'react';
import { readLocal, writeLocal, type LocalSetting } from '../../app/local-settings.ts';

export type ListLayout = 'table' | 'tree';

/** What this browser remembers of a list (§3 "Local settings"): the view, and the columns each view hides. */
export interface ListSettings<C extends string> {
  layout: ListLayout;
  hiddenInTable: C[];
  hiddenInTree: C[];
}

/** One list's settings, stored under `key`, for a list of these columns. */
export function listSettings<C extends string>(key: LocalSetting, columns: readonly C[]) {
  /** Stored columns that are still columns; anything else was written by another version, or by hand. */
  const columnsIn = (stored: unknown): C[] => (Array.isArray(stored) ? columns.filter((column) => stored.includes(column)) : []);

  function read(): ListSettings<C> {
    try {
      const stored = JSON.parse(readLocal(key) ?? '{}') as Partial<Record<keyof ListSettings<C>, unknown>>;
      return {
        layout: stored.layout === 'tree' ? 'tree' : 'table',
        hiddenInTable: columnsIn(stored.hiddenInTable),
        hiddenInTree: columnsIn(stored.hiddenInTree),
      };
    } catch {
      return { layout: 'table', hiddenInTable: [], hiddenInTree: [] }; // Unreadable settings fall back to the defaults.
    }
  }

  /** One of the settings as state that outlives the page: each change is written at once, beside the other settings as stored now. */
  // biome-ignore lint/correctness/noComponentHookFactories: listSettings runs once per list, at module level: one useSetting each
  function useSetting<K extends keyof ListSettings<C>>(name: K): [ListSettings<C>[K], (value: ListSettings<C>[K]) => void] {
    const [value, setValue] = useState(() => read()[name]);
    const change = (next: ListSettings<C>[K]) => {
      setValue(next);
      writeLocal(key, JSON.stringify({ ...read(), [name]: next }));
    };
    return [value, change];
  }

  return { read, useSetting };
}
