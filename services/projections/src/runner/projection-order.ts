import type { Projection } from './projection.ts';

/**
 * The order the runner applies projections to each event: a projection that
 * reads another's collections (`readsBefore`) sees them as they were before
 * the event, so it goes before their owners. Checks the declarations: each
 * collection has one owner, and what is read is owned by someone else.
 * Throws on a mistake, so a wrong declaration fails at start, not in a fold.
 */
export function projectionOrder(projections: readonly Projection[]): Projection[] {
  const owners = collectionOwners(projections);
  // Edges reader -> owner: the reader must come first.
  const after = new Map<Projection, Set<Projection>>(projections.map((projection) => [projection, new Set()]));
  for (const reader of projections) {
    for (const collection of reader.readsBefore ?? []) {
      const owner = owners.get(collection);
      if (!owner) throw new Error(`${reader.name} reads ${collection}, which no read model owns`);
      if (owner === reader) throw new Error(`${reader.name} declares its own collection ${collection} as read`);
      after.get(owner)!.add(reader);
    }
  }
  const ordered: Projection[] = [];
  const state = new Map<Projection, 'visiting' | 'done'>();
  const visit = (projection: Projection, path: string[]) => {
    if (state.get(projection) === 'done') return;
    if (state.get(projection) === 'visiting')
      throw new Error(`read models read each other in a circle: ${[...path, projection.name].join(' -> ')}`);
    state.set(projection, 'visiting');
    for (const reader of after.get(projection)!) visit(reader, [...path, projection.name]);
    state.set(projection, 'done');
    ordered.push(projection);
  };
  for (const projection of projections) visit(projection, []);
  return ordered;
}

/** By collection, the read model that owns it; throws when two declare the same one. */
export function collectionOwners(projections: readonly Projection[]): Map<string, Projection> {
  const owners = new Map<string, Projection>();
  for (const projection of projections) {
    for (const collection of Object.keys(projection.collections)) {
      const owner = owners.get(collection);
      if (owner) throw new Error(`collection ${collection} is owned by both ${owner.name} and ${projection.name}`);
      owners.set(collection, projection);
    }
  }
  return owners;
}

/**
 * Of `among`, those that read (`readsBefore`) a collection of one of `unavailable`, and those that read
 * them, and so on: a read model cannot be folded on without what it reads.
 */
export function readersOf(unavailable: Iterable<Projection>, among: Iterable<Projection>): Set<Projection> {
  const stale = new Set<string>();
  const readers = new Set<Projection>();
  const lose = (projection: Projection) => {
    for (const collection of Object.keys(projection.collections)) stale.add(collection);
  };
  for (const projection of unavailable) lose(projection);
  const candidates = [...among];
  for (let more = true; more; ) {
    more = false;
    for (const reader of candidates) {
      if (readers.has(reader) || !(reader.readsBefore ?? []).some((collection) => stale.has(collection))) continue;
      readers.add(reader);
      lose(reader);
      more = true;
    }
  }
  return readers;
}
