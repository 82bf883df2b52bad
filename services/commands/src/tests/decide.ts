import {
  NotFoundError,
  ValidationError,
  catalogueMessages,
  resultMessages,
  testMessages,
  type ResultFields,
  type StepResult,
  type TestEvent,
} from '@testament/contracts';
import type { DecisionContext, Decider } from '../kernel/decider.ts';
import { requireProjectWrite } from '../kernel/project-access.ts';
import { requireAttributes } from '../kernel/attributes.ts';
import { evolveTest, evolveTestEvents, initialTestState, lastStatusOf, type ResultState, type TestState } from './evolve.ts';

/** The case version a result is recorded against: its history id, display version and steps. */
export interface CaseVersionFacts {
  historyId: number;
  version: number;
  steps: ReadonlyArray<{ id: number; name: string; sortOrder: number }>;
}

/**
 * What the handler looked up for a result: whether its statuses and files are the project's, the attributes its status requires (§4.17),
 * the case as it is now.
 */
export interface ResultFacts {
  unusableStatus: number | null;
  unusableAttachment: number | null;
  requiredAttributes: readonly string[];
  caseVersion: CaseVersionFacts;
}

/** The project's result-edit settings (§4.10). */
export interface EditSettings {
  isResultEditable: boolean;
  resultEditLimit: number | null;
}

/** A step's status as the API gives it: by the case step's id. */
export interface StepStatus {
  stepId: number;
  status: number;
}

type ResultInput = Omit<ResultFields, 'stepResults'>;

export type TestCommand =
  /** `permission`: tests made by a plan's create or update are the plan's business (add_testplan); one made alone needs add_test. */
  | { type: 'Create'; testId: number; projectId: number; planId: number; caseId: number; assigneeId: number | null; permission: string }
  | { type: 'Assign'; assigneeId: number | null; facts: { assigneeCanView: boolean } }
  | { type: 'Move'; planId: number; facts: { planLive: boolean } }
  | { type: 'Archive'; withPlan?: number; withCase?: number; permission?: string }
  | { type: 'Unarchive'; permission?: string }
  | { type: 'Delete'; withPlan?: number; withCase?: number; permission?: string }
  | { type: 'Recover'; testId: number; permission?: string }
  | { type: 'Remove'; testId: number; permission?: string }
  /** `stepResultIds`: fresh ids for the step results, one per step status. */
  | {
      type: 'AddResult';
      resultId: number;
      createdAt: string;
      fields: ResultInput;
      steps: StepStatus[];
      stepResultIds: number[];
      facts: ResultFacts;
    }
  | {
      type: 'EditResult';
      resultId: number;
      changes: Partial<ResultInput> & { steps?: StepStatus[] };
      facts: ResultFacts & { settings: EditSettings };
    }
  | { type: 'DeleteResult'; resultId: number };

function live(state: TestState): TestState {
  if (!state.exists || state.deleted) throw new NotFoundError();
  return state;
}

function liveResult(state: TestState, resultId: number): ResultState {
  const result = state.results.get(resultId);
  if (!result || result.deleted) throw new NotFoundError();
  return result;
}

function requireResultFacts(fields: Partial<ResultInput>, facts: ResultFacts): void {
  if (facts.unusableStatus !== null) throw ValidationError.of('status', resultMessages.statusUnknown(facts.unusableStatus));
  if (facts.unusableAttachment !== null)
    throw ValidationError.of('attachments', catalogueMessages.projectUnknown(facts.unusableAttachment));
  if (fields.attributes !== undefined) requireAttributes(fields.attributes, facts.requiredAttributes);
}

/** A result's step results: none, or exactly one for each step of the case version (named and ordered as the version has them). */
function stepResultsOf(steps: readonly StepStatus[], ids: readonly number[], version: CaseVersionFacts): StepResult[] {
  if (steps.length === 0) return [];
  const byStep = new Map(steps.map((step) => [step.stepId, step.status]));
  if (byStep.size !== steps.length || steps.length !== version.steps.length || version.steps.some((step) => !byStep.has(step.id))) {
    throw ValidationError.of('steps_results', resultMessages.stepsMismatch);
  }
  return version.steps.map((step, index) => ({
    id: ids[index]!,
    stepId: step.id,
    name: step.name,
    sortOrder: step.sortOrder,
    status: byStep.get(step.id)!,
  }));
}

