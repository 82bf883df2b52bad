import { topics, type CaseContent, type CaseEvent } from '@testament/contracts';
import { projection, type EventOf, type ProjectionView } from '../runner/projection.ts';
import { CASE_VERSIONS, CASES, type CaseDocument, type CaseHistoryRow, type CaseVersionDocument } from './case-document.ts';

/** A new case's document, written out field by field: one object shape for every case. */
function documentOf(caseId: number, projectId: number, content: CaseContent, time: string, history: CaseHistoryRow[]): CaseDocument {
  const { name, suiteId, description, setup, scenario, expected, teardown, estimate, isSteps, attributes, steps, labelIds, attachmentIds } =
    content;
  return {
    _id: caseId,
    projectId,
    name,
    nameKey: name.toLowerCase(),
    suiteId,
    description,
    setup,
    scenario,
    expected,
    teardown,
    estimate,
    isSteps,
    attributes,
    steps,
    labelIds,
    attachmentIds,
    isArchive: false,
    isDeleted: false,
    deletedAt: null,
    deletedWithSuite: null,
    createdAt: time,
    updatedAt: time,
    history,
    amendments: 0,
  };
}

/** The case after the event, or undefined when it is gone. */
function nextCase(previous: CaseDocument | undefined, event: EventOf<CaseEvent>): CaseDocument | undefined {
  const time = event.metadata.time;
  if (event.type === 'CaseCreated') {
    const { caseId, projectId, historyId, userId, content } = event.data;
    return documentOf(caseId, projectId, content, time, [{ historyId, userId, action: 'Created', date: time }]);
  }
  if (!previous) return undefined;
  switch (event.type) {
    case 'CaseVersioned': {
      const { historyId, userId, content } = event.data;
      const history = [...previous.history, { historyId, userId, action: 'Updated' as const, date: time }];
      return { ...previous, ...content, nameKey: content.name.toLowerCase(), updatedAt: time, history, amendments: 0 };
    }
    case 'CaseAmended':
      return {
        ...previous,
        ...event.data.content,
        nameKey: event.data.content.name.toLowerCase(),
        updatedAt: time,
        amendments: previous.amendments + 1,
      };
    case 'CaseArchived':
    case 'CaseUnarchived': {
      const history = [
        ...previous.history,
        { historyId: event.data.historyId, userId: event.data.userId, action: 'Updated' as const, date: time },
      ];
      return { ...previous, isArchive: event.type === 'CaseArchived', updatedAt: time, history, amendments: 0 };
    }
    case 'CaseDeleted':
      return { ...previous, isDeleted: true, deletedAt: time, deletedWithSuite: event.data.withSuite ?? null, updatedAt: time };
    case 'CaseRecovered':
      return { ...previous, isDeleted: false, deletedAt: null, deletedWithSuite: null, updatedAt: time };
    case 'CaseRemoved':
      return undefined;
  }
}

export const contentOf = (document: CaseDocument): CaseContent => {
  const { name, suiteId, description, setup, scenario, expected, teardown, estimate, isSteps, attributes, steps, labelIds, attachmentIds } =
    document;
  return { name, suiteId, description, setup, scenario, expected, teardown, estimate, isSteps, attributes, steps, labelIds, attachmentIds };
};

/** A version the case moved on from keeps a snapshot; the latest one is the case's own document. */
function keepSupersededVersion(view: ProjectionView, previous: CaseDocument): void {
  const latest = previous.history.at(-1)!;
  view.put(CASE_VERSIONS, {
    _id: latest.historyId,
    caseId: previous._id,
    isArchive: previous.isArchive,
    content: contentOf(previous),
  } satisfies CaseVersionDocument);
}

const MAKES_A_VERSION: ReadonlySet<string> = new Set<CaseEvent['type']>(['CaseVersioned', 'CaseArchived', 'CaseUnarchived']);

export const casesProjection = projection<CaseEvent>({
  name: 'cases',
  source: import.meta.url,
  collections: {
    // A project's cases in each order the table offers, a suite's in name order (archived ones apart), and the trash.
    [CASES]: {
      indexes: [
        { keys: { projectId: 1, isDeleted: 1, isArchive: 1, nameKey: 1, _id: 1 } },
        { keys: { projectId: 1, isDeleted: 1, isArchive: 1, estimate: 1, _id: 1 } },
        { keys: { projectId: 1, isDeleted: 1, isArchive: 1, createdAt: 1, _id: 1 } },
        { keys: { suiteId: 1, isDeleted: 1, isArchive: 1, nameKey: 1, _id: 1 } },
        // The label filter (§4.16): one entry per label a case carries, so a label's cases are found and counted without reading the
        // others.
        { keys: { projectId: 1, isDeleted: 1, isArchive: 1, labelIds: 1, _id: 1 } },
        { keys: { isDeleted: 1, projectId: 1, deletedAt: 1, _id: 1 } },
        { keys: { nameKey: 1 }, search: 'substring' },
      ],
    },
    [CASE_VERSIONS]: { indexes: [{ keys: { caseId: 1, _id: 1 } }] },
  },
  handles: new Set([
    'CaseCreated',
    'CaseVersioned',
    'CaseAmended',
    'CaseArchived',
    'CaseUnarchived',
    'CaseDeleted',
    'CaseRecovered',
    'CaseRemoved',
  ]),
  keys: (event) => [[CASES, event.data.caseId]],
  apply(event, view) {
    const previous = view.get<CaseDocument>(CASES, event.data.caseId);
    const next = nextCase(previous, event);
    if (previous && MAKES_A_VERSION.has(event.type)) keepSupersededVersion(view, previous);
    if (next) view.put(CASES, next);
    else if (event.type === 'CaseRemoved') view.remove(CASES, event.data.caseId);
    view.notify(topics.suites(event.data.projectId));
  },
});
