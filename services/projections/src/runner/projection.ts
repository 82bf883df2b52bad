import type { Document, FoldedEvent, IndexSpec } from '@testament/infra';

/** A stored event with its data upcast to the current schema version, without what only evidence needs (unless asked: `needsEvidence`). */
export type ProjectedEvent = FoldedEvent;

/** What a fold may touch while it applies one event: the documents it asked for, synchronously. */
export interface ProjectionView {
  get<T extends Document>(collection: string, id: Document['_id']): T | undefined;
  put(collection: string, document: Document): void;
  remove(collection: string, id: Document['_id']): void;
  /**
   * Whether `document` is what \`put\` handed over for its `_id` in `collection` in this
   * batch, not stored yet: a fold may then change it in place instead of copying it again
   * (a document changed by many events of a batch is copied once per batch).
   */
  isUnsaved(collection: string, document: Document): boolean;
  /**
   * `part` of a document this batch owns (unsaved, or a copy about to be put), writable for the
   * rest of the batch: `copy(current)` the first time the batch asks for that part of that
   * document, `current` itself afterwards. A map inside a document many events change (a plan's
   * counts in its project's document) is then copied once per batch, not once per event. The
   * caller stores what it gets in the document.
   */
  ownPart<T>(document: Document, part: string, current: T | undefined, copy: (current: T | undefined) => T): T;
  /** A live topic whose screens should refresh, e.g. `project:7`. */
  notify(topic: string): void;
}

export type DocumentKey = readonly [collection: string, id: Document['_id']];

/** A collection a read model owns: its indexes, and whether it stays small whatever the data (then it may be scanned). */
export interface CollectionSpec {
  indexes: IndexSpec[];
  bounded?: boolean;
}

/**
 * A read model: the collections it owns, those of other read models it reads,
 * the documents each event needs (loaded for the whole batch in one query per
 * collection), and the fold.
 */
export interface Projection {
  name: string;
  /**
   * The module that defines it (`import.meta.url`): the files it runs decide its version
   * (`readModelVersions`), so a change to its code folds it again, and only it.
   */
  source?: string;
  collections: Record<string, CollectionSpec>;
  /** Collections of other read models it reads, as they were before the event (the runner applies it before their owners). */
  readsBefore?: readonly string[];
  handles: ReadonlySet<string>;
  /** Folds whole `RecordedEvent`s, hashes and the command's ids too (the audit trail): its runner reads them all. */
  needsEvidence?: true;
  keys(event: ProjectedEvent): DocumentKey[];
  /**
   * Documents the event changes that only loaded documents can name (the tests
   * of a case, listed in a document `keys` named): asked just before the event
   * is applied, with the batch's documents as they are then, and loaded first;
   * asked again after each load, so dependents may name further dependents (those
   * tests' plans), until nothing named is missing.
   */
  dependents?(event: ProjectedEvent, view: Pick<ProjectionView, 'get'>): DocumentKey[];
  apply(event: ProjectedEvent, view: ProjectionView): void;
}

/** An event of the contract: its type decides the shape of its data. */
export interface ContractEvent {
  type: string;
  data: unknown;
}

/** A stored event of the contract event `E`, as folds receive it: narrowing on `type` narrows `data`. */
export type EventOf<E extends ContractEvent> = E extends unknown ? Omit<ProjectedEvent, 'type' | 'data'> & E : never;

/** A read model written against the events it handles (see `projection`). */
export interface TypedProjection<E extends ContractEvent> extends Omit<Projection, 'handles' | 'keys' | 'dependents' | 'apply'> {
  handles: ReadonlySet<E['type']>;
  keys(event: EventOf<E>): DocumentKey[];
  dependents?(event: EventOf<E>, view: Pick<ProjectionView, 'get'>): DocumentKey[];
  apply(event: EventOf<E>, view: ProjectionView): void;
}

/**
 * A read model whose folds get typed events. The runner hands a read model
 * only the types in its `handles`, upcast to the current schema: that is what
 * makes them `E`s, asserted here once instead of in every fold.
 */
export function projection<E extends ContractEvent>(typed: TypedProjection<E>): Projection {
  return typed as unknown as Projection;
}
