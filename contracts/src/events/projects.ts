import { z } from 'zod';
import { defineEvents, type EventsOf } from './catalog.ts';

export const projectSettingsSchema = z.object({
  isResultEditable: z.boolean(),
  /** Seconds; null = unlimited. */
  resultEditLimit: z.number().int().positive().nullable(),
  statusOrder: z.record(z.string(), z.number().int()),
  defaultStatus: z.number().int().positive().nullable(),
});
export type ProjectSettings = z.output<typeof projectSettingsSchema>;

export const DEFAULT_PROJECT_SETTINGS: ProjectSettings = {
  isResultEditable: true,
  resultEditLimit: 3_600,
  statusOrder: {},
  defaultStatus: null,
};

export const projectEvents = defineEvents({
  ProjectCreated: {
    version: 1,
    schema: z.object({
      projectId: z.number().int().positive(),
      name: z.string().min(1),
      description: z.string(),
      isPrivate: z.boolean(),
      isArchive: z.boolean(),
      settings: projectSettingsSchema,
      /** BlobStore key of the icon, or null. */
      icon: z.string().nullable(),
    }),
  },
  ProjectDetailsChanged: {
    version: 1,
    schema: z.object({ name: z.string().min(1).optional(), description: z.string().optional() }),
  },
  ProjectPrivacyChanged: { version: 1, schema: z.object({ isPrivate: z.boolean() }) },
  ProjectSettingsChanged: {
    version: 1,
    audit: { fieldsAfter: (data, before) => ({ ...before, settings: { ...(before?.settings as object), ...(data.settings as object) } }) },
    schema: z.object({ settings: projectSettingsSchema.partial() }),
  },
  ProjectIconChanged: { version: 1, schema: z.object({ icon: z.string().nullable() }) },
  ProjectArchived: { version: 1, schema: z.object({}) },
  ProjectRestored: { version: 1, audit: { action: 'restored' }, schema: z.object({}) },
  ProjectDeleted: { version: 1, schema: z.object({}) },
  /** Out of the trash, as it was when deleted. */
  ProjectRecovered: { version: 1, schema: z.object({}) },
  /** Out of the trash for good: the project and everything in it are gone from every view (the log keeps its history). */
  ProjectRemoved: { version: 1, schema: z.object({}) },
  /** The member's complete set of roles in the project; empty removes the member. */
  ProjectMemberRolesSet: {
    version: 1,
    audit: {
      action: 'members_changed',
      related: (data) => [{ type: 'user', id: Number(data.userId) }],
      // One field per member, so a diff names whose roles changed.
      fieldsAfter: (data, before) => ({ ...before, [`member ${String(data.userId)} roles`]: data.roleIds }),
    },
    schema: z.object({ userId: z.number().int().positive(), roleIds: z.array(z.number().int().positive()) }),
  },
});

export type ProjectEvent = EventsOf<typeof projectEvents>;