function addResult(command: Extract<TestCommand, { type: 'AddResult' }>, state: TestState, context: DecisionContext): TestEvent[] {
  live(state);
  if (state.results.has(command.resultId)) return [];
  requireProjectWrite(context.project, context.actor, 'add_testresult');
  if (state.isArchive) throw ValidationError.general(resultMessages.archivedTest);
  requireResultFacts(command.fields, command.facts);
  const stepResults = stepResultsOf(command.steps, command.stepResultIds, command.facts.caseVersion);
  const added: ResultState = {
    ...command.fields,
    stepResults,
    id: command.resultId,
    createdAt: command.createdAt,
    caseHistoryId: command.facts.caseVersion.historyId,
    deleted: false,
  };
  const { testId, projectId } = state;
  return [
    {
      type: 'ResultAdded',
      data: {
        testId,
        projectId,
        resultId: command.resultId,
        userId: context.actor.userId,
        createdAt: command.createdAt,
        caseHistoryId: command.facts.caseVersion.historyId,
        caseVersion: command.facts.caseVersion.version,
        ...command.fields,
        stepResults,
        lastStatus: lastStatusOf([...state.results.values(), added]),
      },
    },
  ];
}

const PROTECTED: ReadonlyArray<keyof ResultFields> = ['status', 'executionTime', 'attributes', 'attachmentIds', 'stepResults'];
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** §4.10 with D9: a protected field blocks the edit only when its value really changes. */
function requireEditable(
  result: ResultState,
  changed: Partial<ResultFields>,
  facts: ResultFacts & { settings: EditSettings },
  now: string,
): void {
  if (!PROTECTED.some((field) => field in changed)) return;
  if (!facts.settings.isResultEditable) throw ValidationError.general(resultMessages.notEditable);
  const limit = facts.settings.resultEditLimit;
  if (limit !== null && Date.parse(now) - Date.parse(result.createdAt) > limit * 1000)
    throw ValidationError.general(resultMessages.gapClosed(limit));
  if (facts.caseVersion.historyId !== result.caseHistoryId) throw ValidationError.general(resultMessages.caseVersionChanged);
}

function editResult(command: Extract<TestCommand, { type: 'EditResult' }>, state: TestState, context: DecisionContext): TestEvent[] {
  live(state);
  const result = liveResult(state, command.resultId);
  requireProjectWrite(context.project, context.actor, 'change_testresult');
  if (state.isArchive) throw ValidationError.general(resultMessages.archivedTest);
  const { steps, ...fields } = command.changes;
  const changed: Partial<ResultFields> = {};
  for (const [key, value] of Object.entries(fields) as Array<[keyof ResultInput, never]>) {
    if (value !== undefined && !same(value, result[key])) changed[key] = value;
  }
  // An archived result can only be restored.
  if (result.isArchive && Object.keys(changed).some((key) => key !== 'isArchive'))
    throw ValidationError.general(resultMessages.archivedResult);
  if (steps !== undefined) {
    const statusOf = new Map(steps.map((step) => [step.stepId, step.status]));
    if ([...statusOf.keys()].some((stepId) => !result.stepResults.some((step) => step.stepId === stepId)))
      throw ValidationError.of('steps_results', resultMessages.stepsMismatch);
    const stepResults = result.stepResults.map((step) => ({ ...step, status: statusOf.get(step.stepId) ?? step.status }));
    if (!same(stepResults, result.stepResults)) changed.stepResults = stepResults;
  }
  if (Object.keys(changed).length === 0) return [];
  requireResultFacts(changed, command.facts);
  requireEditable(result, changed, command.facts, context.now);
  const { testId, projectId } = state;
  const lastStatus = lastStatusOf(new Map(state.results).set(result.id, { ...result, ...changed }).values());
  return [{ type: 'ResultEdited', data: { testId, projectId, resultId: result.id, ...changed, lastStatus } }];
}

