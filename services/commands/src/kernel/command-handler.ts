import { streams, assertValidEvent, currentSchemaVersion, type CommandEvent } from '@testament/contracts';
import {
  WrongExpectedRevisionError,
  type EventStore,
  type ExpectedRevision,
  type IdAllocator,
  type NewEvent,
  type RecordedEvent,
} from '@testament/infra';
import { createHash } from 'node:crypto';
import type { AggregateCache } from './aggregate-cache.ts';
import type { CommandMeta } from './command-meta.ts';
import type { KeyedQueue } from './keyed-queue.ts';
import type { ProjectAccess } from './project-access.ts';
import { foldEvents, type Actor, type DecisionContext, type Decider, type DomainEvent } from './decider.ts';

export interface KernelDeps {
  store: EventStore;
  ids: IdAllocator;
  clock: () => Date;
  permissionsOf: DecisionContext['permissionsOf'];
  /** Role definitions behind permissionsOf; refresh them before a decision that reads permissions. */
  roles: RoleLookup;
  /** Serialises this process's commands per stream. */
  streams: KeyedQueue;
  /** Loads aggregates: every handler that needs an aggregate's state goes through it. */
  aggregates: AggregateCache;
  /** The caller's access to a project, for commands on the objects that live in one; the project module provides it. */
  projectAccess(projectId: number, actor: Actor): Promise<ProjectAccess>;
}

/** The role catalogue as the write side knows it: `refresh()` reads what changed in the log since last time. */
export interface RoleLookup {
  refresh(): Promise<void>;
  exists(roleId: number): boolean;
  permissionsOf(roleIds: readonly number[]): ReadonlySet<string>;
}

export interface CommandOutcome<State> {
  /** Global position of the last event written, or of the earlier identical command; 0 when nothing changed. */
  position: number;
  /** The aggregate's state after the command. */
  state: State;
  /**
   * Under an idempotency key, when the command had run already: the events that run wrote, for a command
   * whose answer names what it made (a result's id, plans' ids), so a retry answers what the first run made.
   */
  earlier?: RecordedEvent[];
}

const MAX_ATTEMPTS = 10;

