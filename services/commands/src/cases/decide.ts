import {
  LIMITS,
  NotFoundError,
  PermissionDeniedError,
  StaleVersionError,
  ValidationError,
  caseMessages,
  catalogueMessages,
  messages,
  type BulkOperation,
  type CaseContent,
  type CaseEvent,
} from '@testament/contracts';
import type { DecisionContext, Decider } from '../kernel/decider.ts';
import { requireProjectWrite } from '../kernel/project-access.ts';
import { currentVersionTag, evolveCase, initialCaseState, latestVersion, type CaseState } from './evolve.ts';

/** What the handler looked up in other aggregates for the rules. */
export interface CaseFacts {
  /** The content's suite is a live suite of the case's project. */
  suiteLive: boolean;
  /** A file the case or one of its steps names that is not a live attachment of the project. */
  unusableAttachment?: number | null;
}

/** A bulk change of labels, as a job on cases carries it (LABELS_ACTIONS). */
export type Relabelling = NonNullable<Extract<BulkOperation, { kind: 'cases' }>['labels']>;

export type CaseCommand =
  | { type: 'Create'; caseId: number; projectId: number; historyId: number; content: CaseContent; facts: CaseFacts }
  /**
   * `expectedVersionTags`: the revisions the edit was made on (`If-Match`); when
   * given, the edit is refused unless one of them is still the case's. Null: the last write wins.
   */
  | {
      type: 'Update';
      historyId: number;
      content: CaseContent;
      skipHistory: boolean;
      facts: CaseFacts;
      expectedVersionTags?: readonly string[] | null;
    }
  /** A bulk job's change of one case, made on its latest version: moved (`suiteId`), relabelled, or both. */
  | { type: 'BulkChange'; historyId: number; suiteId: number | null; labels: Relabelling | null; facts: CaseFacts }
  | { type: 'RestoreVersion'; historyId: number; version: number; facts: CaseFacts }
  | { type: 'Archive'; historyId: number }
  | { type: 'Unarchive'; historyId: number }
  | { type: 'Delete'; withSuite?: number }
  | { type: 'Recover'; caseId: number }
  | { type: 'Remove'; caseId: number };

const sameContent = (a: CaseContent, b: CaseContent) => JSON.stringify(a) === JSON.stringify(b);

/** Content the API schema cannot check alone: a scenario without steps, steps with one (§5 of the spec). */
function requireValidContent(content: CaseContent, facts: CaseFacts): void {
  if (!facts.suiteLive) throw ValidationError.of('suite', catalogueMessages.projectUnknown(content.suiteId));
  if (facts.unusableAttachment) throw ValidationError.of('attachments', catalogueMessages.projectUnknown(facts.unusableAttachment));
  if (content.isSteps && content.steps.length === 0) throw ValidationError.of('steps', messages.required);
  if (!content.isSteps && content.scenario.trim() === '') throw ValidationError.of('scenario', messages.required);
  const lists: Array<[field: string, length: number, max: number]> = [
    ['steps', content.steps.length, LIMITS.stepsPerCase],
    ['labels', content.labelIds.length, LIMITS.labelsPerCase],
    ['attachments', content.attachmentIds.length, LIMITS.attachmentsPerCase],
    ['steps', content.steps.reduce((most, step) => Math.max(most, step.attachmentIds.length), 0), LIMITS.attachmentsPerCase],
  ];
  for (const [field, length, max] of lists) if (length > max) throw ValidationError.of(field, messages.tooManyItems(max));
}

function live(state: CaseState): CaseState {
  if (!state.exists || state.deleted) throw new NotFoundError();
  return state;
}

/** Changing a case: the project's rule, and an archived case stays as it is for everyone but superusers (§2.7). */
function requireChange(state: CaseState, context: DecisionContext): void {
  requireProjectWrite(context.project, context.actor, 'change_testcase');
  if (latestVersion(state).isArchive && !context.actor.isSuperuser) throw new PermissionDeniedError(messages.archivedReadOnly);
}

/** An edit made on a revision the case has moved on from would overwrite what was made since: refused with the current version. */
function requireExpectedVersion(state: CaseState, expected: readonly string[] | null | undefined): void {
  if (expected === null || expected === undefined) return;
  const current = currentVersionTag(state);
  if (!expected.includes(current))
    throw new StaleVersionError(caseMessages.staleVersion(state.versions.length), state.versions.length, current);
}

