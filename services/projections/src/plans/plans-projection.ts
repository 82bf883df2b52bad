import { streams, topics, type PlanEvent } from '@testament/contracts';
import { projection, type EventOf, type ProjectionView } from '../runner/projection.ts';
import { naturalSortKey } from '../trees/natural-order.ts';
import { PLAN_TREES, PLANS, type PlanDocument, type PlanTreeDocument, type PlanTreeNode } from './plan-document.ts';

const idsOf = (event: EventOf<PlanEvent>): number[] => ('planIds' in event.data ? event.data.planIds : [event.data.id]);

function changePlan(view: ProjectionView, id: number, time: string, changes: Partial<PlanDocument>): void {
  const plan = view.get<PlanDocument>(PLANS, id);
  if (plan) view.put(PLANS, { ...plan, ...changes, updatedAt: time });
}

function applyToPlans(event: EventOf<PlanEvent>, view: ProjectionView, projectId: number): void {
  const time = event.metadata.time;
  switch (event.type) {
    case 'PlanCreated': {
      const { id, parentId, name, description, startedAt, dueDate, finishedAt, attributes, attachmentIds, parameterIds, isArchive } =
        event.data;
      const plan: PlanDocument = {
        _id: id,
        projectId,
        parentId,
        name,
        sortKey: naturalSortKey(name),
        description,
        startedAt,
        dueDate,
        finishedAt,
        attributes,
        attachmentIds,
        parameterIds,
        isArchive,
        isDeleted: false,
        deletedAt: null,
        createdAt: time,
        updatedAt: time,
      };
      view.put(PLANS, plan);
      return;
    }
    case 'PlanChanged': {
      const { id, ...changes } = event.data;
      changePlan(view, id, time, changes.name === undefined ? changes : { ...changes, sortKey: naturalSortKey(changes.name) });
      return;
    }
    case 'PlanMoved':
      changePlan(view, event.data.id, time, { parentId: event.data.parentId });
      return;
    case 'PlanArchived':
    case 'PlanUnarchived':
      for (const id of event.data.planIds) changePlan(view, id, time, { isArchive: event.type === 'PlanArchived' });
      return;
    case 'PlanDeleted':
    case 'PlanRecovered': {
      const deleted = event.type === 'PlanDeleted';
      for (const id of event.data.planIds) changePlan(view, id, time, { isDeleted: deleted, deletedAt: deleted ? time : null });
      return;
    }
    case 'PlanRemoved':
      for (const id of event.data.planIds) view.remove(PLANS, id);
  }
}

/** The project's tree to change: the one this batch already made, or a copy of the stored one (copied once per batch, not per event). */
function draftOf(view: ProjectionView, projectId: number): PlanTreeDocument {
  const tree = view.get<PlanTreeDocument>(PLAN_TREES, projectId);
  if (!tree) return { _id: projectId, nodes: [], shape: 0 };
  return view.isUnsaved(PLAN_TREES, tree) ? tree : { ...tree, nodes: [...tree.nodes] };
}

function changeNodes(tree: PlanTreeDocument, ids: readonly number[], change: (node: PlanTreeNode) => PlanTreeNode | null): void {
  const touched = new Set(ids);
  tree.nodes = tree.nodes.flatMap((node) => (touched.has(node.id) ? (change(node) ?? []) : [node]));
}

/** Renames, date and archive changes keep the tree's shape; creations, moves, deletes and their undoing change it. */
function applyToTree(event: EventOf<PlanEvent>, view: ProjectionView, projectId: number): void {
  const tree = draftOf(view, projectId);
  let reshaped = true;
  switch (event.type) {
    case 'PlanCreated': {
      const { id, parentId, name, parameterIds, isArchive, startedAt } = event.data;
      if (tree.nodes.some((node) => node.id === id)) return;
      // Ids only grow, so a new plan goes last and the nodes stay sorted by id.
      tree.nodes.push({ id, parentId, name, parameterIds, isArchive, startedAt, createdAt: event.metadata.time, deleted: false });
      break;
    }
    case 'PlanChanged': {
      const { name, startedAt } = event.data;
      if (name === undefined && startedAt === undefined) return;
      changeNodes(tree, [event.data.id], (node) => ({ ...node, name: name ?? node.name, startedAt: startedAt ?? node.startedAt }));
      reshaped = false;
      break;
    }
    case 'PlanMoved':
      changeNodes(tree, [event.data.id], (node) => ({ ...node, parentId: event.data.parentId }));
      break;
    case 'PlanArchived':
    case 'PlanUnarchived':
      changeNodes(tree, event.data.planIds, (node) => ({ ...node, isArchive: event.type === 'PlanArchived' }));
      reshaped = false;
      break;
    case 'PlanDeleted':
    case 'PlanRecovered':
      changeNodes(tree, event.data.planIds, (node) => ({ ...node, deleted: event.type === 'PlanDeleted' }));
      break;
    case 'PlanRemoved':
      changeNodes(tree, event.data.planIds, () => null);
  }
  if (reshaped) tree.shape = (tree.shape ?? 0) + 1;
  view.put(PLAN_TREES, tree);
}

export const plansProjection = projection<PlanEvent>({
  name: 'plans',
  source: import.meta.url,
  collections: {
    // A level of the tree in its natural order, a project's plans in each order the list offers, and the trash.
    [PLANS]: {
      indexes: [
        { keys: { projectId: 1, isDeleted: 1, parentId: 1, sortKey: 1, _id: 1 } },
        { keys: { projectId: 1, isDeleted: 1, sortKey: 1, _id: 1 } },
        { keys: { projectId: 1, isDeleted: 1, startedAt: 1, _id: 1 } },
        { keys: { projectId: 1, isDeleted: 1, createdAt: 1, _id: 1 } },
        { keys: { isDeleted: 1, projectId: 1, deletedAt: 1, _id: 1 } },
      ],
    },
    [PLAN_TREES]: { indexes: [] },
  },
  handles: new Set([
    'PlanCreated',
    'PlanChanged',
    'PlanMoved',
    'PlanArchived',
    'PlanUnarchived',
    'PlanDeleted',
    'PlanRecovered',
    'PlanRemoved',
  ]),
  keys: (event) => [[PLAN_TREES, streams.plans.idOf(event.stream)], ...idsOf(event).map((id) => [PLANS, id] as const)],
  apply(event, view) {
    const projectId = streams.plans.idOf(event.stream);
    applyToPlans(event, view, projectId);
    applyToTree(event, view, projectId);
    view.notify(topics.plans(projectId));
  },
});