function create(command: Extract<TestCommand, { type: 'Create' }>, state: TestState, context: DecisionContext): TestEvent[] {
  if (state.exists) return [];
  requireProjectWrite(context.project, context.actor, command.permission);
  const { testId, projectId, planId, caseId, assigneeId } = command;
  return [{ type: 'TestCreated', data: { testId, projectId, planId, caseId, assigneeId } }];
}

/** The plan or case a cascade came from, as the event names it. */
const takenWith = ({ withPlan, withCase }: { withPlan?: number; withCase?: number }) => ({
  ...(withPlan === undefined ? {} : { withPlan }),
  ...(withCase === undefined ? {} : { withCase }),
});

function requireInTrash(state: TestState, testId: number): void {
  if (!state.exists || !state.deleted) throw ValidationError.of('instance_ids', catalogueMessages.notInTrash(testId));
}

export const testDecider: Decider<TestCommand, TestState, TestEvent> = {
  initialState: initialTestState,
  decide(command, state, context) {
    const ref = { testId: state.testId, projectId: state.projectId };
    const write = (permission: string) => requireProjectWrite(context.project, context.actor, permission);
    switch (command.type) {
      case 'Create':
        return create(command, state, context);
      case 'Assign':
        live(state);
        write('change_test');
        if (command.assigneeId === state.assigneeId) return []; // D11
        if (command.assigneeId !== null && !command.facts.assigneeCanView) throw ValidationError.of('assignee', testMessages.notAMember);
        return [{ type: 'TestAssigned', data: { ...ref, assigneeId: command.assigneeId, previousAssigneeId: state.assigneeId } }];
      case 'Move':
        live(state);
        write('change_test');
        if (command.planId === state.planId) return [];
        if (!command.facts.planLive) throw ValidationError.of('plan', testMessages.planUnknown(command.planId));
        return [{ type: 'TestMoved', data: { ...ref, planId: command.planId } }];
      case 'Archive':
        live(state);
        write(command.permission ?? 'change_test');
        if (state.isArchive) return [];
        return [{ type: 'TestArchived', data: { ...ref, ...takenWith(command) } }];
      case 'Unarchive':
        live(state);
        write(command.permission ?? 'change_test');
        return state.isArchive ? [{ type: 'TestUnarchived', data: ref }] : [];
      case 'Delete':
        live(state);
        write(command.permission ?? 'delete_test');
        return [{ type: 'TestDeleted', data: { ...ref, ...takenWith(command) } }];
      case 'Recover':
        requireInTrash(state, command.testId);
        write(command.permission ?? 'delete_test');
        return [{ type: 'TestRecovered', data: ref }];
      case 'Remove':
        requireInTrash(state, command.testId);
        write(command.permission ?? 'delete_test');
        return [{ type: 'TestRemoved', data: ref }];
      case 'AddResult':
        return addResult(command, state, context);
      case 'EditResult':
        return editResult(command, state, context);
      case 'DeleteResult': {
        live(state);
        const result = liveResult(state, command.resultId);
        write('delete_testresult');
        const lastStatus = lastStatusOf(new Map(state.results).set(result.id, { ...result, deleted: true }).values());
        return [{ type: 'ResultDeleted', data: { ...ref, resultId: result.id, lastStatus } }];
      }
    }
  },
  evolve: evolveTest,
  evolveAll: evolveTestEvents,
  // A result is recorded on a test by most commands: its stream is the one a restart has to read most often.
  snapshot: {
    encode: (state) => ({ ...state, results: [...state.results.values()] }),
    decode: (value) => {
      const { results, ...test } = value as Omit<TestState, 'results'> & { results: ResultState[] };
      return { ...test, results: new Map(results.map((result) => [result.id, result])) };
    },
  },
};
