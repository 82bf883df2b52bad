import {
  LIMITS,
  NotFoundError,
  PermissionDeniedError,
  ValidationError,
  catalogueMessages,
  messages,
  planMessages,
  type PlanEvent,
  type PlanFields,
} from '@testament/contracts';
import type { DecisionContext, Decider } from '../kernel/decider.ts';
import { requireProjectWrite } from '../kernel/project-access.ts';
import { ancestorsOf, heightOf, isAtOrAbove, requireDepth, subtreeOf } from '../kernel/tree.ts';
import { requireAttributes } from '../kernel/attributes.ts';
import { initialPlanTree, planTreeFold, type PlanNode, type PlanTreeState } from './evolve.ts';

/**
 * What the handler looked up in other aggregates: the custom attributes a plan of this project must have (§4.17), and a named file that is
 * not the project's.
 */
export interface PlanFacts {
  requiredAttributes: readonly string[];
  unusableAttachment: number | null;
}

export type PlanCommand =
  /** One plan per entry of `plans`, each with its parameter combination (§4.18). */
  | {
      type: 'Create';
      projectId: number;
      parentId: number | null;
      fields: PlanFields;
      isArchive: boolean;
      plans: ReadonlyArray<{ id: number; parameterIds: number[] }>;
      facts: PlanFacts;
    }
  | { type: 'Change'; id: number; changes: Partial<PlanFields> & { parentId?: number | null }; facts: PlanFacts }
  | { type: 'Archive'; id: number }
  | { type: 'Unarchive'; id: number }
  | { type: 'Delete'; id: number }
  | { type: 'Recover'; id: number }
  | { type: 'Remove'; id: number };

function live(state: PlanTreeState, id: number): PlanNode {
  const node = state.plans.get(id);
  if (!node || node.deletedWith !== null) throw new NotFoundError();
  return node;
}

/** A parent must be a live plan of the project, not archived itself or above (§3.4), and not the plan or one under it. */
function requireParent(state: PlanTreeState, parentId: number | null, selfId: number | null): void {
  if (parentId === null) return;
  if (parentId === selfId) throw ValidationError.of('parent', planMessages.ownParent);
  const parent = state.plans.get(parentId);
  if (!parent) throw ValidationError.of('parent', planMessages.parentUnknown(parentId));
  if (parent.deletedWith !== null) throw ValidationError.of('parent', planMessages.parentInTrash);
  if (selfId !== null && isAtOrAbove(state.plans, selfId, parentId)) throw ValidationError.of('parent', planMessages.childOfItself);
  if (parent.isArchive || ancestorsOf(state.plans, parentId).some((ancestor) => ancestor.isArchive))
    throw ValidationError.of('parent', planMessages.parentArchived);
}

function requireDates(startedAt: string | undefined, dueDate: string | undefined): void {
  if (startedAt !== undefined && dueDate !== undefined && Date.parse(startedAt) >= Date.parse(dueDate))
    throw ValidationError.of('due_date', planMessages.datesOrder);
}

function requireAttachments(facts: PlanFacts): void {
  if (facts.unusableAttachment !== null)
    throw ValidationError.of('attachments', catalogueMessages.projectUnknown(facts.unusableAttachment));
}

/** An archived plan stays as it is for everyone but superusers, as an archived case does (§2.7). */
function requireChangeable(node: PlanNode, context: DecisionContext): void {
  requireProjectWrite(context.project, context.actor, 'change_testplan');
  if (node.isArchive && !context.actor.isSuperuser) throw new PermissionDeniedError(messages.archivedReadOnly);
}

