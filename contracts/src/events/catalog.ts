import type { z } from 'zod';
import type { AuditAction, AuditObjectType } from '../api/audit.ts';

/**
 * Every event type has a zod schema and a schema version. Events are validated
 * when they are appended; older versions are upcast on read.
 */
export interface EventDefinition<S extends z.ZodType = z.ZodType> {
  version: number;
  schema: S;
  /** Upcasters keyed by the version they read: each returns data one version newer. */
  upcasters?: Record<number, (data: unknown) => unknown>;
  /** How the audit trail reads the event, where its name and its data do not say it alone. */
  audit?: EventAudit;
}

/** An object's fields as the audit trail has folded them from its events: what a diff compares. */
export type AuditFields = Readonly<Record<string, unknown>>;
type EventData = Record<string, unknown>;

/**
 * What an event does in the audit trail (services/projections/src/audit/). Without it, the action is read off the
 * type's suffix (`…Created`, `…Archived`; otherwise `changed`), and the event's data, less bookkeeping and secrets,
 * is merged into its object's fields.
 */
export interface EventAudit {
  action?: AuditAction;
  /** The subject's fields after the event, from those before, when they are not the data merged in. */
  fieldsAfter?: (data: EventData, before: AuditFields | undefined) => AuditFields;
  /** Other objects the event changes with its subject (a result of a test). */
  related?: (data: EventData) => Array<{ type: AuditObjectType; id: number }>;
  /** A field the event changes that the trail names without showing either value (a new password). */
  secretField?: string;
}

export type EventCatalog = Record<string, EventDefinition>;

/** The typed union of `{type, data}` for a catalogue. */
export type EventsOf<C extends EventCatalog> = {
  [K in keyof C & string]: { type: K; data: z.output<C[K]['schema']> };
}[keyof C & string];

export function defineEvents<C extends EventCatalog>(catalog: C): C {
  return catalog;
}

/** One catalogue of every module's, by the modules' names; an event type defined twice is a programming error. */
export function joinCatalogues(catalogues: Record<string, EventCatalog>): EventCatalog {
  const joined: EventCatalog = {};
  const definedBy = new Map<string, string>();
  for (const [name, catalogue] of Object.entries(catalogues)) {
    for (const [type, definition] of Object.entries(catalogue)) {
      const earlier = definedBy.get(type);
      if (earlier !== undefined) throw new Error(`event type ${type} is defined by both ${earlier} and ${name}`);
      definedBy.set(type, name);
      joined[type] = definition;
    }
  }
  return joined;
}
