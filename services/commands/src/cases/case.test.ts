import {
  LIMITS,
  NotFoundError,
  PermissionDeniedError,
  StaleVersionError,
  ValidationError,
  type CaseContent,
  type CaseEvent,
} from '@testament/contracts';
import { describe, expect, it } from 'vitest';
import { given } from '../kernel/given-when-then.ts';
import { accessTo, actors, fieldErrorsOf } from '../project-catalogue/testing.ts';
import { caseDecider } from './decide.ts';

const { member, stranger, superuser } = actors;
const project = accessTo(member);
const suiteLive = { suiteLive: true };
const content = (changes: Partial<CaseContent> = {}): CaseContent => ({
  name: 'Log in',
  suiteId: 7,
  description: '',
  setup: '',
  scenario: 'Type the password',
  expected: 'Signed in',
  teardown: '',
  estimate: null,
  isSteps: false,
  attributes: {},
  steps: [],
  labelIds: [],
  attachmentIds: [],
  ...changes,
});
const created = (by = member.userId): CaseEvent => ({
  type: 'CaseCreated',
  data: { caseId: 1, projectId: 3, historyId: 100, userId: by, content: content() },
});
const versioned = (historyId: number, changes: Partial<CaseContent>, by = member.userId): CaseEvent => ({
  type: 'CaseVersioned',
  data: { caseId: 1, projectId: 3, historyId, userId: by, content: content(changes) },
});
const open = (events: CaseEvent[]) => given(caseDecider, events);
const update = (changes: Partial<CaseContent>, skipHistory = false) => ({
  type: 'Update' as const,
  historyId: 200,
  content: content(changes),
  skipHistory,
  facts: suiteLive,
});

