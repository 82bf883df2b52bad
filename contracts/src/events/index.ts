import type { EventCatalog } from './catalog.ts';
import { commandEvents } from './command.ts';
import { projectEvents } from './project.ts';
import { statusEvents } from './status.ts';
import { labelEvents } from './label.ts';
import { parameterEvents } from './parameter.ts';
import { customAttributeEvents } from './custom-attribute.ts';
import { roleEvents } from './role.ts';
import { accessRequestEvents } from './access-request.ts';
import { notificationEvents } from './notification.ts';
import { systemMessageEvents } from './system-message.ts';
import { attachmentEvents } from './attachment.ts';
import { userEvents, usernameEvents } from './user.ts';

export * from './catalog.ts';
export * from './command.ts';
export * from './project.ts';
export * from './project-catalogue.ts';
export * from './status.ts';
export * from './label.ts';
export * from './parameter.ts';
export * from './custom-attribute.ts';
export * from './role.ts';
export * from './access-request.ts';
export * from './notification.ts';
export * from './system-message.ts';
export * from './attachment.ts';
export * from './user.ts';

/** Every event type the system writes. */
export const eventCatalog: EventCatalog = {
  ...userEvents,
  ...usernameEvents,
  ...projectEvents,
  ...statusEvents,
  ...labelEvents,
  ...parameterEvents,
  ...customAttributeEvents,
  ...roleEvents,
  ...accessRequestEvents,
  ...notificationEvents,
  ...commandEvents,
  ...systemMessageEvents,
  ...attachmentEvents,
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