function create(command: Extract<PlanCommand, { type: 'Create' }>, state: PlanTreeState, context: DecisionContext): PlanEvent[] {
  if (state.plans.has(command.plans[0]!.id)) return []; // a retried create: its first plan's id was reserved
  requireProjectWrite(context.project, context.actor, 'add_testplan');
  requireParent(state, command.parentId, null);
  requireDepth(state.plans, command.parentId, 1);
  if (command.plans.length > LIMITS.plansPerCreate)
    throw ValidationError.of('parameters', messages.tooManyCombinations(command.plans.length, LIMITS.plansPerCreate));
  requireDates(command.fields.startedAt, command.fields.dueDate);
  requireAttachments(command.facts);
  requireAttributes(command.fields.attributes, command.facts.requiredAttributes);
  return command.plans.map((plan) => ({
    type: 'PlanCreated',
    data: {
      id: plan.id,
      projectId: command.projectId,
      parentId: command.parentId,
      parameterIds: plan.parameterIds,
      isArchive: command.isArchive,
      ...command.fields,
    },
  }));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function change(command: Extract<PlanCommand, { type: 'Change' }>, state: PlanTreeState, context: DecisionContext): PlanEvent[] {
  const node = live(state, command.id);
  requireChangeable(node, context);
  const { parentId, ...fields } = command.changes;
  requireDates(fields.startedAt, fields.dueDate);
  const details: Extract<PlanEvent, { type: 'PlanChanged' }>['data'] = { id: node.id };
  for (const [key, value] of Object.entries(fields) as Array<[keyof PlanFields, never]>) {
    if (value !== undefined && !same(value, node[key])) details[key] = value;
  }
  if (details.attributes !== undefined) requireAttributes(details.attributes, command.facts.requiredAttributes);
  if (details.attachmentIds !== undefined) requireAttachments(command.facts);
  const events: PlanEvent[] = Object.keys(details).length > 1 ? [{ type: 'PlanChanged', data: details }] : [];
  if (parentId !== undefined && parentId !== node.parentId) {
    requireParent(state, parentId, node.id);
    requireDepth(
      state.plans,
      parentId,
      heightOf(state.plans, node.id, (member) => member.deletedWith === null),
    );
    events.push({ type: 'PlanMoved', data: { id: node.id, parentId } });
  }
  return events;
}

/** The plans of the subtree that share the root's mark (archived with it, deleted with it). */
function takenTogether(state: PlanTreeState, node: PlanNode, mark: (member: PlanNode) => number | null): number[] {
  return subtreeOf(state.plans, node.id)
    .filter((member) => mark(member) === mark(node))
    .map((member) => member.id);
}

function inTrash(state: PlanTreeState, id: number, context: DecisionContext): PlanNode {
  const node = state.plans.get(id);
  if (!node || node.deletedWith === null) throw ValidationError.of('instance_ids', catalogueMessages.notInTrash(id));
  requireProjectWrite(context.project, context.actor, 'delete_testplan');
  return node;
}

export const planTreeDecider: Decider<PlanCommand, PlanTreeState, PlanEvent> = {
  initialState: initialPlanTree,
  decide(command, state, context) {
    switch (command.type) {
      case 'Create':
        return create(command, state, context);
      case 'Change':
        return change(command, state, context);
      case 'Archive': {
        const node = live(state, command.id);
        requireProjectWrite(context.project, context.actor, 'change_testplan');
        if (node.isArchive) return [];
        const planIds = subtreeOf(state.plans, node.id)
          .filter((member) => !member.isArchive && member.deletedWith === null)
          .map((member) => member.id);
        return [{ type: 'PlanArchived', data: { id: node.id, planIds } }];
      }
      case 'Unarchive': {
        const node = live(state, command.id);
        requireProjectWrite(context.project, context.actor, 'change_testplan');
        if (!node.isArchive) return [];
        if (ancestorsOf(state.plans, node.id).some((ancestor) => ancestor.isArchive))
          throw ValidationError.of('parent', planMessages.parentArchived);
        // A plan archived with an ancestor's subtree, or on its own, brings back what went with it.
        const planIds = node.archivedWith === null ? [node.id] : takenTogether(state, node, (member) => member.archivedWith);
        return [{ type: 'PlanUnarchived', data: { id: node.id, planIds } }];
      }
      case 'Delete': {
        const node = live(state, command.id);
        requireProjectWrite(context.project, context.actor, 'delete_testplan');
        const planIds = subtreeOf(state.plans, node.id)
          .filter((member) => member.deletedWith === null)
          .map((member) => member.id);
        return [{ type: 'PlanDeleted', data: { id: node.id, planIds } }];
      }
      case 'Recover': {
        const node = inTrash(state, command.id, context);
        const parent = node.parentId === null ? undefined : state.plans.get(node.parentId);
        if (parent && parent.deletedWith !== null) throw ValidationError.of('instance_ids', planMessages.parentInTrash);
        requireDepth(
          state.plans,
          node.parentId,
          heightOf(state.plans, node.id, (member) => member.deletedWith === node.deletedWith),
          'instance_ids',
        );
        return [{ type: 'PlanRecovered', data: { id: node.id, planIds: takenTogether(state, node, (member) => member.deletedWith) } }];
      }
      case 'Remove': {
        const node = inTrash(state, command.id, context);
        return [{ type: 'PlanRemoved', data: { id: node.id, planIds: subtreeOf(state.plans, node.id).map((member) => member.id) } }];
      }
    }
  },
  ...planTreeFold,
};
