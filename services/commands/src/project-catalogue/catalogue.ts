import { NotFoundError, ValidationError, catalogueMessages } from '@testament/contracts';
import type { DecisionContext, Decider, DomainEvent } from '../kernel/decider.ts';
import { requireProjectWrite } from '../kernel/project-access.ts';

/**
 * A project's catalogue of one resource (its statuses, labels, parameters or
 * custom attributes): every item of the project in one aggregate, so the rules
 * that span items (unique names) are decided against a consistent state.
 */
export interface CatalogueItem<F> {
  readonly id: number;
  readonly fields: F;
  readonly deleted: boolean;
}

export interface CatalogueState<F> {
  readonly items: ReadonlyMap<number, CatalogueItem<F>>;
}

/** Every item has a project; null only for system statuses. */
export interface CatalogueFields {
  projectId: number | null;
}

/**
 * `facts`: what the handler looked up elsewhere for the rules (e.g. the system statuses' names).
 * `orExisting`: a create that finds a live item with its key already there is satisfied by it
 * (no event) instead of refused: labels named by a case body, which parallel requests may name alike.
 */
export type CatalogueCommand<F, X = undefined> =
  | { type: 'Create'; id: number; fields: F; facts?: X; orExisting?: boolean }
  | { type: 'Change'; id: number; changes: Partial<F>; facts?: X }
  | { type: 'Delete'; id: number }
  | { type: 'Recover'; id: number }
  | { type: 'Remove'; id: number };

export type CatalogueAction = 'add' | 'change' | 'delete';

export interface CatalogueSpec<F extends CatalogueFields, X = undefined> {
  /** Event type prefix: `Label` writes LabelCreated, LabelChanged, LabelDeleted, LabelRecovered, LabelRemoved. */
  prefix: string;
  /** Permission codename per action in the item's project (§4.14). */
  permissions: Record<CatalogueAction, string>;
  /** What must be unique among the items that are not deleted. */
  uniqueKey(fields: F): string;
  /** The 400 for an item whose key clashes with `existing`. */
  clash(fields: F, existing: F): ValidationError;
  /** Further rules for a new or changed item (`previous` is undefined on create). */
  validate?(next: F, previous: F | undefined, context: DecisionContext, facts: X | undefined): void;
  /** Who may do it. Default: the project rule, and archived projects are read-only except for superusers. */
  authorize?(action: CatalogueAction, item: F, context: DecisionContext): void;
  /** Creating the key of a deleted item brings that item back with its id instead (statuses, §3.8). */
  reviveDeleted?: boolean;
}

export const emptyCatalogue: CatalogueState<never> = { items: new Map() };

function differences<F>(current: F, changes: Partial<F>): Partial<F> {
  const changed: Partial<F> = {};
  for (const key of Object.keys(changes) as Array<keyof F>) {
    if (changes[key] !== undefined && JSON.stringify(changes[key]) !== JSON.stringify(current[key])) changed[key] = changes[key];
  }
  return changed;
}

export interface CatalogueDecider<F extends CatalogueFields, E extends DomainEvent, X = undefined>
  extends Decider<CatalogueCommand<F, X>, CatalogueState<F>, E> {
  spec: CatalogueSpec<F, X>;
}

