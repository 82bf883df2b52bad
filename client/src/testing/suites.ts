import type { Suite } from '@testament/contracts';

/** A suite as the server lists one: a root suite of project 1 with no children or cases, but what a test gives. */
export function aSuite(id: number, name: string, given: Partial<Suite> = {}): Suite {
  return {
    id,
    name,
    description: '',
    parent: null,
    project: 1,
    url: `http://testament.test/api/v2/suites/${id}/`,
    suite_path: name,
    attributes: {},
    descendant_count: 0,
    cases_count: 0,
    total_cases_count: 0,
    estimates: null,
    total_estimates: null,
    has_children: false,
    created_at: '2026-01-02T10:00:00Z',
    ...given,
  };
}
