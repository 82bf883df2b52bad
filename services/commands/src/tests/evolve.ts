import type { ResultFields, TestEvent } from '@testament/contracts';

/** A result as the test's rules need it. */
export interface ResultState extends Readonly<ResultFields> {
  readonly id: number;
  readonly createdAt: string;
  readonly caseHistoryId: number;
  readonly deleted: boolean;
}

export interface TestState {
  readonly exists: boolean;
  readonly testId: number;
  readonly projectId: number;
  readonly planId: number;
  readonly caseId: number;
  readonly assigneeId: number | null;
  readonly isArchive: boolean;
  /** The plan or case whose archive or delete took this test along, so its restore brings it back. */
  readonly archivedWithPlan: number | null;
  readonly archivedWithCase: number | null;
  readonly deleted: boolean;
  readonly deletedWithPlan: number | null;
  readonly deletedWithCase: number | null;
  readonly results: ReadonlyMap<number, ResultState>;
}

export const initialTestState: TestState = {
  exists: false,
  testId: 0,
  projectId: 0,
  planId: 0,
  caseId: 0,
  assigneeId: null,
  isArchive: false,
  archivedWithPlan: null,
  archivedWithCase: null,
  deleted: false,
  deletedWithPlan: null,
  deletedWithCase: null,
  results: new Map(),
};

/** D6: the status of the newest result that is not deleted, by creation time, then id; null when there is none. */
export function lastStatusOf(results: Iterable<ResultState>): number | null {
  let newest: ResultState | undefined;
  for (const result of results) {
    if (result.deleted) continue;
    if (!newest || result.createdAt > newest.createdAt || (result.createdAt === newest.createdAt && result.id > newest.id)) newest = result;
  }
  return newest?.status ?? null;
}

/** The result a result event leaves behind; undefined for other events and for a result the test does not have. */
function changedResult(state: TestState, event: TestEvent): ResultState | undefined {
  switch (event.type) {
    case 'ResultAdded': {
      const { resultId, status, comment, executionTime, attributes, attachmentIds, stepResults, isArchive, createdAt, caseHistoryId } =
        event.data;
      return {
        id: resultId,
        status,
        comment,
        executionTime,
        attributes,
        attachmentIds,
        stepResults,
        isArchive,
        createdAt,
        caseHistoryId,
        deleted: false,
      };
    }
    case 'ResultEdited': {
      const { testId: _testId, projectId: _projectId, resultId, lastStatus: _lastStatus, ...changes } = event.data;
      const result = state.results.get(resultId);
      return result && { ...result, ...changes };
    }
    case 'ResultDeleted': {
      const result = state.results.get(event.data.resultId);
      return result && { ...result, deleted: true };
    }
    default:
      return undefined;
  }
}

export function evolveTest(state: TestState, event: TestEvent): TestState {
  switch (event.type) {
    case 'TestCreated': {
      const { testId, projectId, planId, caseId, assigneeId } = event.data;
      return { ...initialTestState, exists: true, testId, projectId, planId, caseId, assigneeId };
    }
    case 'TestAssigned':
      return { ...state, assigneeId: event.data.assigneeId };
    case 'TestMoved':
      return { ...state, planId: event.data.planId };
    case 'TestArchived':
      return { ...state, isArchive: true, archivedWithPlan: event.data.withPlan ?? null, archivedWithCase: event.data.withCase ?? null };
    case 'TestUnarchived':
      return { ...state, isArchive: false, archivedWithPlan: null, archivedWithCase: null };
    case 'TestDeleted':
      return { ...state, deleted: true, deletedWithPlan: event.data.withPlan ?? null, deletedWithCase: event.data.withCase ?? null };
    case 'TestRecovered':
      return { ...state, deleted: false, deletedWithPlan: null, deletedWithCase: null };
    case 'TestRemoved':
      return initialTestState;
    case 'ResultAdded':
    case 'ResultEdited':
    case 'ResultDeleted': {
      const result = changedResult(state, event);
      return result ? { ...state, results: new Map(state.results).set(result.id, result) } : state;
    }
  }
}

/**
 * `evolveTest` over many events with one copy of the results map for the run, not one per
 * result (a test with k results loaded from its stream copied k maps): no state in between
 * is seen by anyone, so the copy is changed in place; the state given is left as it was.
 */
export function evolveTestEvents(state: TestState, events: readonly TestEvent[]): TestState {
  let owned: Map<number, ResultState> | undefined;
  for (const event of events) {
    const result = changedResult(state, event);
    if (!result) {
      state = evolveTest(state, event);
      continue;
    }
    if (state.results !== owned) {
      owned = new Map(state.results);
      state = { ...state, results: owned };
    }
    owned.set(result.id, result);
  }
  return state;
}