/** Builds the decider of one resource's catalogue from its rules. */
export function catalogueDecider<F extends CatalogueFields, E extends DomainEvent, X = undefined>(
  spec: CatalogueSpec<F, X>,
): CatalogueDecider<F, E, X> {
  const event = (suffix: string, data: object) => ({ type: `${spec.prefix}${suffix}`, data }) as E;
  const authorize = (action: CatalogueAction, item: F, context: DecisionContext) =>
    spec.authorize ? spec.authorize(action, item, context) : requireProjectWrite(context.project, context.actor, spec.permissions[action]);

  const live = (state: CatalogueState<F>, id: number): CatalogueItem<F> => {
    const item = state.items.get(id);
    if (!item || item.deleted) throw new NotFoundError();
    return item;
  };
  const trashed = (state: CatalogueState<F>, id: number): CatalogueItem<F> => {
    const item = state.items.get(id);
    if (!item?.deleted) throw new ValidationError({ instance_ids: [catalogueMessages.notInTrash(id)] });
    return item;
  };
  const liveWithKey = (state: CatalogueState<F>, key: string) =>
    [...state.items.values()].find((item) => !item.deleted && spec.uniqueKey(item.fields) === key);
  const requireUnique = (state: CatalogueState<F>, fields: F, selfId: number) => {
    const key = spec.uniqueKey(fields);
    for (const item of state.items.values()) {
      if (!item.deleted && item.id !== selfId && spec.uniqueKey(item.fields) === key) throw spec.clash(fields, item.fields);
    }
  };
  const requireSameProject = (next: F, previous: F) => {
    if (next.projectId !== previous.projectId) throw ValidationError.of('project', catalogueMessages.projectFixed);
  };

  function create(command: Extract<CatalogueCommand<F, X>, { type: 'Create' }>, state: CatalogueState<F>, context: DecisionContext): E[] {
    if (state.items.has(command.id)) return [];
    authorize('add', command.fields, context);
    if (command.orExisting && liveWithKey(state, spec.uniqueKey(command.fields))) return [];
    spec.validate?.(command.fields, undefined, context, command.facts);
    if (spec.reviveDeleted) {
      const key = spec.uniqueKey(command.fields);
      const buried = [...state.items.values()].find((item) => item.deleted && spec.uniqueKey(item.fields) === key);
      if (buried) {
        requireUnique(state, command.fields, buried.id);
        const changes = differences(buried.fields, command.fields);
        const changed = Object.keys(changes).length > 0 ? [event('Changed', { id: buried.id, ...changes })] : [];
        return [event('Recovered', { id: buried.id }), ...changed];
      }
    }
    requireUnique(state, command.fields, command.id);
    return [event('Created', { id: command.id, ...command.fields })];
  }

  function change(command: Extract<CatalogueCommand<F, X>, { type: 'Change' }>, state: CatalogueState<F>, context: DecisionContext): E[] {
    const item = live(state, command.id);
    authorize('change', item.fields, context);
    const changes = differences(item.fields, command.changes);
    const next = { ...item.fields, ...changes };
    requireSameProject(next, item.fields);
    spec.validate?.(next, item.fields, context, command.facts);
    if (Object.keys(changes).length === 0) return [];
    requireUnique(state, next, item.id);
    return [event('Changed', { id: item.id, ...changes })];
  }

  return {
    spec,
    initialState: emptyCatalogue as CatalogueState<F>,
    decide(command, state, context) {
      switch (command.type) {
        case 'Create':
          return create(command, state, context);
        case 'Change':
          return change(command, state, context);
        case 'Delete': {
          const item = live(state, command.id);
          authorize('delete', item.fields, context);
          return [event('Deleted', { id: item.id })];
        }
        // Taking items out of the trash, or emptying it, needs the same permission as putting them there.
        case 'Recover': {
          const item = trashed(state, command.id);
          authorize('delete', item.fields, context);
          requireUnique(state, item.fields, item.id);
          return [event('Recovered', { id: item.id })];
        }
        case 'Remove': {
          const item = trashed(state, command.id);
          authorize('delete', item.fields, context);
          return [event('Removed', { id: item.id })];
        }
      }
    },
    evolve: (state, recorded) => evolveCatalogue(spec.prefix, state, recorded),
  };
}

/** Folds one catalogue event: `{id, ...fields}` creates, `{id, ...changes}` changes, `{id}` deletes, recovers or removes. */
export function evolveCatalogue<F>(prefix: string, state: CatalogueState<F>, event: DomainEvent): CatalogueState<F> {
  const { id, ...rest } = event.data as { id: number } & Partial<F>;
  const items = new Map(state.items);
  const item = items.get(id);
  switch (event.type.slice(prefix.length)) {
    case 'Created':
      items.set(id, { id, fields: rest as F, deleted: false });
      break;
    case 'Changed':
      if (item) items.set(id, { ...item, fields: { ...item.fields, ...rest } });
      break;
    case 'Deleted':
      if (item) items.set(id, { ...item, deleted: true });
      break;
    case 'Recovered':
      if (item) items.set(id, { ...item, deleted: false });
      break;
    case 'Removed':
      items.delete(id);
      break;
    default:
      return state;
  }
  return { items };
}
