import { streams, topics, type CaseEvent, type SuiteEvent } from '@testament/contracts';
import { CASES, caseContribution, contributionAfter, type CaseDocument } from '../cases/case-document.ts';
import { projection, type EventOf, type ProjectionView } from '../runner/projection.ts';
import { naturalSortKey } from '../trees/natural-order.ts';
import { SUITE_TREES, SUITES, type SuiteDocument, type SuiteTreeDocument, type SuiteTreeNode } from './suite-document.ts';
import { addLeaf, countCases, withTotals } from './tree.ts';

const SUITE_EVENTS: ReadonlySet<string> = new Set<SuiteEvent['type']>([
  'SuiteCreated',
  'SuiteChanged',
  'SuiteMoved',
  'SuiteDeleted',
  'SuiteRecovered',
  'SuiteRemoved',
]);
const isSuiteEvent = (event: EventOf<SuiteEvent | CaseEvent>): event is EventOf<SuiteEvent> => SUITE_EVENTS.has(event.type);

/** The project's tree to change: the one this batch already made, or a copy of the stored one (copied once per batch, not per event). */
function draftOf(view: ProjectionView, projectId: number): SuiteTreeDocument | undefined {
  const tree = view.get<SuiteTreeDocument>(SUITE_TREES, projectId);
  if (!tree || view.isUnsaved(SUITE_TREES, tree)) return tree;
  return { ...tree, nodes: [...tree.nodes] };
}

/** A case event moves its suite's counts from what the case added before to what it adds after. */
function countCase(view: ProjectionView, event: EventOf<CaseEvent>): void {
  const previous = view.get<CaseDocument>(CASES, event.data.caseId);
  const before = caseContribution(previous);
  const after = contributionAfter(previous, event);
  if (before?.suiteId === after?.suiteId && before?.estimate === after?.estimate) return;
  const tree = draftOf(view, event.data.projectId);
  if (!tree) return;
  if (before) countCases(tree.nodes, before.suiteId, -1, -before.estimate);
  if (after) countCases(tree.nodes, after.suiteId, 1, after.estimate);
  view.put(SUITE_TREES, tree);
  view.notify(topics.suites(event.data.projectId));
}

const idsOf = (event: EventOf<SuiteEvent>): number[] => ('suiteIds' in event.data ? event.data.suiteIds : [event.data.id]);

function changeSuite(view: ProjectionView, id: number, time: string, change: (suite: SuiteDocument) => void): void {
  const suite = view.get<SuiteDocument>(SUITES, id);
  if (!suite) return;
  const next = { ...suite, updatedAt: time };
  change(next);
  view.put(SUITES, next);
}

/** A change of the tree's shape: the nodes after it, whose totals are then worked out again. */
function reshaped(
  nodes: readonly SuiteTreeNode[],
  event: EventOf<Extract<SuiteEvent, { type: 'SuiteMoved' | 'SuiteDeleted' | 'SuiteRecovered' | 'SuiteRemoved' }>>,
): SuiteTreeNode[] {
  switch (event.type) {
    case 'SuiteMoved':
      return nodes.map((node) => (node.id === event.data.id ? { ...node, parentId: event.data.parentId } : node));
    case 'SuiteDeleted':
    case 'SuiteRecovered': {
      const touched = new Set(event.data.suiteIds);
      const deleted = event.type === 'SuiteDeleted';
      return nodes.map((node) => (touched.has(node.id) ? { ...node, deleted } : node));
    }
    case 'SuiteRemoved': {
      const gone = new Set(event.data.suiteIds);
      return nodes.filter((node) => !gone.has(node.id));
    }
  }
}

/**
 * The project's suite tree after a suite event: a new leaf and a rename in place, any other change of shape by working the totals out
 * again.
 */
