import type { Filter, ReadStore, Sort } from '@testament/infra';
import { createdRange } from '../cases/queries.ts';
import { findPage, type PageWindow } from '../paging.ts';
import { ProjectTree, projectTreeOf } from '../trees/project-tree.ts';
import { PLAN_TREES, PLANS, type PlanDocument, type PlanTreeDocument, type PlanTreeNode } from './plan-document.ts';

export type { PlanDocument, PlanTreeNode } from './plan-document.ts';

/** A project's plan tree indexed for reading. */
export class PlanTree extends ProjectTree<PlanTreeNode> {
  /** The plans under `id` and `id` itself: a subtree's plans. */
  subtreeIds(id: number): number[] {
    return [id, ...this.descendantsOf(id).map((node) => node.id)];
  }
}

export async function findPlanTree(readStore: ReadStore, projectId: number): Promise<PlanTree> {
  return projectTreeOf(await readStore.collection<PlanTreeDocument>(PLAN_TREES).findOne({ _id: projectId }), readStore, PlanTree);
}

/** A live plan. */
export async function findPlan(readStore: ReadStore, planId: number): Promise<PlanDocument | null> {
  const found = await readStore.collection<PlanDocument>(PLANS).findOne({ _id: planId });
  return found && !found.isDeleted ? found : null;
}

/** Plans by id (deleted ones included), in the order asked. */
export async function plansByIds(readStore: ReadStore, ids: readonly number[]): Promise<PlanDocument[]> {
  if (ids.length === 0) return [];
  const found = new Map((await readStore.collection<PlanDocument>(PLANS).find({ _id: { $in: [...ids] } })).map((plan) => [plan._id, plan]));
  return ids.flatMap((id) => found.get(id) ?? []);
}

export interface PlanFilters {
  /** One level: null the roots, an id that plan's children; every level when absent. */
  parent?: number | null;
  /** Restricts to these plans (a search's hits with their ancestors, or the plans of matching tests). */
  planIds?: number[];
  includeArchived?: boolean;
  /** Every one of these parameters. */
  parameterIds?: number[];
  /** Attribute names every plan must carry, and names of which it must carry one. */
  attributes?: string[];
  anyAttributes?: string[];
  startedAfter?: string;
  startedBefore?: string;
  createdAfter?: string;
  createdBefore?: string;
  /** `ordering=a,-b` over started_at, created_at, name and id; by name by default. */
  ordering?: string;
}

const ORDER_FIELDS: Record<string, string> = { id: '_id', name: 'sortKey', started_at: 'startedAt', created_at: 'createdAt' };

export function planSort(ordering: string | undefined): Sort {
  const sort: Sort = {};
  for (const term of (ordering || 'name').split(',').filter(Boolean)) {
    const field = ORDER_FIELDS[term.replace(/^-/, '')];
    if (field) sort[field] = term.startsWith('-') ? -1 : 1;
  }
  return { ...sort, _id: sort._id ?? Object.values(sort)[0] ?? 1 };
}

export function planFilter(projectId: number, filters: PlanFilters): Filter {
  const parts = [
    {
      projectId,
      isDeleted: false,
      ...(filters.includeArchived ? {} : { isArchive: false }),
      ...(filters.parent === undefined ? {} : { parentId: filters.parent }),
    },
    ...(filters.planIds ? [{ _id: { $in: filters.planIds } }] : []),
    ...(filters.parameterIds ?? []).map((parameterId) => ({ parameterIds: parameterId })),
    ...(filters.attributes ?? []).map((name) => ({ [`attributes.${name}`]: { $exists: true } })),
    ...(filters.anyAttributes?.length
      ? [{ $or: filters.anyAttributes.map((name) => ({ [`attributes.${name}`]: { $exists: true } })) }]
      : []),
    createdRange(filters.startedAfter, filters.startedBefore, 'startedAt'),
    createdRange(filters.createdAfter, filters.createdBefore),
  ].filter((part): part is Filter => part !== null);
  return parts.length === 1 ? parts[0]! : { $and: parts };
}

/** One page of a project's plans that pass the filters, and how many pass. */
export function listPlans(
  readStore: ReadStore,
  projectId: number,
  filters: PlanFilters,
  page: PageWindow,
): Promise<{ items: PlanDocument[]; count: number }> {
  return findPage(readStore.collection<PlanDocument>(PLANS), planFilter(projectId, filters), planSort(filters.ordering), page);
}

/** The ids of a project's plans that pass the filters (the plan filters of the tests lists). */
export async function planIdsMatching(readStore: ReadStore, projectId: number, filters: PlanFilters): Promise<number[]> {
  const found = await readStore
    .collection<PlanDocument>(PLANS)
    .find(planFilter(projectId, { ...filters, includeArchived: true }), { projection: { _id: 1 } });
  return found.map((plan) => plan._id);
}

/** Deleted plans of the given projects (null: every project), the latest deleted first. */
export function listDeletedPlans(
  readStore: ReadStore,
  projectIds: readonly number[] | null,
  page: PageWindow,
): Promise<{ items: PlanDocument[]; count: number }> {
  const filter = { isDeleted: true, ...(projectIds ? { projectId: { $in: [...projectIds] } } : {}) };
  return findPage(readStore.collection<PlanDocument>(PLANS), filter, { deletedAt: -1, _id: 1 }, page);
}

/** The live, unarchived root plan of the project with this name, if one: where a report import by plan name goes. */
export function findRootPlanNamed(readStore: ReadStore, projectId: number, name: string): Promise<PlanDocument | null> {
  return readStore
    .collection<PlanDocument>(PLANS)
    .findOne({ projectId, parentId: null, name, isDeleted: false, isArchive: false }, { sort: { _id: 1 } });
}