describe('test case', () => {
  it('is created with a scenario, or with steps instead', () => {
    expect(
      open([]).when({ type: 'Create', caseId: 1, projectId: 3, historyId: 100, content: content(), facts: suiteLive }, member, project),
    ).toEqual([created()]);
    const steps = [{ id: 5, name: 'Open', scenario: 'Open the page', expected: '', sortOrder: 1, attachmentIds: [] }];
    expect(
      open([]).when(
        {
          type: 'Create',
          caseId: 1,
          projectId: 3,
          historyId: 100,
          content: content({ isSteps: true, scenario: '', steps }),
          facts: suiteLive,
        },
        member,
        project,
      ),
    ).toHaveLength(1);
  });

  it('needs its scenario, or at least one step, and a live suite of its project', () => {
    const create =
      (changes: Partial<CaseContent>, facts = suiteLive) =>
      () =>
        open([]).when({ type: 'Create', caseId: 1, projectId: 3, historyId: 100, content: content(changes), facts }, member, project);
    expect(fieldErrorsOf(create({ scenario: ' ' }))).toEqual({ scenario: ['This field is required.'] });
    expect(fieldErrorsOf(create({ isSteps: true, steps: [] }))).toEqual({ steps: ['This field is required.'] });
    expect(fieldErrorsOf(create({}, { suiteLive: false }))).toEqual({ suite: ['Invalid pk "7" - object does not exist.'] });
  });

  it('holds at most LIMITS steps, labels and files (a step’s files too), however it is written', () => {
    const step = (id: number, attachmentIds: number[] = []) => ({
      id,
      name: `Step ${id}`,
      scenario: 'Do it',
      expected: '',
      sortOrder: id,
      attachmentIds,
    });
    const steps = (count: number) => Array.from({ length: count }, (_, index) => step(index + 1));
    const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
    const create = (changes: Partial<CaseContent>) => () =>
      open([]).when(
        { type: 'Create', caseId: 1, projectId: 3, historyId: 100, content: content(changes), facts: suiteLive },
        member,
        project,
      );
    expect(
      create({
        isSteps: true,
        steps: steps(LIMITS.stepsPerCase),
        labelIds: ids(LIMITS.labelsPerCase),
        attachmentIds: ids(LIMITS.attachmentsPerCase),
      })(),
    ).toHaveLength(1);
    expect(fieldErrorsOf(create({ isSteps: true, steps: steps(LIMITS.stepsPerCase + 1) }))).toEqual({
      steps: [`Ensure this list has no more than ${LIMITS.stepsPerCase} items.`],
    });
    expect(fieldErrorsOf(create({ labelIds: ids(LIMITS.labelsPerCase + 1) }))).toEqual({
      labels: [`Ensure this list has no more than ${LIMITS.labelsPerCase} items.`],
    });
    expect(fieldErrorsOf(create({ attachmentIds: ids(LIMITS.attachmentsPerCase + 1) }))).toEqual({
      attachments: [`Ensure this list has no more than ${LIMITS.attachmentsPerCase} items.`],
    });
    expect(fieldErrorsOf(create({ isSteps: true, steps: [step(1, ids(LIMITS.attachmentsPerCase + 1))] }))).toEqual({
      steps: [`Ensure this list has no more than ${LIMITS.attachmentsPerCase} items.`],
    });
    // A bulk job adding labels to a case that has nearly all it may hold refuses that case.
    const full = [created(), versioned(101, { labelIds: ids(LIMITS.labelsPerCase - 1) })];
    const relabel = (labelIds: number[]) => () =>
      open(full).when(
        { type: 'BulkChange', historyId: 200, suiteId: null, labels: { action: 'add', labelIds }, facts: suiteLive },
        member,
        project,
      );
    expect(relabel([1_000])()).toHaveLength(1);
    expect(fieldErrorsOf(relabel([1_000, 1_001]))).toEqual({
      labels: [`Ensure this list has no more than ${LIMITS.labelsPerCase} items.`],
    });
  });

  it('makes a version per real change and none for an unchanged save (D12)', () => {
    expect(open([created()]).when(update({ name: 'Sign in' }), member, project)).toEqual([versioned(200, { name: 'Sign in' })]);
    expect(open([created()]).when(update({}), member, project)).toEqual([]);
  });

  it('lets only the latest version’s author overwrite it in place (skip_history)', () => {
    expect(open([created()]).when(update({ expected: 'Home page' }, true), member, project)).toEqual([
      { type: 'CaseAmended', data: { caseId: 1, projectId: 3, content: content({ expected: 'Home page' }) } },
    ]);
    expect(() => open([created()]).when(update({ expected: 'Home page' }, true), superuser, accessTo(superuser))).toThrow(ValidationError);
    expect(fieldErrorsOf(() => open([created(stranger.userId)]).when(update({ expected: 'x' }, true), member, project))).toEqual({
      errors: ['Only author of latest change can skip version'],
    });
  });

  it('applies an edit made on the current revision, and refuses one made on an older revision with the current version (If-Match)', () => {
    const amended: CaseEvent = { type: 'CaseAmended', data: { caseId: 1, projectId: 3, content: content({ expected: 'Home page' }) } };
    const edit = (expectedVersionTags: string[] | null, changes: Partial<CaseContent> = { name: 'Sign in' }, skipHistory = false) => ({
      ...update(changes, skipHistory),
      expectedVersionTags,
    });
    const twice = [created(), versioned(101, { name: 'Sign up' })];
    expect(open(twice).when(edit(['2']), member, project)).toEqual([versioned(200, { name: 'Sign in' })]);
    expect(open(twice).when(edit(['1', '2']), member, project)).toHaveLength(1);
    // Read at version 1, saved after version 2 was made: refused, naming version 2, whatever the edit.
    const stale = () => open(twice).when(edit(['1']), member, project);
    expect(stale).toThrow(StaleVersionError);
    expect(stale).toThrow(
      expect.objectContaining({
        currentVersion: 2,
        versionTag: '2',
        message: 'The test case was changed after it was read: its current version is 2.',
      }),
    );
    expect(() => open(twice).when(edit(['1'], { name: 'Sign up' }), member, project)).toThrow(StaleVersionError);
    expect(() => open(twice).when(edit([]), member, project)).toThrow(StaleVersionError);
    // Overwriting a version in place moves its revision on: an edit read before the amendment is stale too, an amendment included.
    expect(open([created(), amended]).when(edit(['1.1']), member, project)).toHaveLength(1);
    expect(() => open([created(), amended]).when(edit(['1']), member, project)).toThrow(
      expect.objectContaining({ currentVersion: 1, versionTag: '1.1' }),
    );
    expect(() => open([created(), amended]).when(edit(['1'], { expected: 'x' }, true), member, project)).toThrow(StaleVersionError);
    // Archiving makes a version too.
    const archived = [
      created(),
      amended,
      { type: 'CaseArchived', data: { caseId: 1, projectId: 3, historyId: 101, userId: member.userId } } as CaseEvent,
    ];
    expect(() => open(archived).when(edit(['1.1']), superuser, accessTo(superuser))).toThrow(expect.objectContaining({ versionTag: '2' }));
    // Without a tag, the last write wins, as TestY's app and scripts expect.
    expect(open(twice).when(edit(null), member, project)).toHaveLength(1);
  });

  it('checks who may edit before whether the edit is stale', () => {
    const twice = [created(), versioned(101, { name: 'Sign up' })];
    expect(() =>
      open(twice).when({ ...update({ name: 'x' }), expectedVersionTags: ['1'] }, stranger, accessTo(stranger, { isPrivate: true })),
    ).toThrow(PermissionDeniedError);
  });

  it('takes a bulk change on its latest version: moved, relabelled by each action, as a new version; unchanged, none', () => {
    const labelled = [created(), versioned(101, { labelIds: [4, 5] })];
    const change = (
      suiteId: number | null,
      labels: { action: 'add' | 'update' | 'delete' | 'clear'; labelIds: number[] } | null,
      facts = suiteLive,
    ) => ({ type: 'BulkChange' as const, historyId: 200, suiteId, labels, facts });
    const labelsAfter = (action: 'add' | 'update' | 'delete' | 'clear', labelIds: number[]) =>
      open(labelled).when(change(null, { action, labelIds }), member, project);
    expect(labelsAfter('add', [5, 6])).toEqual([versioned(200, { labelIds: [4, 5, 6] })]);
    expect(labelsAfter('update', [6])).toEqual([versioned(200, { labelIds: [6] })]);
    expect(labelsAfter('delete', [4, 9])).toEqual([versioned(200, { labelIds: [5] })]);
    expect(labelsAfter('clear', [])).toEqual([versioned(200, { labelIds: [] })]);
    expect(labelsAfter('add', [4])).toEqual([]);
    expect(open(labelled).when(change(8, { action: 'delete', labelIds: [4] }), member, project)).toEqual([
      versioned(200, { suiteId: 8, labelIds: [5] }),
    ]);
    expect(fieldErrorsOf(() => open(labelled).when(change(8, null, { suiteLive: false }), member, project))).toEqual({
      suite: ['Invalid pk "8" - object does not exist.'],
    });
    const deleted = [created(), { type: 'CaseDeleted', data: { caseId: 1, projectId: 3 } } as CaseEvent];
    expect(() => open(deleted).when(change(8, null), member, project)).toThrow(NotFoundError);
  });

  it('restores an old version as a new one, and refuses a version it never had', () => {
    const history = [created(), versioned(101, { name: 'Sign in' })];
    expect(open(history).when({ type: 'RestoreVersion', historyId: 102, version: 1, facts: suiteLive }, member, project)).toEqual([
      {
        type: 'CaseVersioned',
        data: { caseId: 1, projectId: 3, historyId: 102, userId: member.userId, content: content(), restoredFrom: 1 },
      },
    ]);
    expect(
      fieldErrorsOf(() => open(history).when({ type: 'RestoreVersion', historyId: 102, version: 3, facts: suiteLive }, member, project)),
    ).toEqual({ version: ['Incorrect version'] });
    expect(open(history).when({ type: 'RestoreVersion', historyId: 102, version: 2, facts: suiteLive }, member, project)).toEqual([]);
  });

  it('archives as a version; an archived case is read-only but for superusers, and restores', () => {
    const archived = [
      created(),
      { type: 'CaseArchived', data: { caseId: 1, projectId: 3, historyId: 101, userId: member.userId } } as CaseEvent,
    ];
    expect(open([created()]).when({ type: 'Archive', historyId: 101 }, member, project)).toEqual([archived[1]]);
    expect(open(archived).when({ type: 'Archive', historyId: 102 }, member, project)).toEqual([]);
    expect(() => open(archived).when(update({ name: 'x' }), member, project)).toThrow(PermissionDeniedError);
    expect(open(archived).when(update({ name: 'x' }), superuser, accessTo(superuser))).toHaveLength(1);
    expect(open(archived).when({ type: 'Unarchive', historyId: 102 }, member, project)).toEqual([
      { type: 'CaseUnarchived', data: { caseId: 1, projectId: 3, historyId: 102, userId: member.userId } },
    ]);
    expect(open(archived).state.versions.map((version) => version.isArchive)).toEqual([false, true]);
  });

  it('goes to the trash, comes back, and is removed from it', () => {
    const deleted = [created(), { type: 'CaseDeleted', data: { caseId: 1, projectId: 3 } } as CaseEvent];
    expect(open([created()]).when({ type: 'Delete' }, member, project)).toEqual([deleted[1]]);
    expect(() => open(deleted).when(update({ name: 'x' }), member, project)).toThrow(NotFoundError);
    expect(open(deleted).when({ type: 'Recover', caseId: 1 }, member, project)).toEqual([
      { type: 'CaseRecovered', data: { caseId: 1, projectId: 3 } },
    ]);
    expect(fieldErrorsOf(() => open([created()]).when({ type: 'Remove', caseId: 1 }, member, project))).toEqual({
      instance_ids: ['Invalid pk "1" - object does not exist.'],
    });
    expect(() => open([created()]).when({ type: 'Delete' }, stranger, accessTo(stranger, { isPrivate: true }))).toThrow(
      PermissionDeniedError,
    );
  });
});
