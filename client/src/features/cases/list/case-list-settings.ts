import { listSettings } from '../../../components/list/list-settings.ts';

/** Every column either view of the cases may show. */
export const CASE_COLUMNS = ['id', 'name', 'suite_path', 'labels', 'estimate', 'created_at'] as const;
export type CaseColumn = (typeof CASE_COLUMNS)[number];

/** The cases list's view and hidden columns, remembered in this browser. */
export const useCaseListSetting = listSettings('case-list', CASE_COLUMNS).useSetting;
