import { readLocal, writeLocal } from '../../app/local-settings.ts';

export type DashboardView = 'cards' | 'table';

/** Cards or table, remembered in this browser; cards by default (§2 Dashboard). */
export function storedDashboardView(): DashboardView {
  return readLocal('dashboard-view') === 'table' ? 'table' : 'cards';
}

export function storeDashboardView(view: DashboardView): void {
  writeLocal('dashboard-view', view);
}

export const DASHBOARD_PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 250;
