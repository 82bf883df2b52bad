import type { Collection, Document, ReadStore, WriteOperation } from '@testament/infra';
import type { DocumentKey, ProjectedEvent, Projection, ProjectionView } from './projection.ts';

/** Every read-model document remembers the position of the last event folded into it. */
const POSITION_FIELD = '_pos';

interface Slot {
  document: Document | undefined;
  /** Position already folded into the stored document: re-delivered events at or below it are skipped. */
  storedPosition: number;
  dirty: boolean;
}

/**
 * One batch of events folded in memory: documents are loaded once, changed by
 * every event in order, and written back once with a single bulkWrite per collection.
 */
export class Batch {
  private readonly slots = new Map<string, Map<Document['_id'], Slot>>();
  readonly topics = new Set<string>();

  constructor(private readonly readStore: ReadStore) {}

  async load(keys: Iterable<DocumentKey>): Promise<void> {
    const wanted = new Map<string, Set<Document['_id']>>();
    for (const [collection, id] of keys) {
      if (this.slots.get(collection)?.has(id)) continue;
      let ids = wanted.get(collection);
      if (!ids) wanted.set(collection, (ids = new Set()));
      ids.add(id);
    }
    await Promise.all(
      [...wanted].map(async ([collection, ids]) => {
        const found = await this.readStore.collection(collection).find({ _id: { $in: [...ids] } });
        const slots = this.slotsOf(collection);
        const byId = new Map(found.map((doc) => [doc._id, doc]));
        for (const id of ids) {
          const document = byId.get(id);
          slots.set(id, { document, storedPosition: Number(document?.[POSITION_FIELD] ?? 0), dirty: false });
        }
      }),
    );
  }

  apply(projection: Projection, event: ProjectedEvent): void {
    projection.apply(event, this.viewFor(event));
  }

  async write(): Promise<void> {
    await Promise.all(
      [...this.slots].map(async ([collection, slots]) => {
        const operations: WriteOperation[] = [];
        for (const [id, slot] of slots) {
          if (!slot.dirty) continue;
          operations.push(
            slot.document
              ? { replaceOne: { filter: { _id: id }, replacement: slot.document, upsert: true } }
              : { deleteOne: { filter: { _id: id } } },
          );
        }
        if (operations.length > 0) await (this.readStore.collection(collection) as Collection).bulkWrite(operations);
      }),
    );
  }

  private slotsOf(collection: string): Map<Document['_id'], Slot> {
    let slots = this.slots.get(collection);
    if (!slots) this.slots.set(collection, (slots = new Map()));
    return slots;
  }

  private slot(collection: string, id: Document['_id']): Slot {
    const slots = this.slotsOf(collection);
    let slot = slots.get(id);
    // A document the projection did not ask for is treated as new; keys() must name what apply() reads.
    if (!slot) slots.set(id, (slot = { document: undefined, storedPosition: 0, dirty: false }));
    return slot;
  }

  private viewFor(event: ProjectedEvent): ProjectionView {
    return {
      get: <T extends Document>(collection: string, id: Document['_id']) => this.slot(collection, id).document as T | undefined,
      put: (collection, document) => {
        const slot = this.slot(collection, document._id);
        if (slot.storedPosition >= event.position) return;
        slot.document = { ...document, [POSITION_FIELD]: event.position };
        slot.dirty = true;
      },
      remove: (collection, id) => {
        const slot = this.slot(collection, id);
        if (slot.storedPosition >= event.position) return;
        slot.document = undefined;
        slot.dirty = true;
      },
      notify: (topic) => this.topics.add(topic),
    };
  }
}
