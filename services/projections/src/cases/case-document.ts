import type { CaseContent, CaseEvent } from '@testament/contracts';

/** A row of a case's history (§4.9): the version's internal id, who made it and when. */
export interface CaseHistoryRow {
  historyId: number;
  userId: number | null;
  action: 'Created' | 'Updated';
  date: string;
}

/** `cases`: one document per case with its latest version's content, deleted ones flagged until removed. */
export interface CaseDocument extends Omit<CaseContent, 'name'> {
  [key: string]: unknown;
  _id: number;
  projectId: number;
  name: string;
  /** Lower-cased name: sorting and search are case-insensitive. */
  nameKey: string;
  isArchive: boolean;
  isDeleted: boolean;
  deletedAt: string | null;
  /** The suite whose delete took the case to the trash, if it went with one. */
  deletedWithSuite: number | null;
  createdAt: string;
  updatedAt: string;
  /** Oldest first: a row's display version is its position plus one. */
  history: CaseHistoryRow[];
  /** How often the latest version was overwritten in place (`skip_history`): with the version, the case's ETag. */
  amendments: number;
}

export const CASES = 'cases';

/** `case_versions`: what each superseded version held, by its history id, for `?ver=` (the latest is the case's document). */
export interface CaseVersionDocument {
  [key: string]: unknown;
  _id: number;
  caseId: number;
  isArchive: boolean;
  content: CaseContent;
}

export const CASE_VERSIONS = 'case_versions';

type Contribution = { suiteId: number; cases: number; estimate: number } | null;

/**
 * What a case adds to its suite's counts after an event, from the case as it
 * was and the event alone (cheaper than building the case's next document).
 */
export function contributionAfter(previous: CaseDocument | undefined, event: CaseEvent): Contribution {
  const counted = (suiteId: number, estimate: number | null) => ({ suiteId, cases: 1, estimate: estimate ?? 0 });
  switch (event.type) {
    case 'CaseCreated':
      return counted(event.data.content.suiteId, event.data.content.estimate);
    case 'CaseVersioned':
    case 'CaseAmended':
      return previous && !previous.isArchive && !previous.isDeleted
        ? counted(event.data.content.suiteId, event.data.content.estimate)
        : null;
    case 'CaseUnarchived':
      return previous && !previous.isDeleted ? counted(previous.suiteId, previous.estimate) : null;
    case 'CaseRecovered':
      return previous && !previous.isArchive ? counted(previous.suiteId, previous.estimate) : null;
    case 'CaseArchived':
    case 'CaseDeleted':
    case 'CaseRemoved':
      return null;
  }
}

/** What a case adds to its suite's counts: one case and its estimate while it is neither archived nor deleted. */
export function caseContribution(
  document: Pick<CaseDocument, 'suiteId' | 'estimate' | 'isArchive' | 'isDeleted'> | undefined,
): Contribution {
  if (!document || document.isArchive || document.isDeleted) return null;
  return { suiteId: document.suiteId, cases: 1, estimate: document.estimate ?? 0 };
}
