import { NotFoundError, PermissionDeniedError, type TestEvent } from '@testament/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NOW, given } from '../kernel/given-when-then.ts';
import { accessTo, actors, fieldErrorsOf } from '../project-catalogue/testing.ts';
import { testDecider, type EditSettings, type ResultFacts, type TestCommand } from './decide.ts';
import { evolveTest, evolveTestEvents, initialTestState } from './evolve.ts';

const { member } = actors;
const project = accessTo(member);
const ref = { testId: 4, projectId: 3 };
const created: TestEvent = { type: 'TestCreated', data: { ...ref, planId: 8, caseId: 2, assigneeId: null } };
const steps = [
  { id: 51, name: 'Open', sortOrder: 1 },
  { id: 52, name: 'Sign in', sortOrder: 2 },
];
const facts = (changes: Partial<ResultFacts> = {}): ResultFacts => ({
  unusableStatus: null,
  unusableAttachment: null,
  requiredAttributes: [],
  caseVersion: { historyId: 100, version: 1, steps },
  ...changes,
});
const fields = { comment: '', executionTime: null, attributes: {}, attachmentIds: [], isArchive: false };
const minutesBefore = (minutes: number) => new Date(Date.parse(NOW) - minutes * 60_000).toISOString();
const added = (resultId: number, status: number, createdAt: string): TestEvent => ({
  type: 'ResultAdded',
  data: {
    ...ref,
    resultId,
    userId: member.userId,
    createdAt,
    caseHistoryId: 100,
    caseVersion: 1,
    ...fields,
    status,
    stepResults: [],
    lastStatus: status,
  },
});
const open = (events: TestEvent[]) => given(testDecider, [created, ...events]);
const addResult = (status: number, stepStatuses: Array<{ stepId: number; status: number }> = [], resultFacts = facts()): TestCommand => ({
  type: 'AddResult',
  resultId: 30,
  createdAt: NOW,
  fields: { ...fields, status },
  steps: stepStatuses,
  stepResultIds: stepStatuses.map((_, index) => 70 + index),
  facts: resultFacts,
});
const settings: EditSettings = { isResultEditable: true, resultEditLimit: 3600 };
const edit = (
  resultId: number,
  changes: Extract<TestCommand, { type: 'EditResult' }>['changes'],
  editFacts = { ...facts(), settings },
): TestCommand => ({
  type: 'EditResult',
  resultId,
  changes,
  facts: editFacts,
});
const lastStatusAfter = (events: TestEvent[]) => (events.at(-1)!.data as { lastStatus: number | null }).lastStatus;

