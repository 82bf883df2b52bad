import { eventCatalog } from './all-events.ts';

export function currentSchemaVersion(type: string): number {
  const definition = eventCatalog[type];
  if (!definition) throw new Error(`unknown event type ${type}`);
  return definition.version;
}

/** Checks event data against its schema before it is written; a failure is a programming error. */
export function assertValidEvent(type: string, data: unknown): void {
  const definition = eventCatalog[type];
  if (!definition) throw new Error(`unknown event type ${type}`);
  const result = definition.schema.safeParse(data);
  if (!result.success) {
    throw new Error(`invalid ${type} event: ${result.error.message}`);
  }
}

/** Brings stored data up to the current schema version of its type. */
export function upcast(type: string, version: number, data: unknown): unknown {
  const definition = eventCatalog[type];
  if (!definition) return data;
  let current = data;
  for (let v = version; v < definition.version; v++) {
    const step = definition.upcasters?.[v];
    if (!step) throw new Error(`no upcaster for ${type} v${v}`);
    current = step(current);
  }
  return current;
}