function applyToTree(event: EventOf<SuiteEvent>, view: ProjectionView, projectId: number): void {
  const tree = draftOf(view, projectId) ?? { _id: projectId, nodes: [], shape: 0 };
  switch (event.type) {
    case 'SuiteCreated': {
      const { id, parentId, name } = event.data;
      if (tree.nodes.some((node) => node.id === id)) return;
      addLeaf(tree.nodes, {
        id,
        parentId,
        name,
        sortKey: naturalSortKey(name),
        createdAt: event.metadata.time,
        deleted: false,
        cases: 0,
        estimate: 0,
        descendants: 0,
        totalCases: 0,
        totalEstimate: 0,
      });
      break;
    }
    case 'SuiteChanged': {
      const at = tree.nodes.findIndex((node) => node.id === event.data.id);
      if (event.data.name === undefined || at < 0) return;
      tree.nodes[at] = { ...tree.nodes[at]!, name: event.data.name, sortKey: naturalSortKey(event.data.name) };
      break;
    }
    default:
      tree.nodes = withTotals(reshaped(tree.nodes, event));
  }
  // A rename keeps the shape, which readers then keep indexed (tree.ts); every other change here is one of shape.
  if (event.type !== 'SuiteChanged') tree.shape = (tree.shape ?? 0) + 1;
  view.put(SUITE_TREES, tree);
}

function applyToSuites(event: EventOf<SuiteEvent>, view: ProjectionView, projectId: number): void {
  const time = event.metadata.time;
  switch (event.type) {
    case 'SuiteCreated': {
      const { id, parentId, name, description, attributes, attachmentIds = [] } = event.data;
      view.put(SUITES, {
        _id: id,
        projectId,
        parentId,
        name,
        sortKey: naturalSortKey(name),
        description,
        attributes,
        attachmentIds,
        isDeleted: false,
        deletedAt: null,
        createdAt: time,
        updatedAt: time,
      });
      return;
    }
    case 'SuiteChanged': {
      const { name, description, attributes, attachmentIds } = event.data;
      changeSuite(view, event.data.id, time, (suite) => {
        if (attachmentIds !== undefined) suite.attachmentIds = attachmentIds;
        if (name !== undefined) Object.assign(suite, { name, sortKey: naturalSortKey(name) });
        if (description !== undefined) suite.description = description;
        if (attributes !== undefined) suite.attributes = attributes;
      });
      return;
    }
    case 'SuiteMoved':
      changeSuite(view, event.data.id, time, (suite) => (suite.parentId = event.data.parentId));
      return;
    case 'SuiteDeleted':
    case 'SuiteRecovered':
      for (const id of event.data.suiteIds) {
        changeSuite(view, id, time, (suite) =>
          Object.assign(suite, { isDeleted: event.type === 'SuiteDeleted', deletedAt: event.type === 'SuiteDeleted' ? time : null }),
        );
      }
      return;
    case 'SuiteRemoved':
      for (const id of event.data.suiteIds) view.remove(SUITES, id);
  }
}

export const suitesProjection = projection<SuiteEvent | CaseEvent>({
  name: 'suites',
  source: import.meta.url,
  collections: {
    // A level of the tree in its natural order, a project's suites in that order, and the trash.
    [SUITES]: {
      indexes: [
        { keys: { projectId: 1, isDeleted: 1, parentId: 1, sortKey: 1, _id: 1 } },
        { keys: { projectId: 1, isDeleted: 1, sortKey: 1, _id: 1 } },
        { keys: { isDeleted: 1, projectId: 1, deletedAt: 1, _id: 1 } },
      ],
    },
    [SUITE_TREES]: { indexes: [] },
  },
  // Case counts: what a case added before the event is in the cases read model as it was.
  readsBefore: [CASES],
  handles: new Set([
    ...SUITE_EVENTS,
    'CaseCreated',
    'CaseVersioned',
    'CaseAmended',
    'CaseArchived',
    'CaseUnarchived',
    'CaseDeleted',
    'CaseRecovered',
    'CaseRemoved',
  ]) as ReadonlySet<(SuiteEvent | CaseEvent)['type']>,
  keys: (event) =>
    isSuiteEvent(event)
      ? [[SUITE_TREES, streams.suites.idOf(event.stream)], ...idsOf(event).map((id) => [SUITES, id] as const)]
      : [
          [SUITE_TREES, event.data.projectId],
          [CASES, event.data.caseId],
        ],
  apply(event, view) {
    if (!isSuiteEvent(event)) return countCase(view, event);
    const projectId = streams.suites.idOf(event.stream);
    applyToSuites(event, view, projectId);
    applyToTree(event, view, projectId);
    view.notify(topics.suites(projectId));
  },
});
