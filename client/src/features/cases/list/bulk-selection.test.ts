import { describe, expect, it } from 'vitest';
import { bulkUpdateBody } from './bulk-selection.ts';

describe('the cases table’s bulk update body (§3.3)', () => {
  const scope = { projectId: 1, suiteId: 5, conditions: { suite: '5', show_descendants: true } };

  it('sends the ticked ids', () => {
    expect(bulkUpdateBody(scope, { all: false, ids: [1, 3, 5] }, { suite: 9 })).toEqual({
      project: 1,
      filter_conditions: { suite: '5', show_descendants: true },
      current_suite: 5,
      included_cases: [1, 3, 5],
      suite: 9,
    });
  });

  it('after select-all, sends what was unticked, and no current suite at the project’s root', () => {
    expect(bulkUpdateBody({ ...scope, suiteId: null }, { all: true, excluded: [2, 5] }, { suite: 9 })).toEqual({
      project: 1,
      filter_conditions: { suite: '5', show_descendants: true },
      excluded_cases: [2, 5],
      suite: 9,
    });
  });
});
