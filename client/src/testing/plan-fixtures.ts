import type { Plan } from '../entities/plan/plan-api.ts';

/** A plan as the server lists one, for tests: a root plan of project 1 without children, but what a test gives. */
export function aPlan(id: number, name: string, given: Partial<Plan> = {}): Plan {
  return {
    id,
    name,
    title: name,
    description: '',
    parent: null,
    parameters: [],
    started_at: '2026-03-02T09:00:00Z',
    due_date: '2026-03-09T09:00:00Z',
    finished_at: null,
    created_at: '2026-03-01T10:00:00Z',
    is_archive: false,
    project: 1,
    url: `http://testament.test/api/v2/testplans/${id}/`,
    has_children: false,
    attributes: {},
    attachments: [],
    ...given,
  };
}
