import type { EventCatalog } from './catalog.ts';
import { commandEvents } from './command.ts';
import { projectEvents } from './projects.ts';
import { statusEvents } from './statuses.ts';
import { labelEvents } from './labels.ts';
import { parameterEvents } from './parameters.ts';
import { customAttributeEvents } from './custom-attributes.ts';
import { integrationEvents } from './integrations.ts';
import { groupEvents } from './groups.ts';
import { roleEvents } from './roles.ts';
import { accessRequestEvents } from './access-requests.ts';
import { notificationEvents } from './notifications.ts';
import { systemMessageEvents } from './system-messages.ts';
import { attachmentEvents } from './attachments.ts';
import { suiteEvents } from './suites.ts';
import { caseEvents } from './cases.ts';
import { commentEvents } from './comments.ts';
import { planEvents } from './plans.ts';
import { testEvents } from './tests.ts';
import { bulkJobChunkEvents, bulkJobEvents } from './bulk-jobs.ts';
import { userEvents, usernameEvents } from './users.ts';

export * from './catalog.ts';
export * from './command.ts';
export * from './projects.ts';
export * from './project-catalogue.ts';
export * from './statuses.ts';
export * from './labels.ts';
export * from './parameters.ts';
export * from './custom-attributes.ts';
export * from './integrations.ts';
export * from './groups.ts';
export * from './roles.ts';
export * from './access-requests.ts';
export * from './notifications.ts';
export * from './system-messages.ts';
export * from './attachments.ts';
export * from './suites.ts';
export * from './cases.ts';
export * from './comments.ts';
export * from './plans.ts';
export * from './tests.ts';
export * from './bulk-jobs.ts';
export * from './users.ts';

/** Every event type the system writes. */
export const eventCatalog: EventCatalog = {
  ...userEvents,
  ...usernameEvents,
  ...projectEvents,
  ...statusEvents,
  ...labelEvents,
  ...parameterEvents,
  ...customAttributeEvents,
  ...integrationEvents,
  ...groupEvents,
  ...roleEvents,
  ...accessRequestEvents,
  ...notificationEvents,
  ...commandEvents,
  ...systemMessageEvents,
  ...attachmentEvents,
  ...suiteEvents,
  ...caseEvents,
  ...commentEvents,
  ...planEvents,
  ...testEvents,
  ...bulkJobEvents,
  ...bulkJobChunkEvents,
};

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
