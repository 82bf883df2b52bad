import { readLocal, writeLocal, type LocalSetting } from '../../app/local-settings.ts';
import type { TreeMode } from './tree-kind.ts';

/** The tree bar's widths (§2 Tree bar, §9): 72 collapsed, 374 expanded, collapsing when dragged below 200. */
export const TREE_BAR = { collapsedWidth: 72, expandedWidth: 374, collapseBelow: 200 } as const;

export interface TreeBarLayout {
  collapsed: boolean;
  /** The width while expanded; kept while collapsed, to come back to. */
  width: number;
}

export interface TreeSort {
  field: string;
  descending: boolean;
}

/** What this browser remembers of the tree bar (§3 Local settings: tree settings). */
export interface TreeBarSettings extends TreeBarLayout {
  ordering: string;
  /** The expanded nodes, per project. */
  opened: Record<string, number[]>;
  /** Show Archived (§2: plans only). */
  showArchived?: boolean;
}

const DEFAULTS: TreeBarSettings = { collapsed: false, width: TREE_BAR.expandedWidth, ordering: 'name', opened: {} };

/** Where a drag of the bar's edge ends: below 200 the bar collapses and keeps its last expanded width. */
export function resizedTo(layout: TreeBarLayout, draggedWidth: number): TreeBarLayout {
  if (draggedWidth < TREE_BAR.collapseBelow) return { collapsed: true, width: layout.width };
  return { collapsed: false, width: Math.round(draggedWidth) };
}

/** The collapse/expand toggle: expanding comes back to the remembered width. */
export function toggled(layout: TreeBarLayout): TreeBarLayout {
  return { ...layout, collapsed: !layout.collapsed };
}

export function shownWidth(layout: TreeBarLayout): number {
  return layout.collapsed ? TREE_BAR.collapsedWidth : layout.width;
}

/** The sort as the API's `ordering`: a leading dash means descending (§9). */
export function orderingOf(sort: TreeSort): string {
  return `${sort.descending ? '-' : ''}${sort.field}`;
}

/** The sort an ordering names; a field the tree does not offer reads as the name. */
export function sortOf(ordering: string, fields: readonly string[]): TreeSort {
  const descending = ordering.startsWith('-');
  const field = descending ? ordering.slice(1) : ordering;
  return { field: fields.includes(field) ? field : 'name', descending };
}

/** Selecting the selected node again deselects it: the tree goes back to the project's root (§2 Tree bar). */
export function selectionAfterClick(selectedId: number | null, clickedId: number): number | null {
  return selectedId === clickedId ? null : clickedId;
}

/** Each tree keeps its own settings. */
const STORED: Record<TreeMode, LocalSetting> = { suites: 'suite-tree', plans: 'plan-tree' };

export function readTreeBarSettings(mode: TreeMode = 'suites'): TreeBarSettings {
  try {
    const stored = JSON.parse(readLocal(STORED[mode]) ?? '{}') as Partial<TreeBarSettings>;
    return { ...DEFAULTS, ...stored };
  } catch {
    return DEFAULTS; // Unreadable settings fall back to the defaults.
  }
}

export function writeTreeBarSettings(settings: TreeBarSettings, mode: TreeMode = 'suites'): void {
  writeLocal(STORED[mode], JSON.stringify(settings));
}