/** Another process wrote the stream first: wait a little, with jitter so retries spread out. */
function backoff(attempt: number): Promise<void> {
  const ms = Math.random() * Math.min(100, 2 ** attempt);
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Events as the log stores them: checked against their schemas, with the command's metadata. */
export function toNewEvents(events: readonly DomainEvent[], meta: CommandMeta, now: string): NewEvent[] {
  return events.map((event) => {
    assertValidEvent(event.type, event.data);
    return {
      type: event.type,
      data: event.data,
      schemaVersion: currentSchemaVersion(event.type),
      metadata: {
        actorId: meta.actor.userId,
        time: now,
        correlationId: meta.correlationId,
        causationId: meta.causationId,
        commandId: meta.commandId,
        ...(meta.tokenId === undefined ? {} : { tokenId: meta.tokenId }),
      },
    };
  });
}

/**
 * Loads the aggregate, decides, appends with the expected revision, and retries
 * from a fresh read when another writer got there first. A command already
 * applied under the same idempotency key returns its earlier position instead.
 */
export function handleCommand<Command, State, Event extends DomainEvent>(
  deps: KernelDeps,
  decider: Decider<Command, State, Event>,
  stream: string,
  command: Command,
  meta: CommandMeta,
  extraContext: Pick<DecisionContext, 'project'> = {},
): Promise<CommandOutcome<State>> {
  return deps.streams.run(stream, () => decideAndAppend(deps, decider, stream, command, meta, extraContext));
}

async function decideAndAppend<Command, State, Event extends DomainEvent>(
  deps: KernelDeps,
  decider: Decider<Command, State, Event>,
  stream: string,
  command: Command,
  meta: CommandMeta,
  extraContext: Pick<DecisionContext, 'project'>,
): Promise<CommandOutcome<State>> {
  for (let attempt = 1; ; attempt++) {
    const { revision, state } = await deps.aggregates.load(stream, decider);
    if (meta.idempotent) {
      const earlier = await earlierEventsOf(deps.store, stream, meta.commandId);
      if (earlier.length > 0) return { position: earlier.at(-1)!.position, state, earlier };
    }
    const now = deps.clock().toISOString();
    const events = decider.decide(command, state, { actor: meta.actor, now, permissionsOf: deps.permissionsOf, ...extraContext });
    if (events.length === 0) return { position: 0, state };
    const newEvents = toNewEvents(events, meta, now);
    const expected = revision === -1 ? 'no_stream' : revision;
    const evolved = foldEvents(decider, state, events);
    const remember = (appendedRevision: number) =>
      deps.aggregates.remember(stream, decider, { revision: appendedRevision, state: evolved });
    if (meta.batch) {
      meta.batch.add({ stream, events: newEvents, expected, remember });
      return { position: 0, state: evolved };
    }
    try {
      const appended = await deps.store.append(stream, newEvents, expected);
      remember(appended.revision);
      return { position: appended.position, state: evolved };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
      // Another process wrote the stream: the retry folds it from the log, never from what this cache had.
      deps.aggregates.forget(stream);
      await backoff(attempt);
    }
  }
}

/**
 * The events an earlier run of this command wrote to the stream. Only
 * commands under an idempotency key ask (or sent again after their command
 * service died), which is rare, so reading the whole
 * stream is fine. It is read after the aggregate was loaded, so it sees at
 * least what the decision will: a run appended after that makes the append
 * fail on its expected revision, and the retry finds it.
 */
async function earlierEventsOf(store: EventStore, stream: string, commandId: string): Promise<RecordedEvent[]> {
  return (await store.readStream(stream)).filter((e) => e.metadata.commandId === commandId);
}

/**
 * The id of the aggregate a create command makes. Under an idempotency key the
 * id is reserved in `command-<key>` first, so a retried request reuses it and
 * then finds its own events instead of creating a second aggregate; a command
 * sent again after its command service died finds it in what it wrote (`landedId`).
 */
export async function idForNewAggregate(
  deps: KernelDeps,
  resourceType: string,
  streamOf: (id: number) => string,
  meta: CommandMeta,
): Promise<number> {
  return (await reservedId(deps, resourceType, streamOf, meta, false)).id;
}

/**
 * The same for an aggregate whose stream is its own (`streamOf(id)` names no other aggregate's): a fresh id's stream is told to the store
 * as new, since ids are never handed out twice, so the create's load of it asks the log nothing.
 */
export async function idForNewStream(
  deps: KernelDeps,
  resourceType: string,
  streamOf: (id: number) => string,
  meta: CommandMeta,
): Promise<number> {
  const { id, fresh } = await reservedId(deps, resourceType, streamOf, meta, true);
  if (fresh) deps.store.noteNewStream?.(streamOf(id));
  return id;
}

/** Trailing digits of a stream's name (`case-12` → 12). */
function trailingNumber(stream: string): number | undefined {
  const digits = /\d+$/.exec(stream)?.[0];
  return digits === undefined ? undefined : Number(digits);
}

/**
 * The id a resent command's first run made before its command service died, unreserved (it ran without an idempotency key): that of
 * one of its events in a stream `streamOf` names — in the event's data (`id`: an aggregate in a shared stream, a suite in its
 * project's tree), or, for an aggregate with a stream of its own (`ownStream`), in the stream's name.
 */
function landedId(meta: CommandMeta, streamOf: (id: number) => string, ownStream: boolean): number | undefined {
  for (const event of meta.landed ?? []) {
    if (event.metadata.commandId !== meta.commandId) continue;
    const { id } = event.data as { id?: unknown };
    const candidates = [typeof id === 'number' ? id : undefined, ownStream ? trailingNumber(event.stream) : undefined];
    for (const candidate of candidates) if (candidate !== undefined && streamOf(candidate) === event.stream) return candidate;
  }
  return undefined;
}

/** `fresh`: allocated now, not the one an earlier run of the command reserved. */
async function reservedId(
  deps: KernelDeps,
  resourceType: string,
  streamOf: (id: number) => string,
  meta: CommandMeta,
  ownStream: boolean,
): Promise<{ id: number; fresh: boolean }> {
  if (!meta.idempotent) return { id: await deps.ids.next(resourceType), fresh: true };
  const reservation = streams.commandReservation(createHash('sha256').update(meta.commandId).digest('hex').slice(0, 32));
  for (;;) {
    const existing = await deps.store.readStream(reservation);
    const accepted = existing[0]?.data as CommandEvent['data'] | undefined;
    if (accepted) return { id: accepted.aggregateId, fresh: false };
    const landed = landedId(meta, streamOf, ownStream);
    if (landed !== undefined) return { id: landed, fresh: false };
    const id = await deps.ids.next(resourceType);
    const data: CommandEvent['data'] = { stream: streamOf(id), aggregateId: id };
    try {
      await deps.store.append(reservation, toNewEvents([{ type: 'CommandAccepted', data }], meta, deps.clock().toISOString()), 'no_stream');
      return { id, fresh: true };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
}

/**
 * Appends events to a stream that must not exist yet (or must still end at
 * `expected`); false when another writer changed it first.
 */
export async function appendOnce(
  deps: KernelDeps,
  stream: string,
  events: readonly DomainEvent[],
  meta: CommandMeta,
  expected: ExpectedRevision = 'no_stream',
): Promise<{ appended: boolean; position: number }> {
  try {
    const { position } = await deps.store.append(stream, toNewEvents(events, meta, deps.clock().toISOString()), expected);
    return { appended: true, position };
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) return { appended: false, position: 0 };
    throw error;
  }
}
