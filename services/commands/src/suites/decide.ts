import { NotFoundError, ValidationError, catalogueMessages, suiteMessages, type SuiteEvent } from '@testament/contracts';
import type { DecisionContext, Decider } from '../kernel/decider.ts';
import { requireAttributes } from '../kernel/attributes.ts';
import { requireProjectWrite } from '../kernel/project-access.ts';
import { heightOf, isAtOrAbove, requireDepth, subtreeOf } from '../kernel/tree.ts';
import { initialSuiteTree, suiteTreeFold, type SuiteNode, type SuiteTreeState } from './evolve.ts';

export interface SuiteFields {
  parentId: number | null;
  name: string;
  description: string;
  attributes: Record<string, unknown>;
  attachmentIds: number[];
}

/**
 * What the handler looked up in other aggregates: the custom attributes a suite of this project must have (§4.17), and a named file that is
 * not the project's.
 */
export interface SuiteFacts {
  requiredAttributes: readonly string[];
  unusableAttachment: number | null;
}

/** A suite to make: its id, project, fields and what the handler looked up for it. */
export interface NewSuite {
  id: number;
  projectId: number;
  fields: SuiteFields;
  facts: SuiteFacts;
}

export type SuiteCommand =
  | ({ type: 'Create' } & NewSuite)
  /** Suites made together, parents before their children (an import's folders): one decision, however many. */
  | { type: 'CreateMany'; suites: readonly NewSuite[] }
  | { type: 'Change'; id: number; changes: Partial<SuiteFields>; facts: SuiteFacts }
  | { type: 'Delete'; id: number }
  | { type: 'Recover'; id: number }
  | { type: 'Remove'; id: number };

function live(state: SuiteTreeState, id: number): SuiteNode {
  const node = state.suites.get(id);
  if (!node || node.deletedWith !== null) throw new NotFoundError();
  return node;
}

/** A parent must be a live suite of the project, and not the suite or one of its descendants. */
function requireParent(state: SuiteTreeState, parentId: number | null, selfId: number): void {
  if (parentId === null) return;
  if (parentId === selfId) throw ValidationError.of('parent', suiteMessages.ownParent);
  const parent = state.suites.get(parentId);
  if (!parent) throw ValidationError.of('parent', suiteMessages.parentUnknown(parentId));
  if (parent.deletedWith !== null) throw ValidationError.of('parent', suiteMessages.parentInTrash);
  if (isAtOrAbove(state.suites, selfId, parentId)) throw ValidationError.of('parent', suiteMessages.childOfItself);
}

/** Files must be live attachments of the suite's project. */
function requireAttachments(facts: SuiteFacts): void {
  if (facts.unusableAttachment !== null)
    throw ValidationError.of('attachments', catalogueMessages.projectUnknown(facts.unusableAttachment));
}

function create(command: NewSuite, state: SuiteTreeState, context: DecisionContext): SuiteEvent[] {
  if (state.suites.has(command.id)) return [];
  requireProjectWrite(context.project, context.actor, 'add_testsuite');
  requireParent(state, command.fields.parentId, command.id);
  requireDepth(state.suites, command.fields.parentId, 1);
  requireAttachments(command.facts);
  requireAttributes(command.fields.attributes, command.facts.requiredAttributes);
  return [{ type: 'SuiteCreated', data: { id: command.id, projectId: command.projectId, ...command.fields } }];
}

/** Each suite decided on the tree the ones before it made, so a suite may be the parent of the next. */
function createMany(suites: readonly NewSuite[], state: SuiteTreeState, context: DecisionContext): SuiteEvent[] {
  const events: SuiteEvent[] = [];
  const tree = suiteTreeFold.draft(state);
  for (const suite of suites) {
    const made = create(suite, tree.state, context);
    tree.apply(made);
    events.push(...made);
  }
  return events;
}

function change(command: Extract<SuiteCommand, { type: 'Change' }>, state: SuiteTreeState, context: DecisionContext): SuiteEvent[] {
  const node = live(state, command.id);
  requireProjectWrite(context.project, context.actor, 'change_testsuite');
  const { parentId, name, description, attributes, attachmentIds } = command.changes;
  const events: SuiteEvent[] = [];
  const details: Extract<SuiteEvent, { type: 'SuiteChanged' }>['data'] = { id: node.id };
  if (name !== undefined && name !== node.name) details.name = name;
  if (description !== undefined && description !== node.description) details.description = description;
  if (attributes !== undefined && JSON.stringify(attributes) !== JSON.stringify(node.attributes)) {
    requireAttributes(attributes, command.facts.requiredAttributes);
    details.attributes = attributes;
  }
  if (attachmentIds !== undefined && JSON.stringify(attachmentIds) !== JSON.stringify(node.attachmentIds)) {
    requireAttachments(command.facts);
    details.attachmentIds = attachmentIds;
  }
  if (Object.keys(details).length > 1) events.push({ type: 'SuiteChanged', data: details });
  if (parentId !== undefined && parentId !== node.parentId) {
    requireParent(state, parentId, node.id);
    requireDepth(
      state.suites,
      parentId,
      heightOf(state.suites, node.id, (member) => member.deletedWith === null),
    );
    events.push({ type: 'SuiteMoved', data: { id: node.id, parentId } });
  }
  return events;
}

/** The suites a recovery brings back: those under the suite that went to the trash with it. */
function deletedTogether(state: SuiteTreeState, node: SuiteNode): number[] {
  return subtreeOf(state.suites, node.id)
    .filter((member) => member.deletedWith === node.deletedWith)
    .map((member) => member.id);
}

export const suiteTreeDecider: Decider<SuiteCommand, SuiteTreeState, SuiteEvent> = {
  initialState: initialSuiteTree,
  decide(command, state, context) {
    switch (command.type) {
      case 'Create':
        return create(command, state, context);
      case 'CreateMany':
        return createMany(command.suites, state, context);
      case 'Change':
        return change(command, state, context);
      case 'Delete': {
        const node = live(state, command.id);
        requireProjectWrite(context.project, context.actor, 'delete_testsuite');
        const suiteIds = subtreeOf(state.suites, node.id)
          .filter((member) => member.deletedWith === null)
          .map((member) => member.id);
        return [{ type: 'SuiteDeleted', data: { id: node.id, suiteIds } }];
      }
      case 'Recover': {
        const node = state.suites.get(command.id);
        if (!node || node.deletedWith === null) throw ValidationError.of('instance_ids', catalogueMessages.notInTrash(command.id));
        requireProjectWrite(context.project, context.actor, 'delete_testsuite');
        const parent = node.parentId === null ? undefined : state.suites.get(node.parentId);
        if (parent && parent.deletedWith !== null) throw ValidationError.of('instance_ids', suiteMessages.parentInTrash);
        requireDepth(
          state.suites,
          node.parentId,
          heightOf(state.suites, node.id, (member) => member.deletedWith === node.deletedWith),
          'instance_ids',
        );
        return [{ type: 'SuiteRecovered', data: { id: node.id, suiteIds: deletedTogether(state, node) } }];
      }
      case 'Remove': {
        const node = state.suites.get(command.id);
        if (!node || node.deletedWith === null) throw ValidationError.of('instance_ids', catalogueMessages.notInTrash(command.id));
        requireProjectWrite(context.project, context.actor, 'delete_testsuite');
        return [{ type: 'SuiteRemoved', data: { id: node.id, suiteIds: subtreeOf(state.suites, node.id).map((member) => member.id) } }];
      }
    }
  },
  ...suiteTreeFold,
};
