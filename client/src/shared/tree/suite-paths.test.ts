import { describe, expect, it } from 'vitest';
import { keepingTreeSearch } from './suite-paths.ts';

describe('keepingTreeSearch', () => {
  it('adds the search to an address without a query, and leaves the address alone for no search', () => {
    expect(keepingTreeSearch('/projects/1/suites/4', 'log in')).toBe('/projects/1/suites/4?treeSearch=log+in');
    expect(keepingTreeSearch('/projects/1/suites/4', '')).toBe('/projects/1/suites/4');
  });

  it('adds the search beside a query the address has, replacing an older search', () => {
    expect(keepingTreeSearch('/projects/1/suites/new-test-case?suiteId=4&treeSearch=old', 'reset')).toBe(
      '/projects/1/suites/new-test-case?suiteId=4&treeSearch=reset',
    );
  });
});