describe('test', () => {
  it('records a result with one step result per step of the case version, named and ordered as that version has them', () => {
    const events = open([]).when(
      addResult(2, [
        { stepId: 52, status: 1 },
        { stepId: 51, status: 2 },
      ]),
      member,
      project,
    );
    expect(events[0]!.data).toMatchObject({
      resultId: 30,
      status: 2,
      caseHistoryId: 100,
      caseVersion: 1,
      lastStatus: 2,
      stepResults: [
        { id: 70, stepId: 51, name: 'Open', sortOrder: 1, status: 2 },
        { id: 71, stepId: 52, name: 'Sign in', sortOrder: 2, status: 1 },
      ],
    });
    const mismatch = { steps_results: ['Give one step result for each step of the test case version, or none.'] };
    expect(fieldErrorsOf(() => open([]).when(addResult(2, [{ stepId: 51, status: 2 }]), member, project))).toEqual(mismatch);
    expect(
      fieldErrorsOf(() =>
        open([]).when(
          addResult(2, [
            { stepId: 51, status: 2 },
            { stepId: 99, status: 2 },
          ]),
          member,
          project,
        ),
      ),
    ).toEqual(mismatch);
    expect(open([]).when(addResult(2), member, project)[0]!.data).toMatchObject({ stepResults: [] });
  });

  it('refuses a status or file the project cannot use, missing required attributes, and results on an archived test', () => {
    expect(fieldErrorsOf(() => open([]).when(addResult(99, [], facts({ unusableStatus: 99 })), member, project))).toEqual({
      status: ['Invalid pk "99" - object does not exist.'],
    });
    expect(fieldErrorsOf(() => open([]).when(addResult(2, [], facts({ requiredAttributes: ['Build'] })), member, project))).toEqual({
      attributes: ["Missing following required attributes: ['Build']"],
    });
    expect(fieldErrorsOf(() => open([{ type: 'TestArchived', data: ref }]).when(addResult(2), member, project))).toEqual({
      errors: ['Results cannot be added to or changed on an archived test.'],
    });
    expect(() => open([]).when(addResult(2), member, accessTo(member, { isArchive: true }))).toThrow(PermissionDeniedError);
  });

  it('keeps the last status the newest live result’s, through adds, edits and deletes (D6)', () => {
    const history = [added(10, 1, minutesBefore(20)), added(11, 2, minutesBefore(10))];
    expect(lastStatusAfter(open([added(11, 2, minutesBefore(10))]).when(addResult(1), member, project))).toBe(1);
    expect(lastStatusAfter(open(history).when(edit(10, { status: 6 }), member, project))).toBe(2);
    expect(lastStatusAfter(open(history).when(edit(11, { status: 6 }), member, project))).toBe(6);
    const deletedNewest = open(history).when({ type: 'DeleteResult', resultId: 11 }, member, project);
    expect(lastStatusAfter(deletedNewest)).toBe(1);
    const deletedBoth = [
      ...history,
      ...deletedNewest,
      ...open([...history, ...deletedNewest]).when({ type: 'DeleteResult', resultId: 10 }, member, project),
    ];
    expect(lastStatusAfter(deletedBoth)).toBeNull();
    expect(() => open(deletedBoth).when({ type: 'DeleteResult', resultId: 10 }, member, project)).toThrow(NotFoundError);
  });

  it(
    'locks the protected fields after the edit window and after the case ' +
      'changed, but never the comment, and never for unchanged values (§4.10, D9)',
    () => {
      const old = open([added(10, 1, minutesBefore(61))]);
      expect(fieldErrorsOf(() => old.when(edit(10, { status: 2 }), member, project))).toEqual({
        errors: ['Update gap closed, you can only update "comment" on current result. Update gap is set to "1h"'],
      });
      expect(old.when(edit(10, { comment: 'Flaky', status: 1 }), member, project)).toEqual([
        { type: 'ResultEdited', data: { ...ref, resultId: 10, comment: 'Flaky', lastStatus: 1 } },
      ]);
      const fresh = open([added(10, 1, minutesBefore(5))]);
      const caseChanged = { ...facts({ caseVersion: { historyId: 101, version: 2, steps } }), settings };
      expect(fieldErrorsOf(() => fresh.when(edit(10, { status: 2 }, caseChanged), member, project))).toEqual({
        errors: ['Test case version changed you can only update "comment" on current result'],
      });
      const locked = { ...facts(), settings: { isResultEditable: false, resultEditLimit: null } };
      expect(fieldErrorsOf(() => fresh.when(edit(10, { status: 2 }, locked), member, project))).toEqual({
        errors: ['Results in this project are not editable. Contact with project admin'],
      });
      expect(fresh.when(edit(10, { status: 1, comment: 'Seen' }, locked), member, project)).toHaveLength(1);
      expect(
        open([added(10, 1, minutesBefore(600))]).when(
          edit(10, { status: 2 }, { ...facts(), settings: { isResultEditable: true, resultEditLimit: null } }),
          member,
          project,
        ),
      ).toHaveLength(1);
    },
  );

  it('assigns only on a real change, and only to someone who can view the project (D11)', () => {
    const assign = (assigneeId: number | null, assigneeCanView = true): TestCommand => ({
      type: 'Assign',
      assigneeId,
      facts: { assigneeCanView },
    });
    expect(open([]).when(assign(5), member, project)).toEqual([
      { type: 'TestAssigned', data: { ...ref, assigneeId: 5, previousAssigneeId: null } },
    ]);
    const assigned: TestEvent = { type: 'TestAssigned', data: { ...ref, assigneeId: 5, previousAssigneeId: null } };
    expect(open([assigned]).when(assign(5), member, project)).toEqual([]);
    expect(open([assigned]).when(assign(null), member, project)).toEqual([
      { type: 'TestAssigned', data: { ...ref, assigneeId: null, previousAssigneeId: 5 } },
    ]);
    expect(fieldErrorsOf(() => open([]).when(assign(9, false), member, project))).toEqual({
      assignee: ['User is not a member of a project.'],
    });
  });

  it('is archived or deleted with its plan, and comes back from the trash', () => {
    expect(open([]).when({ type: 'Archive', withPlan: 8, permission: 'change_testplan' }, member, project)).toEqual([
      { type: 'TestArchived', data: { ...ref, withPlan: 8 } },
    ]);
    const deleted: TestEvent = { type: 'TestDeleted', data: { ...ref, withPlan: 8 } };
    expect(() => open([deleted]).when(addResult(2), member, project)).toThrow(NotFoundError);
    expect(open([deleted]).when({ type: 'Recover', testId: 4 }, member, project)).toEqual([{ type: 'TestRecovered', data: ref }]);
    expect(fieldErrorsOf(() => open([]).when({ type: 'Remove', testId: 4 }, member, project))).toEqual({
      instance_ids: ['Invalid pk "4" - object does not exist.'],
    });
  });

  it('folds a stream in one go to what event-by-event evolution gives, and leaves the state it started from as it was', () => {
    // Events of the test's stream, about results 10–15: made (or removed), assigned, archived, results added, edited, deleted.
    const resultId = fc.integer({ min: 10, max: 15 });
    const status = fc.nat(3);
    const testEvent: fc.Arbitrary<TestEvent> = fc.oneof(
      fc.oneof({ weight: 3, arbitrary: fc.constant(created) }, fc.constant<TestEvent>({ type: 'TestRemoved', data: ref })),
      fc.nat(2).map((assigneeId): TestEvent => ({ type: 'TestAssigned', data: { ...ref, assigneeId, previousAssigneeId: null } })),
      fc.constant<TestEvent>({ type: 'TestArchived', data: ref }),
      fc.record({ resultId, status, edit: fc.nat(99) }).map(
        ({ resultId, status, edit }): TestEvent => ({
          type: 'ResultEdited',
          data: { ...ref, resultId, status, comment: `edit ${edit}`, lastStatus: null },
        }),
      ),
      resultId.map((resultId): TestEvent => ({ type: 'ResultDeleted', data: { ...ref, resultId, lastStatus: null } })),
      {
        weight: 2,
        arbitrary: fc
          .record({ resultId, status, minutes: fc.nat(59) })
          .map(({ resultId, status, minutes }) => added(resultId, status, minutesBefore(minutes))),
      },
    );
    fc.assert(
      fc.property(fc.array(testEvent, { maxLength: 7 }), fc.array(testEvent, { maxLength: 29, size: 'max' }), (earlier, events) => {
        const before = [created, ...earlier].reduce(evolveTest, initialTestState);
        const resultsBefore = [...before.results];
        expect(evolveTestEvents(before, events)).toEqual(events.reduce(evolveTest, before));
        expect([...before.results]).toEqual(resultsBefore);
      }),
      { numRuns: 500 },
    );
  });
});
