import { z } from 'zod';
import { defineEvents, type EventsOf } from './catalog.ts';

/** Passed, Failed, Broken and Skipped, the system statuses (SYSTEM_STATUSES): an error is a broken test, not a failed check. */
const DEFAULT_IMPORT_STATUSES = { passed: 2, failed: 1, error: 4, skipped: 3 };

export const projectSettingsSchema = z.object({
  isResultEditable: z.boolean(),
  /** Seconds; null = unlimited. */
  resultEditLimit: z.number().int().positive().nullable(),
  statusOrder: z.record(z.string(), z.number().int()),
  defaultStatus: z.number().int().positive().nullable(),
  /** The status a test of an imported report gets for each outcome (import/junit/, import/allure/). */
  importStatuses: z
    .object({
      passed: z.number().int().positive(),
      failed: z.number().int().positive(),
      error: z.number().int().positive(),
      skipped: z.number().int().positive(),
    })
    .default(DEFAULT_IMPORT_STATUSES),
});
export type ProjectSettings = z.output<typeof projectSettingsSchema>;

export const DEFAULT_PROJECT_SETTINGS: ProjectSettings = {
  isResultEditable: true,
  resultEditLimit: 3_600,
  statusOrder: {},
  defaultStatus: null,
  importStatuses: DEFAULT_IMPORT_STATUSES,
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
