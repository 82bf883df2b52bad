import type { z } from 'zod';

/**
 * Every event type has a zod schema and a schema version. Events are validated
 * when they are appended; older versions are upcast on read.
 */
export interface EventDefinition<S extends z.ZodType = z.ZodType> {
  version: number;
  schema: S;
  /** Upcasters keyed by the version they read: each returns data one version newer. */
  upcasters?: Record<number, (data: unknown) => unknown>;
}

export type EventCatalog = Record<string, EventDefinition>;

/** The typed union of `{type, data}` for a catalogue. */
export type EventsOf<C extends EventCatalog> = {
  [K in keyof C & string]: { type: K; data: z.output<C[K]['schema']> };
}[keyof C & string];

export function defineEvents<C extends EventCatalog>(catalog: C): C {
  return catalog;
}
