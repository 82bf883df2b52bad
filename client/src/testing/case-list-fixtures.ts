import type { Case } from '@testament/contracts';
import { aSuite } from './suites.ts';
import type { UnionItem } from '../features/cases/list/case-list-api.ts';

/** Rows as the server lists them, for the list's component tests. */
export function aCase(id: number, name: string, labels: string[] = []): Case {
  return {
    id,
    name,
    description: '',
    project: 1,
    suite: { id: 5, name: 'Login' },
    setup: '',
    scenario: 'Do it',
    expected: '',
    teardown: '',
    estimate: null,
    is_steps: false,
    is_archive: false,
    attributes: {},
    attachments: [],
    url: `http://testament.test/api/v2/cases/${id}/`,
    steps: [],
    labels: labels.map((label, index) => ({ id: index + 1, name: label, color: null })),
    versions: [1],
    current_version: 1,
    source_archived: false,
    created_at: '2026-01-02T10:00:00Z',
    suite_path: 'Login',
  };
}

/** A case as a tree level lists it, under its suite. */
export function aTreeCase(id: number, suite: { id: number; name: string }): UnionItem {
  return { ...aCase(id, `Case ${id}`), suite, suite_path: suite.name, is_leaf: true, parent: suite };
}

/** A suite as a tree level lists it, with how many matching cases it holds. */
export function aTreeSuite(id: number, name: string, parent: { id: number; name: string } | null, cases: number): UnionItem {
  const { url, ...listed } = aSuite(id, name, { parent, cases_count: cases, total_cases_count: cases });
  return { ...listed, is_leaf: false, union_count: cases };
}

/** One page of a list as the server answers it, `size` rows a page. */
export function aPage<T>(results: T[], count: number, current = 1, size = 99) {
  const total = Math.max(1, Math.ceil(count / size));
  return {
    links: { next: null, previous: null },
    count,
    pages: { next: current < total ? current + 1 : null, previous: current > 1 ? current - 1 : null, current, total },
    results,
  };
}
