import { listSettings } from '../../../components/list/list-settings.ts';

/** Every column either view of the tests may show (cases-and-plans §3 "Tests table", "Tests tree"). */
export const TEST_COLUMNS = [
  'id',
  'name',
  'plan_path',
  'suite_path',
  'estimate',
  'labels',
  'last_status',
  'assignee_username',
  'started_at',
  'created_at',
] as const;
export type TestColumn = (typeof TEST_COLUMNS)[number];

/** The tests list's view and hidden columns, remembered in this browser. */
export const testListSettings = listSettings('test-list', TEST_COLUMNS);
export const useTestListSetting = testListSettings.useSetting;

/** The Add Result column's width, in pixels. */
export const ACTIONS_WIDTH = 130;

/** The default widths in pixels: the name takes what the others leave, 320 at least; paths and labels get room for a few words. */
export const TEST_COLUMN_WIDTHS: Record<TestColumn, number> = {
  id: 72,
  name: 320,
  plan_path: 170,
  suite_path: 190,
  estimate: 90,
  labels: 170,
  last_status: 120,
  assignee_username: 150,
  started_at: 180,
  created_at: 180,
};
