import type { CaseEvent, StepResult, TestEvent } from '@testament/contracts';
import type { EventOf } from '../runner/projection.ts';

/**
 * `tests`: one document per test, with what lists filter and sort by copied
 * from its case (name, suite, labels, estimate: kept current through
 * `case_tests`) and its last status folded from its results.
 */
export interface TestDocument {
  [key: string]: unknown;
  _id: number;
  projectId: number;
  planId: number;
  caseId: number;
  name: string;
  /** Lower-cased case name: sorting and search are case-insensitive. */
  nameKey: string;
  suiteId: number;
  labelIds: number[];
  /** The case's estimate in seconds, or null. */
  estimate: number | null;
  assigneeId: number | null;
  /** The newest live result's status (D6); null when untested. */
  lastStatus: number | null;
  isArchive: boolean;
  isDeleted: boolean;
  deletedAt: string | null;
  /** The plan or case whose archive or delete took the test along (its restore brings it back). */
  archivedWithPlan: number | null;
  archivedWithCase: number | null;
  deletedWithPlan: number | null;
  deletedWithCase: number | null;
  createdAt: string;
  updatedAt: string;
}

export const TESTS = 'tests';

/** `results`: one document per result; a deleted one stays flagged (the activity history shows it). */
export interface ResultDocument {
  [key: string]: unknown;
  _id: number;
  projectId: number;
  testId: number;
  status: number;
  comment: string;
  executionTime: number | null;
  attributes: Record<string, unknown>;
  attachmentIds: number[];
  stepResults: StepResult[];
  isArchive: boolean;
  isDeleted: boolean;
  userId: number | null;
  /** The case version it was made on: history id and display version. */
  caseHistoryId: number;
  caseVersion: number;
  createdAt: string;
  /** The UTC day of `createdAt`, which a histogram groups by. */
  createdDay: string;
  updatedAt: string;
}

export const RESULTS = 'results';

/** The events that change one result (and so its test's last status). */
export const RESULT_EVENTS: ReadonlySet<string> = new Set<TestEvent['type']>(['ResultAdded', 'ResultEdited', 'ResultDeleted']);

/** A case's new content: its tests copy it (the tests read model), and their results count under its labels (the result history). */
export type CaseChangeEvent = Extract<CaseEvent, { type: 'CaseVersioned' | 'CaseAmended' }>;
export type CaseChange = EventOf<CaseChangeEvent>;
export const CASE_CHANGES: ReadonlySet<string> = new Set<CaseChangeEvent['type']>(['CaseVersioned', 'CaseAmended']);
export const isCaseChange = (event: { type: string }): event is CaseChange => CASE_CHANGES.has(event.type);

/** `case_tests`: the tests of each case, so a change of the case reaches them (the runner loads them as the event's dependents). */
export interface CaseTestsDocument {
  [key: string]: unknown;
  _id: number;
  testIds: number[];
}

export const CASE_TESTS = 'case_tests';
