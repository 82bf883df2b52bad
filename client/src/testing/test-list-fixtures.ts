import type { Test, UnionPlan, UnionTest } from '../features/tests/list/test-list-api.ts';

/** A test as the server lists it, for the list's component tests. */
export function aTest(id: number, name: string, given: Partial<Test> = {}): Test {
  return {
    id,
    project: 1,
    case: id + 100,
    plan: 7,
    suite: 5,
    name,
    last_status: null,
    last_status_name: null,
    last_status_color: null,
    assignee: null,
    assignee_username: null,
    avatar_link: '',
    is_archive: false,
    created_at: '2026-01-02T10:00:00Z',
    updated_at: '2026-01-02T10:00:00Z',
    url: `http://testament.test/api/v2/tests/${id}/`,
    labels: [],
    suite_path: 'Login',
    test_suite_description: '',
    estimate: null,
    plan_path: 'Release',
    ...given,
  };
}

/** A test as a tree level lists it. */
export function aTreeTest(id: number, name: string): UnionTest {
  const { url: _url, plan_path: _path, ...listed } = aTest(id, name);
  return { ...listed, is_leaf: true };
}

/** A child plan as a tree level lists it, with how many matching tests it holds. */
export function aTreePlan(id: number, title: string, parent: { id: number; name: string } | null, tests: number): UnionPlan {
  return {
    id,
    name: title,
    title,
    description: '',
    parent,
    parameters: [],
    started_at: '2026-01-01T00:00:00Z',
    due_date: '2026-01-31T00:00:00Z',
    finished_at: null,
    created_at: '2026-01-01T00:00:00Z',
    is_archive: false,
    project: 1,
    has_children: tests > 0,
    attributes: {},
    is_leaf: false,
    estimate: tests > 0 ? '1h' : null,
    union_count: tests,
  };
}
