import type { CollectionWrites, Document, ReadStore, WriteOperation } from '@testament/infra';
import type { DocumentKey, ProjectedEvent, Projection, ProjectionView } from './projection.ts';

/** Every read-model document remembers the position of the last event folded into it. */
const POSITION_FIELD = '_pos';

/** Dependents named by dependents, loaded ahead: a case's tests, then their plans. */
const DEPENDENT_ROUNDS = 2;

interface Slot {
  document: Document | undefined;
  /** Position already folded into the stored document: re-delivered events at or below it are skipped. */
  storedPosition: number;
  dirty: boolean;
  /** Whether the store holds the document; unknown for one the batch never loaded. */
  stored?: boolean;
}

/**
 * One batch of events folded in memory: documents are loaded once, changed by
 * every event in order, and written back once (`writes`).
 */
export class Batch {
  private readonly slots = new Map<string, Map<Document['_id'], Slot>>();
  readonly topics = new Set<string>();
  /** By document the batch owns, the parts it copied (see ProjectionView.ownPart). */
  readonly ownedParts = new Map<Document, Set<string>>();

  /** `collectTopics` false: a start's catch-up, before anyone follows a topic, skips them. */
  constructor(
    private readonly readStore: ReadStore,
    readonly collectTopics = true,
  ) {}

  async load(keys: Iterable<DocumentKey>): Promise<void> {
    const wanted = new Map<string, Set<Document['_id']>>();
    for (const [collection, id] of keys) {
      if (this.slots.get(collection)?.has(id)) continue;
      let ids = wanted.get(collection);
      if (!ids) {
        ids = new Set();
        wanted.set(collection, ids);
      }
      ids.add(id);
    }
    await Promise.all(
      [...wanted].map(async ([collection, ids]) => {
        const found = await this.readStore.collection(collection).find({ _id: { $in: [...ids] } });
        const slots = this.slotsOf(collection);
        const byId = new Map(found.map((doc) => [doc._id, doc]));
        for (const id of ids) {
          const document = byId.get(id);
          slots.set(id, {
            document,
            storedPosition: Number(document?.[POSITION_FIELD] ?? 0),
            dirty: false,
            stored: document !== undefined,
          });
        }
      }),
    );
  }

  /**
   * Loads what the events' `dependents` name, in one read per collection and round (a case's tests, then their plans): without it, each
   * event of a live batch waited for reads of its own (a result's plan and labels). An event earlier in the batch may change what a later
   * one names; `apply` still loads whatever this missed, and meets any error a projection's `dependents` throws.
   */
  async loadDependents(work: ReadonlyArray<readonly [Projection, ProjectedEvent]>): Promise<void> {
    for (let round = 0; round < DEPENDENT_ROUNDS; round++) {
      const missing: DocumentKey[] = [];
      for (const [projection, event] of work) {
        try {
          missing.push(...this.missingDependents(projection, event));
        } catch {
          // `apply` meets it, where a tolerated read model is left behind.
        }
      }
      if (missing.length === 0) return;
      await this.load(missing);
    }
  }

  /**
   * Applies the event, after loading what its `dependents` name that the batch
   * does not hold yet: then it returns a promise, otherwise it applies at once
   * (a rebuild folds a million events and most need no load).
   */
  apply(projection: Projection, event: ProjectedEvent): Promise<void> | undefined {
    const missing = this.missingDependents(projection, event);
    if (missing.length > 0) return this.loadDependentsAndApply(projection, event, missing);
    this.applyNow(projection, event);
    return undefined;
  }

  /** Dependents may be named by dependents (a case's tests, then their plans): loaded until none is missing. */
  private async loadDependentsAndApply(projection: Projection, event: ProjectedEvent, missing: DocumentKey[]): Promise<void> {
    do {
      await this.load(missing);
      missing = this.missingDependents(projection, event);
    } while (missing.length > 0);
    this.applyNow(projection, event);
  }

