import { listSettings } from '../../../components/list/list-settings.ts';

/** Every column either view of the tests may show (cases-and-plans §3 "Tests table", "Tests tree"). */
export const TEST_COLUMNS = ['id', 'name', 'plan_path', 'suite_path', 'estimate', 'labels', 'last_status', 'assignee_username', 'started_at', 'created_at'] as const;
export type TestColumn = (typeof TEST_COLUMNS)[number];

/** The tests list's view and hidden columns, remembered in this browser. */
export const useTestListSetting = listSettings('test-list', TEST_COLUMNS).useSetting;
