import { describe, expect, it } from 'vitest';
import { suiteTreeKind } from '../../features/suites/tree/suite-tree-kind.tsx';
import { trailOf } from './TreeBreadcrumbs.tsx';
import {
  TREE_BAR,
  orderingOf,
  readTreeBarSettings,
  resizedTo,
  selectionAfterClick,
  shownWidth,
  sortOf,
  toggled,
  writeTreeBarSettings,
} from './tree-bar-settings.ts';

describe('the tree bar width (§2 Tree bar, §9)', () => {
  const expanded = { collapsed: false, width: TREE_BAR.expandedWidth };

  it('is 374 expanded and 72 collapsed', () => {
    expect(shownWidth(expanded)).toBe(374);
    expect(shownWidth(toggled(expanded))).toBe(72);
  });

  it('collapses when dragged below 200, and comes back to the width it had', () => {
    const narrow = resizedTo({ collapsed: false, width: 300 }, 199);
    expect(narrow).toEqual({ collapsed: true, width: 300 });
    expect(shownWidth(narrow)).toBe(72);
    expect(shownWidth(toggled(narrow))).toBe(300);
  });

  it('keeps a width of 200 or more as dragged, expanding a collapsed bar', () => {
    expect(resizedTo(expanded, 200)).toEqual({ collapsed: false, width: 200 });
    expect(resizedTo({ collapsed: true, width: 374 }, 450.4)).toEqual({ collapsed: false, width: 450 });
  });

  it('is remembered in this browser', () => {
    writeTreeBarSettings({ collapsed: true, width: 420, ordering: '-created_at', opened: { 3: [7, 9] } });
    expect(readTreeBarSettings()).toEqual({ collapsed: true, width: 420, ordering: '-created_at', opened: { 3: [7, 9] } });
  });
});

describe('the tree sort (§9: a leading dash means descending)', () => {
  it('writes the direction as a dash', () => {
    expect(orderingOf({ field: 'name', descending: false })).toBe('name');
    expect(orderingOf({ field: 'created_at', descending: true })).toBe('-created_at');
  });

  it('reads it back, and an unknown field as the name', () => {
    expect(sortOf('-created_at', suiteTreeKind.sortFields)).toEqual({ field: 'created_at', descending: true });
    expect(sortOf('id', suiteTreeKind.sortFields)).toEqual({ field: 'id', descending: false });
    expect(sortOf('-colour', suiteTreeKind.sortFields)).toEqual({ field: 'name', descending: true });
  });
});

describe('selecting a node', () => {
  it('selects another suite, and deselects the selected one', () => {
    expect(selectionAfterClick(null, 4)).toBe(4);
    expect(selectionAfterClick(2, 4)).toBe(4);
    expect(selectionAfterClick(4, 4)).toBeNull();
  });

  it('shows the breadcrumbs from the root down', () => {
    const leaf = { id: 3, title: 'Reset', parent: { id: 2, title: 'Login', parent: { id: 1, title: 'Web', parent: null } } };
    expect(trailOf(leaf).map((crumb) => crumb.title)).toEqual(['Web', 'Login', 'Reset']);
    expect(trailOf(null)).toEqual([]);
  });
});
