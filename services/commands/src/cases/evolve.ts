import { caseVersionTag, type CaseContent, type CaseEvent } from '@testament/contracts';

/** One row of the case's history: what the version held and who made it. */
export interface CaseVersion {
  readonly historyId: number;
  readonly userId: number | null;
  readonly isArchive: boolean;
  readonly content: CaseContent;
  /** How often this version was overwritten in place (`skip_history`): part of its revision (`caseVersionTag`). */
  readonly amendments: number;
}

export interface CaseState {
  readonly exists: boolean;
  readonly caseId: number;
  readonly projectId: number;
  readonly deleted: boolean;
  /** Oldest first: the display version is the position plus one (§4.9). */
  readonly versions: readonly CaseVersion[];
}

export const initialCaseState: CaseState = { exists: false, caseId: 0, projectId: 0, deleted: false, versions: [] };

export const latestVersion = (state: CaseState): CaseVersion => state.versions.at(-1)!;

/** The case's current revision as its ETag names it. */
export const currentVersionTag = (state: CaseState): string => caseVersionTag(state.versions.length, latestVersion(state).amendments);

function withVersion(state: CaseState, version: CaseVersion): CaseState {
  return { ...state, versions: [...state.versions, version] };
}

export function evolveCase(state: CaseState, event: CaseEvent): CaseState {
  switch (event.type) {
    case 'CaseCreated': {
      const { caseId, projectId, historyId, userId, content } = event.data;
      return {
        exists: true,
        caseId,
        projectId,
        deleted: false,
        versions: [{ historyId, userId, isArchive: false, content, amendments: 0 }],
      };
    }
    case 'CaseVersioned':
      return withVersion(state, {
        historyId: event.data.historyId,
        userId: event.data.userId,
        isArchive: latestVersion(state).isArchive,
        content: event.data.content,
        amendments: 0,
      });
    case 'CaseAmended': {
      const latest = latestVersion(state);
      return {
        ...state,
        versions: [...state.versions.slice(0, -1), { ...latest, content: event.data.content, amendments: latest.amendments + 1 }],
      };
    }
    case 'CaseArchived':
    case 'CaseUnarchived':
      return withVersion(state, {
        ...latestVersion(state),
        historyId: event.data.historyId,
        userId: event.data.userId,
        isArchive: event.type === 'CaseArchived',
        amendments: 0,
      });
    case 'CaseDeleted':
      return { ...state, deleted: true };
    case 'CaseRecovered':
      return { ...state, deleted: false };
    case 'CaseRemoved':
      return initialCaseState;
  }
}
