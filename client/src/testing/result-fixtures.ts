import type { CaseDetail, CustomAttribute, Project, Result, Status, Test } from '@testament/contracts';
import { aTest as aListedTest } from './test-list-fixtures.ts';

/** Objects as the server answers them, for the component tests of the test drawer, the result forms and the case drawer. */
export const STATUSES: Status[] = [
  { id: 1, url: 'http://testament.test/api/v2/statuses/1/', name: 'Failed', color: '#ff0000', type: 0, project: null },
  { id: 2, url: 'http://testament.test/api/v2/statuses/2/', name: 'Passed', color: '#00ff00', type: 0, project: null },
  { id: 3, url: 'http://testament.test/api/v2/statuses/3/', name: 'Skipped', color: '#cccccc', type: 0, project: null },
];

export function aProject(given: Partial<Project> = {}, settings: Partial<Project['settings']> = {}): Project {
  return {
    id: 1,
    url: 'http://testament.test/api/v2/projects/1/',
    name: 'Web',
    description: '',
    is_archive: false,
    is_private: false,
    icon: '',
    settings: {
      is_result_editable: true,
      result_edit_limit: '1h',
      status_order: {},
      default_status: 2,
      import_statuses: { passed: 2, failed: 1, error: 4, skipped: 3 },
      ...settings,
    },
    is_manageable: true,
    is_visible: true,
    cases_count: 1,
    suites_count: 1,
    plans_count: 1,
    tests_count: 1,
    created_at: '2026-01-01T10:00:00Z',
    updated_at: '2026-01-01T10:00:00Z',
    ...given,
  };
}

/** The drawer's test: test 5 of case 7, in plan 3 (Release/Sprint 1), suite 4. */
export function aTest(given: Partial<Test> = {}): Test {
  return aListedTest(5, 'Sign in', {
    case: 7,
    plan: 3,
    suite: 4,
    created_at: '2026-01-01T10:00:00Z',
    updated_at: '2026-01-01T10:00:00Z',
    plan_path: 'Release/Sprint 1',
    ...given,
  });
}

/** The case of the test: two steps, at version 2. */
export function aCaseWithSteps(given: Partial<CaseDetail> = {}): CaseDetail {
  return {
    id: 7,
    name: 'Sign in',
    description: 'Signing in with a password',
    project: 1,
    suite: { id: 4, name: 'Login' },
    setup: '',
    scenario: '',
    expected: '',
    teardown: '',
    estimate: null,
    is_steps: true,
    is_archive: false,
    attributes: {},
    attachments: [],
    url: 'http://testament.test/api/v2/cases/7/',
    steps: [
      { id: 71, name: 'Open the login page', scenario: 'Go to /login', expected: '', sort_order: 1, attachments: [] },
      { id: 72, name: 'Type the password', scenario: 'Press Enter', expected: 'Signed in', sort_order: 2, attachments: [] },
    ],
    labels: [],
    versions: [2, 1],
    current_version: 2,
    source_archived: false,
    ...given,
  };
}

export function aResult(id: number, given: Partial<Result> = {}): Result {
  return {
    id,
    project: 1,
    test: 5,
    status: 1,
    status_text: 'Failed',
    status_color: '#ff0000',
    user: 1,
    user_full_name: 'admin',
    avatar_link: '',
    comment: 'It broke',
    is_archive: false,
    test_case_version: 2,
    created_at: '2026-01-02T10:00:00Z',
    updated_at: '2026-01-02T10:00:00Z',
    url: `http://testament.test/api/v2/results/${id}/`,
    execution_time: null,
    attachments: [],
    attributes: {},
    steps_results: [
      { id: 901, step: 71, name: 'Open the login page', status: 2, status_text: 'Passed', status_color: '#00ff00', sort_order: 1 },
      { id: 902, step: 72, name: 'Type the password', status: 1, status_text: 'Failed', status_color: '#ff0000', sort_order: 2 },
    ],
    ...given,
  };
}

/** A result attribute: every suite unless `suites`, any status unless `statuses`. */
export function aResultAttribute(
  id: number,
  name: string,
  required: boolean,
  statuses: number[] = [],
  suites: number[] = [],
): CustomAttribute {
  return {
    id,
    url: `http://testament.test/api/v2/custom-attributes/${id}/`,
    project: 1,
    name,
    type: 0,
    is_deleted: false,
    applied_to: { testresult: { is_required: required, is_active: true, suite_ids: suites, status_specific: statuses } },
  };
}

/** A page of a list as the server answers it. */
export function aPage<T>(results: T[], count = results.length) {
  return { links: { next: null, previous: null }, count, pages: { next: null, previous: null, current: 1, total: 1 }, results };
}
