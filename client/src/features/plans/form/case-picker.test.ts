import type { CaseSearchNode } from '@testament/contracts';
import { describe, expect, it } from 'vitest';
import { pickedAfter, pickerNodes, selectionKeysOf } from './case-picker.ts';
import { withStart } from './PlanDates.tsx';
import { toMinute } from './plan-form.ts';

const aCase = (id: number, suiteId: number) => ({ id, name: `Case ${id}`, suite_id: suiteId, labels: [], is_archive: false });
const login: CaseSearchNode = {
  id: 2,
  name: 'Login',
  title: 'Login',
  parent_id: 1,
  children: [],
  test_cases: [aCase(21, 2), aCase(22, 2)],
};
const web: CaseSearchNode = { id: 1, name: 'Web', title: 'Web', parent_id: null, children: [login], test_cases: [aCase(11, 1)] };
const nodes = pickerNodes([web]);

describe('the case picker (§5: keys starting with TS are suites)', () => {
  it('keys suites with TS and cases by their id, child suites before cases', () => {
    expect(nodes.map((node) => node.key)).toEqual(['TS1']);
    expect(nodes[0]!.children!.map((node) => node.key)).toEqual(['TS2', '11']);
  });

  it('checks a suite whose cases are all picked, and marks one with some picked', () => {
    expect(selectionKeysOf(nodes, new Set([21, 22]))).toEqual({
      TS1: { checked: false, partialChecked: true },
      TS2: { checked: true, partialChecked: false },
      21: { checked: true, partialChecked: false },
      22: { checked: true, partialChecked: false },
    });
    expect(selectionKeysOf(nodes, new Set())).toEqual({});
  });

  it('drops the suites, and keeps the picked cases the tree does not show', () => {
    const checked = { TS2: { checked: true }, 21: { checked: true }, 22: { checked: true }, TS1: { checked: false, partialChecked: true } };
    expect(pickedAfter([11, 99], nodes, checked)).toEqual([21, 22, 99]);
    expect(pickedAfter([21, 99], nodes, null)).toEqual([99]);
  });
});

describe('the plan dates (§5, §9)', () => {
  it('moves the due date a day past a start that passes it, keeping the time of day', () => {
    const start = new Date(2026, 2, 2, 9, 30);
    const due = new Date(2026, 2, 5, 18, 0);
    expect(withStart({ start, due }, new Date(2026, 2, 3))).toEqual({ start: new Date(2026, 2, 3, 9, 30), due });
    expect(withStart({ start, due }, new Date(2026, 2, 8))).toEqual({
      start: new Date(2026, 2, 8, 9, 30),
      due: new Date(2026, 2, 9, 9, 30),
    });
  });

  it('are sent to the minute with the user’s offset', () => {
    const moment = new Date(2026, 2, 2, 9, 5, 42);
    const sent = toMinute(moment);
    expect(sent).toMatch(/^2026-03-02T09:05[+-]\d{2}:\d{2}$/);
    expect(new Date(sent).getTime()).toBe(new Date(2026, 2, 2, 9, 5).getTime());
  });
});
