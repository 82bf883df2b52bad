import { listSettings } from '../../../components/list/list-settings.ts';

/** Every column either view of the cases may show. */
export const CASE_COLUMNS = ['id', 'name', 'suite_path', 'labels', 'estimate', 'created_at'] as const;
export type CaseColumn = (typeof CASE_COLUMNS)[number];

/** The cases list's view and hidden columns, remembered in this browser. */
export const useCaseListSetting = listSettings('case-list', CASE_COLUMNS).useSetting;

/** The default widths in pixels: the name takes what the others leave, 320 at least; the path and labels get room for a few words. */
export const CASE_COLUMN_WIDTHS: Record<CaseColumn, number> = {
  id: 72,
  name: 320,
  suite_path: 220,
  labels: 180,
  estimate: 90,
  created_at: 180,
};
