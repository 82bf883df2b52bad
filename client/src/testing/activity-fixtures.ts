import type { ActivityItem } from '@testament/contracts';

/** A record of the activity for tests: a result added to test 5 of plan 7 (under plan 1) by alice, then what a test gives. */
export function anActivityItem(id: number, at: string, given: Partial<ActivityItem> = {}): ActivityItem {
  return {
    id,
    status: 3,
    status_text: 'Passed',
    status_color: '#4caf50',
    username: 'alice',
    action: 'added',
    test_id: 5,
    test_name: 'Login works',
    action_timestamp: at,
    avatar_link: null,
    is_archive: false,
    breadcrumbs: { id: 7, title: 'Sprint', parent: { id: 1, title: 'Release', parent: null } },
    ...given,
  };
}
