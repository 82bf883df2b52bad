import type { Document } from '../../ports/read-store.ts';
import { ANY_KEY, documentKeys, type IndexKey } from './index-keys.ts';

type Id = Document['_id'];

/** The declared unique index an equality index enforces, named as in duplicate key errors. */
export interface UniqueConstraint {
  name: string;
  keys: Record<string, 1 | -1>;
}

/**
 * A hash index from the equality key of one or more fields to the ids of the
 * documents holding it. It answers `{field: value}` (and `$in`) lookups, and
 * enforces uniqueness when asked to.
 */
export class EqualityIndex {
  readonly fields: readonly string[];
  /** Set when a unique index was declared on exactly these fields. */
  uniqueConstraint: UniqueConstraint | undefined;
  private readonly paths: string[][];
  private readonly entries = new Map<IndexKey, Set<Id>>();

  constructor(fields: readonly string[]) {
    this.fields = fields;
    this.uniqueConstraint = undefined;
    this.paths = fields.map((field) => field.split('.'));
  }

  keysOf(document: Document): IndexKey[] {
    return documentKeys(document, this.paths);
  }

  idsFor(key: IndexKey): ReadonlySet<Id> | undefined {
    return this.entries.get(key);
  }

  /** Documents that are candidates for any lookup (see ANY_KEY). */
  alwaysCandidates(): ReadonlySet<Id> | undefined {
    return this.entries.get(ANY_KEY);
  }

  /** The first key of `keys` already held by a document other than `id`, if any. */
  conflictingKey(id: Id, keys: readonly IndexKey[]): IndexKey | undefined {
    for (const key of keys) {
      const holders = key === ANY_KEY ? undefined : this.entries.get(key);
      if (holders && (holders.size > 1 || !holders.has(id))) return key;
    }
    return undefined;
  }

  /** A key held by two documents (what prevents making this index unique), if any. */
  sharedKey(): IndexKey | undefined {
    for (const [key, holders] of this.entries) if (holders.size > 1 && key !== ANY_KEY) return key;
    return undefined;
  }

  add(id: Id, keys: readonly IndexKey[]): void {
    for (const key of keys) {
      const holders = this.entries.get(key);
      if (holders) holders.add(id);
      else this.entries.set(key, new Set([id]));
    }
  }

  remove(id: Id, keys: readonly IndexKey[]): void {
    for (const key of keys) {
      const holders = this.entries.get(key);
      if (!holders) continue;
      holders.delete(id);
      if (holders.size === 0) this.entries.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}
