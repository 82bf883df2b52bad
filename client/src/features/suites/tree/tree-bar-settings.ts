import { readLocal, writeLocal } from '../../../app/local-settings.ts';

/** The tree bar's widths (§2 Tree bar, §9): 72 collapsed, 374 expanded, collapsing when dragged below 200. */
export const TREE_BAR = { collapsedWidth: 72, expandedWidth: 374, collapseBelow: 200 } as const;

export interface TreeBarLayout {
  collapsed: boolean;
  /** The width while expanded; kept while collapsed, to come back to. */
  width: number;
}

export const SORT_FIELDS = ['name', 'id', 'created_at', 'total_cases_count'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export interface TreeSort {
  field: SortField;
  descending: boolean;
}

/** What this browser remembers of the tree bar (§3 Local settings: tree settings). */
export interface TreeBarSettings extends TreeBarLayout {
  ordering: string;
  /** The expanded suites, per project. */
  opened: Record<string, number[]>;
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

export function sortOf(ordering: string): TreeSort {
  const descending = ordering.startsWith('-');
  const field = descending ? ordering.slice(1) : ordering;
  return { field: (SORT_FIELDS as readonly string[]).includes(field) ? (field as SortField) : 'name', descending };
}

/** Selecting the selected suite again deselects it: the tree goes back to the project's root (§2 Tree bar). */
export function selectionAfterClick(selectedId: number | null, clickedId: number): number | null {
  return selectedId === clickedId ? null : clickedId;
}

export function readTreeBarSettings(): TreeBarSettings {
  try {
    const stored = JSON.parse(readLocal('suite-tree') ?? '{}') as Partial<TreeBarSettings>;
    return { ...DEFAULTS, ...stored };
  } catch {
    return DEFAULTS; // Unreadable settings fall back to the defaults.
  }
}

export function writeTreeBarSettings(settings: TreeBarSettings): void {
  writeLocal('suite-tree', JSON.stringify(settings));
}