function update(command: Extract<CaseCommand, { type: 'Update' }>, state: CaseState, context: DecisionContext): CaseEvent[] {
  live(state);
  requireChange(state, context);
  requireExpectedVersion(state, command.expectedVersionTags);
  const latest = latestVersion(state);
  requireValidContent(command.content, command.facts);
  const { caseId, projectId } = state;
  if (command.skipHistory) {
    if (latest.userId !== context.actor.userId) throw ValidationError.general(caseMessages.onlyAuthorCanSkipVersion);
    return sameContent(latest.content, command.content)
      ? []
      : [{ type: 'CaseAmended', data: { caseId, projectId, content: command.content } }];
  }
  // D12: no version without a change.
  if (sameContent(latest.content, command.content)) return [];
  return [
    {
      type: 'CaseVersioned',
      data: { caseId, projectId, historyId: command.historyId, userId: context.actor.userId, content: command.content },
    },
  ];
}

function relabelled(current: readonly number[], { action, labelIds }: Relabelling): number[] {
  switch (action) {
    case 'add':
      return [...current, ...labelIds.filter((id) => !current.includes(id))];
    case 'update':
      return [...labelIds];
    case 'delete':
      return current.filter((id) => !labelIds.includes(id));
    case 'clear':
      return [];
  }
}

function bulkChange(command: Extract<CaseCommand, { type: 'BulkChange' }>, state: CaseState, context: DecisionContext): CaseEvent[] {
  const latest = latestVersion(live(state)).content;
  const content = {
    ...latest,
    suiteId: command.suiteId ?? latest.suiteId,
    labelIds: command.labels ? relabelled(latest.labelIds, command.labels) : latest.labelIds,
  };
  return update({ type: 'Update', historyId: command.historyId, content, skipHistory: false, facts: command.facts }, state, context);
}

function restoreVersion(
  command: Extract<CaseCommand, { type: 'RestoreVersion' }>,
  state: CaseState,
  context: DecisionContext,
): CaseEvent[] {
  live(state);
  requireChange(state, context);
  const restored = state.versions[command.version - 1];
  if (!restored || !Number.isInteger(command.version)) throw ValidationError.of('version', caseMessages.incorrectVersion);
  if (!command.facts.suiteLive) throw ValidationError.of('suite', caseMessages.restoredSuiteGone);
  if (sameContent(latestVersion(state).content, restored.content)) return [];
  const { caseId, projectId } = state;
  return [
    {
      type: 'CaseVersioned',
      data: {
        caseId,
        projectId,
        historyId: command.historyId,
        userId: context.actor.userId,
        content: restored.content,
        restoredFrom: command.version,
      },
    },
  ];
}

export const caseDecider: Decider<CaseCommand, CaseState, CaseEvent> = {
  initialState: initialCaseState,
  decide(command, state, context) {
    const { caseId, projectId } = state;
    switch (command.type) {
      case 'Create':
        if (state.exists) return [];
        requireProjectWrite(context.project, context.actor, 'add_testcase');
        requireValidContent(command.content, command.facts);
        return [
          {
            type: 'CaseCreated',
            data: {
              caseId: command.caseId,
              projectId: command.projectId,
              historyId: command.historyId,
              userId: context.actor.userId,
              content: command.content,
            },
          },
        ];
      case 'Update':
        return update(command, state, context);
      case 'BulkChange':
        return bulkChange(command, state, context);
      case 'RestoreVersion':
        return restoreVersion(command, state, context);
      case 'Archive':
      case 'Unarchive': {
        live(state);
        requireProjectWrite(context.project, context.actor, 'change_testcase');
        const archive = command.type === 'Archive';
        if (latestVersion(state).isArchive === archive) return [];
        const data = { caseId, projectId, historyId: command.historyId, userId: context.actor.userId };
        return [archive ? { type: 'CaseArchived', data } : { type: 'CaseUnarchived', data }];
      }
      case 'Delete':
        live(state);
        requireProjectWrite(context.project, context.actor, 'delete_testcase');
        return [
          {
            type: 'CaseDeleted',
            data: { caseId, projectId, ...(command.withSuite === undefined ? {} : { withSuite: command.withSuite }) },
          },
        ];
      case 'Recover':
      case 'Remove':
        if (!state.exists || !state.deleted) throw ValidationError.of('instance_ids', catalogueMessages.notInTrash(command.caseId));
        requireProjectWrite(context.project, context.actor, 'delete_testcase');
        return [
          command.type === 'Recover'
            ? { type: 'CaseRecovered', data: { caseId, projectId } }
            : { type: 'CaseRemoved', data: { caseId, projectId } },
        ];
    }
  },
  evolve: evolveCase,
};