  private missingDependents(projection: Projection, event: ProjectedEvent): DocumentKey[] {
    return projection.dependents?.(event, this.view).filter(([collection, id]) => !this.slots.get(collection)?.has(id)) ?? [];
  }

  private applyNow(projection: Projection, event: ProjectedEvent): void {
    this.view.position = event.position;
    projection.apply(event, this.view);
  }

  /** What the batch changed, one write per document: stored with its checkpoint in one `writeAll`. */
  writes(): CollectionWrites[] {
    const writes: CollectionWrites[] = [];
    for (const [collection, slots] of this.slots) {
      const operations: WriteOperation[] = [];
      for (const [id, slot] of slots) {
        if (!slot.dirty) continue;
        // A document the load found absent is inserted, without the store first looking for it (a plan's thousand new tests).
        if (slot.document) {
          operations.push(
            slot.stored === false
              ? { insertOne: { document: slot.document } }
              : { replaceOne: { filter: { _id: id }, replacement: slot.document, upsert: true } },
          );
        } else if (slot.stored !== false) operations.push({ deleteOne: { filter: { _id: id } } });
      }
      if (operations.length > 0) writes.push({ collection, operations });
    }
    return writes;
  }

  private slotsOf(collection: string): Map<Document['_id'], Slot> {
    let slots = this.slots.get(collection);
    if (!slots) {
      slots = new Map();
      this.slots.set(collection, slots);
    }
    return slots;
  }

  private slot(collection: string, id: Document['_id']): Slot {
    const slots = this.slotsOf(collection);
    let slot = slots.get(id);
    // A document the projection did not ask for is treated as new; keys() must name what apply() reads.
    if (!slot) {
      slot = { document: undefined, storedPosition: 0, dirty: false };
      slots.set(id, slot);
    }
    return slot;
  }

  /** One view for the whole batch, pointed at the current event: no allocation per event on the hot path. */
  private readonly view = new BatchView(this);

  /** @internal Used by BatchView. */
  loaded(collection: string, id: Document['_id']): Slot | undefined {
    return this.slots.get(collection)?.get(id);
  }

  /** @internal Used by BatchView. */
  slotFor(collection: string, id: Document['_id']): Slot {
    return this.slot(collection, id);
  }
}

class BatchView implements ProjectionView {
  position = 0;

  constructor(private readonly batch: Batch) {}

  get<T extends Document>(collection: string, id: Document['_id']): T | undefined {
    // No slot for a document not loaded: `dependents` asks before it is, and a slot would stand for "loaded, none".
    return this.batch.loaded(collection, id)?.document as T | undefined;
  }

  put(collection: string, document: Document): void {
    const slot = this.batch.slotFor(collection, document._id);
    if (slot.storedPosition >= this.position) return;
    // Folds hand over new documents, so stamping the position in place copies nothing.
    document[POSITION_FIELD] = this.position;
    slot.document = document;
    slot.dirty = true;
  }

  isUnsaved(collection: string, document: Document): boolean {
    // Only `put` makes a slot dirty with a document, and nothing is stored before `write`.
    const slot = this.batch.slotFor(collection, document._id);
    return slot.dirty && slot.document === document;
  }

  ownPart<T>(document: Document, part: string, current: T | undefined, copy: (current: T | undefined) => T): T {
    let owned = this.batch.ownedParts.get(document);
    if (!owned) {
      owned = new Set();
      this.batch.ownedParts.set(document, owned);
    }
    if (current !== undefined && owned.has(part)) return current;
    owned.add(part);
    return copy(current);
  }

  remove(collection: string, id: Document['_id']): void {
    const slot = this.batch.slotFor(collection, id);
    if (slot.storedPosition >= this.position) return;
    slot.document = undefined;
    slot.dirty = true;
  }

  notify(topic: string): void {
    if (this.batch.collectTopics) this.batch.topics.add(topic);
  }
}
