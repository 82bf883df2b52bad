import type { ProjectAccess } from './project-access.ts';

/** Who asks for a change. Established by the gateway from a session or an API token. */
export interface Actor {
  /** null for the system itself (seeding, migrations). */
  userId: number | null;
  isSuperuser: boolean;
  /** Holds a role with `project_restricted` somewhere: sees only member projects. */
  isExternal: boolean;
  /** Acting through an API token kept to one project: no other project is seen or changed (contracts' mayViewProject). */
  onlyProjectId?: number | undefined;
}

export const SYSTEM_ACTOR: Actor = { userId: null, isSuperuser: true, isExternal: false };

/** Everything a decision may depend on besides the command and the state: injected, never read from the world. */
export interface DecisionContext {
  actor: Actor;
  /** UTC ISO-8601. */
  now: string;
  /** Permission codenames granted by a set of roles. */
  permissionsOf(roleIds: readonly number[]): ReadonlySet<string>;
  /** The caller's access to the project the command's object lives in, when it lives in one. */
  project?: ProjectAccess;
}

export interface DomainEvent {
  type: string;
  data: unknown;
}

/** A pure aggregate: decide what happens, evolve the state by what happened. */
export interface Decider<Command, State, Event extends DomainEvent> {
  initialState: State;
  decide(command: Command, state: State, context: DecisionContext): Event[];
  evolve(state: State, event: Event): State;
  /**
   * The same as `events.reduce(evolve, state)`, for a decider that can share work between the
   * events (a test's stream builds its map of results once, not once per result). Optional.
   */
  evolveAll?(state: State, events: readonly Event[]): State;
  /** How its state is kept in an aggregate snapshot (`AggregateCache`): a decider without one is never snapshotted. */
  snapshot?: StateCodec<State>;
}

/** A state as a JSON value and back: `decode(JSON.parse(JSON.stringify(encode(state))))` must equal `state`. */
export interface StateCodec<State> {
  encode(state: State): unknown;
  decode(value: unknown): State;
}

/** The state after `events`: through the decider's `evolveAll` when it has one. */
export function foldEvents<State, Event extends DomainEvent>(
  decider: Pick<Decider<unknown, State, Event>, 'evolve' | 'evolveAll'>,
  state: State,
  events: readonly Event[],
): State {
  return decider.evolveAll ? decider.evolveAll(state, events) : events.reduce(decider.evolve, state);
}
